import SignInCrypto
import Testing

@testable import SignInWebAuthn

@Suite("WebAuthn registration: what a relying party accepts, and each forgery it refuses")
struct RegistrationTests {
    typealias T = TestAuthenticator
    let rp = T.relyingParty
    let challenge = T.challenge(1)

    func verify(_ response: (clientDataJSON: [UInt8], attestationObject: [UInt8]), challenge: [UInt8]? = nil)
        throws(WebAuthnFailure) -> VerifiedRegistration
    {
        try rp.verifyRegistration(
            clientDataJSON: response.clientDataJSON, attestationObject: response.attestationObject,
            expectedChallenge: challenge ?? self.challenge)
    }

    @Test("a registration and then assertions made by a software authenticator verify, none and packed self")
    func roundTrip() throws {
        for attestation in [T.Attestation.none, .packedSelf] {
            let authenticator = try T()
            let registration = try verify(authenticator.register(challenge: challenge, attestation: attestation))
            #expect(registration.credentialID == authenticator.credentialID)
            #expect(registration.publicKey == authenticator.publicKey)
            #expect(try COSEKey(encoded: registration.publicKey.encoded()) == authenticator.publicKey)
            #expect(registration.attestationFormat == (attestation == .none ? "none" : "packed"))
            #expect(registration.userVerified && registration.backupEligible && !registration.backedUp)
            #expect(registration.signCount == 0 && registration.aaguid == [UInt8](repeating: 0, count: 16))

            let signIn = T.challenge(2)
            let first = try authenticator.verify(
                authenticator.assert(challenge: signIn, signCount: 1), challenge: signIn, storedSignCount: 0)
            #expect(first.newSignCount == 1 && first.userVerified && first.backupEligible && !first.backedUp)
            let second = try authenticator.verify(
                authenticator.assert(challenge: T.challenge(3), signCount: 9), challenge: T.challenge(3),
                storedSignCount: first.newSignCount)
            #expect(second.newSignCount == 9)
        }
    }

    @Test("the builders write what the parsers read back")
    func buildersAndParsersAgree() throws {
        let authenticator = try T()
        let (clientData, attestationObject) = authenticator.register(challenge: challenge, attestation: .packedSelf)
        let json = String(decoding: clientData, as: UTF8.self)
        #expect(
            json == #"{"type":"webauthn.create","challenge":"\#(Base64URL.encode(challenge))","#
                + #""origin":"https://signin.example","crossOrigin":false}"#)
        let parsed = try AttestationObject(bytes: attestationObject)
        #expect(parsed.encoded() == attestationObject && parsed.format == "packed")
        let data = parsed.authenticatorData
        #expect(data.rpIDHash == SHA256.hash("signin.example") && data.signCount == 0)
        #expect(data.flags == [.userPresent, .userVerified, .backupEligible, .attestedCredentialData])
        #expect(try AuthenticatorData(bytes: data.rawBytes) == data)
        let withExtensions = AuthenticatorData(
            rpID: "a", flags: .userPresent, signCount: 7, extensions: .map([.text("credProtect"): .int(2)]))
        #expect(try AuthenticatorData(bytes: withExtensions.rawBytes) == withExtensions)
        #expect(withExtensions.flags == [.userPresent, .extensionData])
        let odd = CollectedClientData(type: "t", challenge: [1], origin: "a\"b\\c\u{01}é", topOrigin: "x")
        #expect(try CollectedClientData(json: odd.jsonBytes()) == odd)
        #expect(String(decoding: odd.jsonBytes(), as: UTF8.self).contains(#""a\"b\\c\u0001é""#))
    }

