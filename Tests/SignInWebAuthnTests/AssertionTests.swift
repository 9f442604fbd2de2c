import SignInCrypto
import Testing

@testable import SignInWebAuthn

@Suite("WebAuthn assertions: each forgery, replay and clone refused")
struct AssertionTests {
    typealias T = TestAuthenticator
    let challenge = T.challenge(7)

    @Test("a valid assertion verifies, and an authenticator that does not count (0 then 0) is accepted")
    func valid() throws {
        let authenticator = try T()
        let result = try authenticator.verify(
            authenticator.assert(challenge: challenge, signCount: 42), challenge: challenge, storedSignCount: 41)
        #expect(result.newSignCount == 42 && result.userVerified)
        let uncounted = try authenticator.verify(
            authenticator.assert(challenge: challenge, signCount: 0), challenge: challenge, storedSignCount: 0)
        #expect(uncounted.newSignCount == 0)
    }

    @Test("an assertion over another challenge than the one expected is refused (single use is the caller's state)")
    func challengeRefused() throws {
        let authenticator = try T()
        let response = authenticator.assert(challenge: challenge, signCount: 5)
        #expect(throws: WebAuthnFailure.challengeMismatch) {
            try authenticator.verify(response, challenge: T.challenge(8), storedSignCount: 4)
        }
        #expect(throws: WebAuthnFailure.challengeMismatch) {
            try authenticator.verify(response, challenge: [], storedSignCount: 4)
        }
    }

    @Test("an origin that only looks the same (canonically equivalent text, the Kelvin sign for K) is refused")
    func lookalikeOrigin() throws {
        let authenticator = try T()
        let party = RelyingParty(id: T.rpID, origins: ["https://Kiosk.example"], requiresUserVerification: true)
        let response = authenticator.assert(challenge: challenge, origin: "https://\u{212A}iosk.example", signCount: 5)
        #expect(throws: WebAuthnFailure.originMismatch) {
            try authenticator.verify(response, challenge: challenge, storedSignCount: 4, relyingParty: party)
        }
        // The same origin, byte for byte, is taken: the refusal is the lookalike's.
        let genuine = authenticator.assert(challenge: challenge, origin: "https://Kiosk.example", signCount: 5)
        _ = try authenticator.verify(genuine, challenge: challenge, storedSignCount: 4, relyingParty: party)
    }

    @Test("another origin, or another relying party id, is refused")
    func relyingParty() throws {
        let authenticator = try T()
        #expect(throws: WebAuthnFailure.originMismatch) {
            try authenticator.verify(
                authenticator.assert(challenge: challenge, origin: "https://evil.example", signCount: 5),
                challenge: challenge, storedSignCount: 4)
        }
        #expect(throws: WebAuthnFailure.rpIDMismatch) {
            try authenticator.verify(
                authenticator.assert(challenge: challenge, rpID: "evil.example", signCount: 5), challenge: challenge,
                storedSignCount: 4)
        }
        // The same response, checked by a relying party of another id, is refused too.
        let response = authenticator.assert(challenge: challenge, signCount: 5)
        let other = RelyingParty(id: "other.example", origins: [T.origin], requiresUserVerification: true)
        #expect(throws: WebAuthnFailure.rpIDMismatch) {
            try authenticator.verify(response, challenge: challenge, storedSignCount: 4, relyingParty: other)
        }
    }

    @Test("a registration's client data (webauthn.create) is not an assertion")
    func typeSwapped() throws {
        let authenticator = try T()
        let response = authenticator.assert(challenge: challenge, type: CollectedClientData.createType, signCount: 5)
        #expect(throws: WebAuthnFailure.wrongType) {
            try authenticator.verify(response, challenge: challenge, storedSignCount: 4)
        }
    }

    @Test("without user presence refused; without verification refused only when required")
    func userFlags() throws {
        let authenticator = try T()
        #expect(throws: WebAuthnFailure.userNotPresent) {
            try authenticator.verify(
                authenticator.assert(challenge: challenge, flags: [.userVerified], signCount: 5), challenge: challenge,
                storedSignCount: 4)
        }
        let unverified = authenticator.assert(challenge: challenge, flags: [.userPresent], signCount: 5)
        #expect(throws: WebAuthnFailure.userNotVerified) {
            try authenticator.verify(unverified, challenge: challenge, storedSignCount: 4)
        }
        var lenient = T.relyingParty
        lenient.requiresUserVerification = false
        let result = try authenticator.verify(
            unverified, challenge: challenge, storedSignCount: 4, relyingParty: lenient)
        #expect(!result.userVerified)
    }

    @Test("a signature by another key, over other data, or not a signature at all, is refused")
    func badSignature() throws {
        let authenticator = try T()
        let otherKey = try TestSigningKey.p256()
        let cases = [
            authenticator.assert(challenge: challenge, signCount: 5, signer: otherKey),
            authenticator.assert(
                challenge: challenge, signCount: 5,
                signedClientData: CollectedClientData(
                    type: CollectedClientData.getType, challenge: T.challenge(99), origin: T.origin
                ).jsonBytes()),
        ]
        for response in cases {
            #expect(throws: WebAuthnFailure.badSignature) {
                try authenticator.verify(response, challenge: challenge, storedSignCount: 4)
            }
        }
        let valid = authenticator.assert(challenge: challenge, signCount: 5)
        // The authenticator data of another assertion (a higher counter) under this one's signature.
        let otherData = authenticator.assert(challenge: challenge, signCount: 6).authenticatorData
        let raw = try #require(ECDSARaw(der: valid.signature))
        let tampered: [[UInt8]] = [
            [], [0x30, 0x00], Array(valid.signature.dropLast()), valid.signature + [0],
            raw.flipped,  // a valid DER encoding of another (r, s)
            raw.r + raw.s,  // the right signature in JWS's form, not DER
        ]
        #expect(throws: WebAuthnFailure.badSignature) {
            try authenticator.verify(
                (valid.clientDataJSON, otherData, valid.signature), challenge: challenge, storedSignCount: 4)
        }
        for signature in tampered {
            #expect(throws: WebAuthnFailure.badSignature) {
                try authenticator.verify(
                    (valid.clientDataJSON, valid.authenticatorData, signature), challenge: challenge,
                    storedSignCount: 4)
            }
        }
        #expect(try authenticator.verify(valid, challenge: challenge, storedSignCount: 4).newSignCount == 5)
    }

    @Test("a counter that goes back, or stays equal and non-zero, is a cloned authenticator")
    func counter() throws {
        let authenticator = try T()
        for (received, stored): (UInt32, UInt32) in [(4, 5), (5, 5), (0, 5), (1, UInt32.max)] {
            #expect(throws: WebAuthnFailure.counterWentBack, "\(received) after \(stored)") {
                try authenticator.verify(
                    authenticator.assert(challenge: challenge, signCount: received), challenge: challenge,
                    storedSignCount: stored)
            }
        }
        #expect(WebAuthnFailure.counterWentBack.kind == .clonedAuthenticator)
    }

    @Test("an assertion of another credential is refused, even by the right key")
    func otherCredential() throws {
        let authenticator = try T()
        let response = authenticator.assert(challenge: challenge, signCount: 5)
        let other = try T(idByte: 2)
        #expect(throws: WebAuthnFailure.credentialMismatch) {
            try authenticator.verify(
                response, challenge: challenge, storedSignCount: 4, presentedID: other.credentialID)
        }
        #expect(throws: WebAuthnFailure.credentialMismatch) {
            try authenticator.verify(
                response, challenge: challenge, storedSignCount: 4, presentedID: authenticator.credentialID.dropLast())
        }
        // Another credential's stored key does not verify this credential's signature.
        #expect(throws: WebAuthnFailure.badSignature) {
            try T.relyingParty.verifyAssertion(
                credentialID: authenticator.credentialID, clientDataJSON: response.clientDataJSON,
                authenticatorData: response.authenticatorData, signature: response.signature,
                expectedChallenge: challenge, storedCredentialID: authenticator.credentialID,
                publicKey: other.publicKey, storedSignCount: 4)
        }
    }

    @Test("an assertion carrying attested credential data is malformed")
    func attestedDataInAssertion() throws {
        let authenticator = try T()
        let clientData = CollectedClientData(type: CollectedClientData.getType, challenge: challenge, origin: T.origin)
            .jsonBytes()
        let authData = AuthenticatorData(
            rpID: T.rpID, flags: [.userPresent, .userVerified], signCount: 5,
            attestedCredentialData: .init(credentialID: authenticator.credentialID, publicKey: authenticator.publicKey)
        ).rawBytes
        let signature = authenticator.sign(
            WebAuthnSignature.signedBytes(authenticatorData: authData, clientDataJSON: clientData))
        #expect(throws: WebAuthnFailure.malformed("an assertion with attested credential data")) {
            try authenticator.verify((clientData, authData, signature), challenge: challenge, storedSignCount: 4)
        }
    }

    @Test("each failure belongs to the Domain rejection its kind names")
    func kinds() {
        let expected: [WebAuthnFailure: WebAuthnFailure.Kind] = [
            .malformed("x"): .malformed, .wrongType: .malformed, .challengeMismatch: .challengeExpired,
            .originMismatch: .wrongRelyingParty, .rpIDMismatch: .wrongRelyingParty, .userNotPresent: .userNotVerified,
            .userNotVerified: .userNotVerified, .unsupportedAlgorithm: .unsupported, .invalidPublicKey: .unsupported,
            .unsupportedAttestation: .unsupported, .badSignature: .badSignature, .credentialMismatch: .badSignature,
            .counterWentBack: .clonedAuthenticator, .signatureCheckUnavailable: .unavailable,
        ]
        for (failure, kind) in expected {
            #expect(failure.kind == kind && !failure.reason.isEmpty)
        }
        // The Domain's PasskeyRejection raw values, which this target cannot import.
        let domain = [
            "challengeExpired", "wrongRelyingParty", "badSignature", "clonedAuthenticator", "userNotVerified",
            "unsupported", "malformed",
        ]
        #expect(WebAuthnFailure.Kind.allCases.map(\.rawValue) == domain + ["unavailable"])
    }
}

/// A DER ECDSA signature taken apart, for tampering.
struct ECDSARaw {
    let r: [UInt8]
    let s: [UInt8]

    /// The r and s of a signature made by ``WebAuthnSignature/derEncoded(rawSignature:)``.
    init?(der: [UInt8]) {
        guard der.count > 8, der[0] == 0x30, der[2] == 0x02 else { return nil }
        let rLength = Int(der[3])
        guard der.count > 5 + rLength, der[4 + rLength] == 0x02 else { return nil }
        let sLength = Int(der[5 + rLength])
        func padded(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            let trimmed = Array(bytes.drop { $0 == 0 })
            return [UInt8](repeating: 0, count: max(0, 32 - trimmed.count)) + trimmed
        }
        r = padded(der[4..<4 + rLength])
        s = padded(der[(6 + rLength)..<(6 + rLength + sLength)])
    }

    /// The DER signature with r's last bit flipped.
    var flipped: [UInt8] {
        var other = r
        other[31] ^= 1
        return WebAuthnSignature.derEncoded(rawSignature: other + s) ?? []
    }
}