    @Test("a replayed or another request's challenge is refused, and so is an empty expected one")
    func challengeRefused() throws {
        let response = try T().register(challenge: challenge)
        #expect(throws: WebAuthnFailure.challengeMismatch) { try verify(response, challenge: T.challenge(9)) }
        #expect(throws: WebAuthnFailure.challengeMismatch) {
            try verify(response, challenge: challenge.dropLast() + [0])
        }
        #expect(throws: WebAuthnFailure.challengeMismatch) { try verify(response, challenge: []) }
        let empty = try T().register(challenge: [])
        #expect(throws: WebAuthnFailure.challengeMismatch) { try verify(empty, challenge: []) }
    }

    @Test("another origin is refused, a listed one of several accepted, and a cross-origin frame refused")
    func origin() throws {
        let authenticator = try T()
        for origin in ["https://evil.example", "https://signin.example.evil.example", "http://signin.example"] {
            #expect(throws: WebAuthnFailure.originMismatch) {
                try verify(authenticator.register(challenge: challenge, origin: origin))
            }
        }
        let app = try verify(authenticator.register(challenge: challenge, origin: "ios:bundle-id:example.signin"))
        #expect(app.credentialID == authenticator.credentialID)
        #expect(throws: WebAuthnFailure.originMismatch) {
            try verify(authenticator.register(challenge: challenge, crossOrigin: true))
        }
    }

    @Test("a credential scoped to another relying party id is refused")
    func rpID() throws {
        let response = try T().register(challenge: challenge, rpID: "evil.example")
        #expect(throws: WebAuthnFailure.rpIDMismatch) { try verify(response) }
    }

    @Test("an assertion's client data (webauthn.get) is not a registration")
    func typeSwapped() throws {
        let response = try T().register(challenge: challenge, type: CollectedClientData.getType)
        #expect(throws: WebAuthnFailure.wrongType) { try verify(response) }
    }

    @Test("without user presence refused; without verification refused only when required")
    func userFlags() throws {
        let authenticator = try T()
        #expect(throws: WebAuthnFailure.userNotPresent) {
            try verify(authenticator.register(challenge: challenge, flags: [.userVerified]))
        }
        let unverified = authenticator.register(challenge: challenge, flags: [.userPresent])
        #expect(throws: WebAuthnFailure.userNotVerified) { try verify(unverified) }
        var lenient = rp
        lenient.requiresUserVerification = false
        let registration = try lenient.verifyRegistration(
            clientDataJSON: unverified.clientDataJSON, attestationObject: unverified.attestationObject,
            expectedChallenge: challenge)
        #expect(!registration.userVerified)
    }

    @Test("packed self attestation signed by another key, or naming another alg, is refused")
    func packedSelfForged() throws {
        let authenticator = try T()
        let response = authenticator.register(
            challenge: challenge, attestation: .packedSelfSignedBy(try TestSigningKey.p256()))
        #expect(throws: WebAuthnFailure.badSignature) { try verify(response) }
        #expect(throws: WebAuthnFailure.unsupportedAlgorithm) {
            try verify(authenticator.register(challenge: challenge, attestation: .packedSelfAlgorithm(-257)))
        }
        // The statement covers the client data: a valid statement with other client data does not verify.
        let honest = authenticator.register(challenge: challenge, attestation: .packedSelf)
        let other = authenticator.register(challenge: challenge, origin: "ios:bundle-id:example.signin")
        #expect(throws: WebAuthnFailure.badSignature) {
            try verify((other.clientDataJSON, honest.attestationObject))
        }
    }

    @Test("packed with a certificate chain, fido-u2f and other formats are unsupported")
    func unsupportedAttestation() throws {
        let authenticator = try T()
        let (clientData, object) = authenticator.register(challenge: challenge, attestation: .packedSelf)
        let parsed = try AttestationObject(bytes: object)
        guard case .packedSelf(_, let signature) = parsed.statement else { throw WebAuthnFailure.malformed("") }
        let authData = parsed.authenticatorData.rawBytes
        let withChain: [CBOR.Value: CBOR.Value] = [
            .text("alg"): .int(-7), .text("sig"): .bytes(signature), .text("x5c"): .array([.bytes([0x30, 0x00])]),
        ]
        let u2f: [CBOR.Value: CBOR.Value] = [.text("sig"): .bytes(signature), .text("x5c"): .array([.bytes([0x30])])]
        let cases: [(String, [CBOR.Value: CBOR.Value])] = [
            ("packed", withChain),
            ("packed", [.text("alg"): .int(-7), .text("sig"): .bytes(signature), .text("ecdaaKeyId"): .bytes([1])]),
            ("fido-u2f", u2f), ("tpm", withChain), ("android-key", withChain), ("apple", withChain), ("None", [:]),
        ]
        for (format, statement) in cases {
            let forged = T.attestationObject(format: format, statement: statement, authData: authData)
            #expect(throws: WebAuthnFailure.unsupportedAttestation, "\(format)") { try verify((clientData, forged)) }
        }
    }

    @Test("a none attestation with a statement is malformed")
    func noneWithStatement() throws {
        let (clientData, object) = try T().register(challenge: challenge)
        let authData = try AttestationObject(bytes: object).authenticatorData.rawBytes
        let forged = T.attestationObject(format: "none", statement: [.text("sig"): .bytes([1])], authData: authData)
        #expect(throws: WebAuthnFailure.malformed("a none attestation with a statement")) {
            try verify((clientData, forged))
        }
    }

    @Test("RS256, EdDSA, P-384 and keys without alg are unsupported; a point off the curve is invalid")
    func unsupportedKeys() throws {
        let authenticator = try T()
        let (clientData, _) = authenticator.register(challenge: challenge)
        let x = authenticator.publicKey.publicKey.x
        let y = authenticator.publicKey.publicKey.y
        let keys: [[CBOR.Value: CBOR.Value]] = [
            [
                .int(1): .int(3), .int(3): .int(-257), .int(-1): .bytes([UInt8](repeating: 0xC1, count: 256)),
                .int(-2): .bytes([1, 0, 1]),
            ],
            [
                .int(1): .int(1), .int(3): .int(-8), .int(-1): .int(6),
                .int(-2): .bytes([UInt8](repeating: 3, count: 32)),
            ],
            [.int(1): .int(2), .int(3): .int(-7), .int(-1): .int(2), .int(-2): .bytes(x), .int(-3): .bytes(y)],
            [.int(1): .int(2), .int(3): .int(-35), .int(-1): .int(1), .int(-2): .bytes(x), .int(-3): .bytes(y)],
            [.int(1): .int(2), .int(-1): .int(1), .int(-2): .bytes(x), .int(-3): .bytes(y)],
        ]
        for key in keys {
            let authData = T.rawAuthenticatorData(keyBytes: CBOR.encode(.map(key)))
            let object = T.attestationObject(format: "none", statement: [:], authData: authData)
            #expect(throws: WebAuthnFailure.unsupportedAlgorithm, "\(key)") { try verify((clientData, object)) }
        }
        var offCurve = y
        offCurve[31] ^= 1
        let invalid: [[UInt8]] = [offCurve, Array(y.dropFirst()), [0] + y, [UInt8](repeating: 0xFF, count: 32)]
        for y in invalid {
            let key: [CBOR.Value: CBOR.Value] = [
                .int(1): .int(2), .int(3): .int(-7), .int(-1): .int(1), .int(-2): .bytes(x), .int(-3): .bytes(y),
            ]
            let authData = T.rawAuthenticatorData(keyBytes: CBOR.encode(.map(key)))
            let object = T.attestationObject(format: "none", statement: [:], authData: authData)
            #expect(throws: WebAuthnFailure.invalidPublicKey) { try verify((clientData, object)) }
        }
    }

    @Test("credential ids shorter than 16 or longer than 1023 bytes are refused")
    func credentialIDLength() throws {
        let authenticator = try T()
        #expect(throws: WebAuthnFailure.malformed("the credential id is shorter than 16 bytes")) {
            try verify(authenticator.register(challenge: challenge, credentialID: [UInt8](repeating: 1, count: 15)))
        }
        for length in [16, 1023] {
            let id = [UInt8](repeating: 1, count: length)
            #expect(try verify(authenticator.register(challenge: challenge, credentialID: id)).credentialID == id)
        }
        #expect(throws: WebAuthnFailure.malformed("the credential id is longer than 1023 bytes or than the data")) {
            try verify(authenticator.register(challenge: challenge, credentialID: [UInt8](repeating: 1, count: 1024)))
        }
    }

    @Test("authenticator data whose AT or ED flag does not match its content, or with trailing bytes, is malformed")
    func flagsAndContent() throws {
        let authenticator = try T()
        let key = authenticator.publicKey.encoded()
        let extensions = CBOR.encode(.map([.text("credProtect"): .int(1)]))
        let shapes: [[UInt8]] = [
            T.rawAuthenticatorData(flags: 0x05, keyBytes: key),  // AT missing
            T.rawAuthenticatorData(flags: 0xC5, keyBytes: key),  // ED set, no extensions
            T.rawAuthenticatorData(flags: 0x45, keyBytes: key, tail: extensions),  // extensions, ED missing
            T.rawAuthenticatorData(flags: 0xC5, keyBytes: key, tail: CBOR.encode(.array([]))),  // ED not a map
            T.rawAuthenticatorData(flags: 0x45, keyBytes: key, tail: [0x00]),  // trailing byte
            T.rawAuthenticatorData(flags: 0x55, keyBytes: key),  // BS without BE
            T.rawAuthenticatorData(flags: 0x45, keyBytes: Array(key.dropLast())),  // key cut short
            Array(SHA256.hash("signin.example") + [0x45, 0, 0, 0]),  // shorter than 37 bytes
            Array(SHA256.hash("signin.example") + [0x45, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 17)),
        ]
        let clientData = authenticator.register(challenge: challenge).clientDataJSON
        for authData in shapes {
            let object = T.attestationObject(format: "none", statement: [:], authData: authData)
            #expect(throws: WebAuthnFailure.self) { try AttestationObject(bytes: object) }
            let error = #expect(throws: WebAuthnFailure.self) { try verify((clientData, object)) }
            #expect(error?.kind == .malformed, "\(authData)")
        }
        let withExtensions = T.rawAuthenticatorData(flags: 0xC5, keyBytes: key, tail: extensions)
        #expect(try AuthenticatorData(bytes: withExtensions).extensions == .map([.text("credProtect"): .int(1)]))
    }

    @Test("malformed attestation objects and client data are refused as malformed, never a crash")
    func malformed() throws {
        let authenticator = try T()
        let (clientData, object) = authenticator.register(challenge: challenge, attestation: .packedSelf)
        let badClientData: [String] = [
            "", "{}", "[]", #"{"type":"webauthn.create","challenge":"AA","origin":1}"#,
            #"{"type":"webauthn.create","challenge":"AA==","origin":"https://signin.example"}"#,
            #"{"type":"webauthn.create","challenge":"AA","origin":"https://signin.example","crossOrigin":1}"#,
            #"{"type":"webauthn.create","challenge":"AA","origin":"https://signin.example","crossOrigin":"false"}"#,
        ]
        for json in badClientData {
            let error = #expect(throws: WebAuthnFailure.self, "\(json)") { try verify((Array(json.utf8), object)) }
            #expect(error?.kind == .malformed, "\(json)")
        }
        // Every truncation and every one-byte change of the attestation object is refused or still valid, never a
        // crash; a change inside the credential's bytes or signature is never accepted with packed attestation.
        for length in 0..<object.count {
            #expect(throws: WebAuthnFailure.self) { try verify((clientData, Array(object.prefix(length)))) }
        }
        var accepted = 0
        for index in object.indices {
            var changed = object
            changed[index] ^= 0x01
            if (try? verify((clientData, changed))) != nil { accepted += 1 }
        }
        // The packed statement's signature covers every byte of the authenticator data, and every other byte is
        // structure, fmt or the statement: no changed object is accepted.
        #expect(accepted == 0)
    }
}

extension TestAuthenticator.Attestation: Equatable {
    static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.none, .none), (.packedSelf, .packedSelf): true
        case (.packedSelfAlgorithm(let x), .packedSelfAlgorithm(let y)): x == y
        default: false
        }
    }
}
