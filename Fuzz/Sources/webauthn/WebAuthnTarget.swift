// Fuzz target `webauthn`: the input is what a passkey client sends a relying party, read by every parser of
// SignInWebAuthn (`CBOR.decode`, `COSEKey(encoded:)`, `AuthenticatorData(bytes:)`, `AttestationObject(bytes:)`,
// `CollectedClientData(json:)`), whole and field by field, and split into a response's fields (see
// `WebAuthnFixture.fields(of:)`) for `RelyingParty.verifyRegistration` and `verifyAssertion`, with a fixed challenge
// and a stored key whose private key nobody knows. Besides "no crash", each parser's promises are checked, and nothing
// may allocate more than a bounded multiple of what it reads (`AllocationMeter`).
import SignInCrypto
import SignInWebAuthn

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebAuthn(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    precondition(WebAuthnChecks.prepared)
    let input = fuzzInput(data, size)
    let fields = WebAuthnFixture.fields(of: input)
    var seen: Set<[UInt8]> = []
    for piece in [input] + fields where seen.insert(piece).inserted {
        WebAuthnChecks.parse(piece)
    }
    WebAuthnChecks.verifyRegistrations(fields, inputBytes: input.count)
    WebAuthnChecks.verifyAssertions(fields, inputBytes: input.count)
    return 0
}

enum WebAuthnChecks {
    /// Everything run once on a registration the library's builders make, before any input is measured: what the
    /// first call of a process allocates once (the JSON decoder's caches, loading and checking OpenSSL) is not what
    /// an input costs. The registration must verify, or the target's fixture is wrong and would test nothing.
    static let prepared: Bool = {
        let relyingParty = WebAuthnFixture.relyingParties[0]
        let credential = AuthenticatorData.AttestedCredentialData(
            credentialID: WebAuthnFixture.storedCredentialID, publicKey: WebAuthnFixture.storedKey)
        let authenticatorData = AuthenticatorData(
            rpID: relyingParty.id, flags: [.userPresent, .userVerified], signCount: 0,
            attestedCredentialData: credential)
        let clientData = CollectedClientData(
            type: CollectedClientData.createType, challenge: WebAuthnFixture.challenge,
            origin: relyingParty.origins[0]
        ).jsonBytes()
        let attestation = AttestationObject(authenticatorData: authenticatorData, statement: .none).encoded()
        guard
            (try? relyingParty.verifyRegistration(
                clientDataJSON: clientData, attestationObject: attestation,
                expectedChallenge: WebAuthnFixture.challenge)) != nil
        else { fatalError("the webauthn fuzz fixture's own registration does not verify") }
        AllocationMeter.withoutLimits {
            for piece in [clientData, attestation, authenticatorData.rawBytes, WebAuthnFixture.storedKey.encoded()] {
                parse(piece)
            }
            let signature = WebAuthnSignature.derEncoded(rawSignature: [UInt8](repeating: 1, count: 64)) ?? []
            verifyAssertions(
                [clientData, authenticatorData.rawBytes, signature, WebAuthnFixture.storedCredentialID],
                inputBytes: 0)
        }
        return true
    }()

    // MARK: - The parsers

    /// Every parser on `bytes`, and what each promises of what it accepts.
    static func parse(_ bytes: [UInt8]) {
        checkCBOR(bytes)
        checkCOSEKey(bytes)
        checkAuthenticatorData(bytes)
        checkAttestationObject(bytes)
        checkClientData(bytes)
    }

    /// `CBOR.decode` and `decodePrefix` agree; what `decode` accepts re-encodes canonically to as many bytes (heads
    /// must be in their shortest form and lengths definite, so only the order of map entries may differ), and the
    /// encoding decodes to the same value and re-encodes to the same bytes.
    static func checkCBOR(_ bytes: [UInt8]) {
        let decoded = allocationBounded("CBOR.decode", inputBytes: bytes.count) {
            Result { () throws(CBOR.DecodingError) in try CBOR.decode(bytes) }
        }
        let prefix = allocationBounded("CBOR.decodePrefix", inputBytes: bytes.count) {
            Result { () throws(CBOR.DecodingError) in try CBOR.decodePrefix(bytes[...]) }
        }
        switch (decoded, prefix) {
        case (.success(let value), .success(let (prefixValue, rest))):
            fuzzCheck(rest.isEmpty && prefixValue == value, "decodePrefix read a different value than decode")
        case (.failure(.trailingBytes), .success(let (value, rest))):
            fuzzCheck(!rest.isEmpty, "decode refused trailing bytes that decodePrefix did not leave")
            fuzzCheck(Array(bytes.suffix(rest.count)) == Array(rest), "decodePrefix's rest is not the input's end")
            let head = Array(bytes.prefix(bytes.count - rest.count))
            fuzzCheck((try? CBOR.decode(head)) == value, "the value decodePrefix read does not decode alone")
        case (.failure(let error), .failure(let prefixError)):
            fuzzCheck(error == prefixError, "decode refused with \(error), decodePrefix with \(prefixError)")
        default:
            fuzzFailure("decode and decodePrefix disagree: \(decoded) and \(prefix)")
        }
        guard case .success(let value) = decoded else { return }
        let encoded = CBOR.encode(value)
        fuzzCheck(
            encoded.count == bytes.count,
            "the canonical encoding of an accepted value has \(encoded.count) bytes, the input \(bytes.count)")
        guard let again = try? CBOR.decode(encoded) else { fuzzFailure("CBOR.decode refused CBOR.encode's output") }
        fuzzCheck(again == value, "a CBOR value changed through encode and decode")
        fuzzCheck(CBOR.encode(again) == encoded, "CBOR.encode is not stable through decode")
    }

    /// A key read re-encodes to a key that reads the same; only bytes that are no CBOR map are `malformed`.
    static func checkCOSEKey(_ bytes: [UInt8]) {
        let read = allocationBounded("COSEKey(encoded:)", inputBytes: bytes.count) {
            Result { () throws(WebAuthnFailure) in try COSEKey(encoded: bytes) }
        }
        switch read {
        case .success(let key):
            fuzzCheck(key.algorithm == COSEKey.es256, "a COSE key of algorithm \(key.algorithm)")
            fuzzCheck((try? COSEKey(encoded: key.encoded())) == key, "a COSE key changed through encoded()")
        case .failure(.malformed):
            fuzzCheck((try? CBOR.decode(bytes))?.mapValue == nil, "COSEKey called a CBOR map malformed")
        case .failure(.unsupportedAlgorithm), .failure(.invalidPublicKey):
            fuzzCheck((try? CBOR.decode(bytes))?.mapValue != nil, "COSEKey judged the key of what is not a map")
        case .failure(let failure):
            fuzzFailure("COSEKey(encoded:) threw \(failure)")
        }
    }

    /// Authenticator data read keeps the input as its bytes, and every field is where §6.1 puts it.
    static func checkAuthenticatorData(_ bytes: [UInt8]) {
        let read = allocationBounded("AuthenticatorData(bytes:)", inputBytes: bytes.count) {
            Result { () throws(WebAuthnFailure) in try AuthenticatorData(bytes: bytes) }
        }
        let data: AuthenticatorData
        switch read {
        case .success(let read): data = read
        case .failure(.malformed), .failure(.unsupportedAlgorithm), .failure(.invalidPublicKey): return
        case .failure(let failure): fuzzFailure("AuthenticatorData(bytes:) threw \(failure)")
        }
        fuzzCheck(data.rawBytes == bytes, "AuthenticatorData's rawBytes are not the bytes read")
        fuzzCheck(data.rpIDHash == Array(bytes[0..<32]), "the rpIdHash is not the first 32 bytes")
        fuzzCheck(data.flags.rawValue == bytes[32], "the flags are not byte 32")
        fuzzCheck(
            data.signCount == bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }, "the counter is not bytes 33-36")
        let flags = data.flags
        fuzzCheck(
            flags.contains(.backupEligible) || !flags.contains(.backedUp), "accepted BS without BE: \(flags.rawValue)")
        fuzzCheck(
            (data.attestedCredentialData != nil) == flags.contains(.attestedCredentialData),
            "attested credential data and the AT flag disagree (flags \(flags.rawValue))")
        fuzzCheck(
            (data.extensions != nil) == flags.contains(.extensionData),
            "extensions and the ED flag disagree (flags \(flags.rawValue))")
        fuzzCheck(data.extensions.map { $0.mapValue != nil } ?? true, "the extensions are not a map")
        var end = 37
        if let credential = data.attestedCredentialData {
            let length = Int(bytes[53]) << 8 | Int(bytes[54])
            fuzzCheck(credential.aaguid == Array(bytes[37..<53]), "the AAGUID is not bytes 37-52")
            fuzzCheck(
                length <= AuthenticatorData.maximumCredentialIDLength,
                "accepted a credential id of \(length) bytes")
            fuzzCheck(
                credential.credentialID == Array(bytes[55..<55 + length]),
                "the credential id is not where its length says")
            end = 55 + length
            if data.extensions == nil {
                fuzzCheck(
                    (try? COSEKey(encoded: Array(bytes[end...]))) == credential.publicKey,
                    "the credential key is not the rest of the data")
            }
        }
        if let extensions = data.extensions, data.attestedCredentialData == nil {
            fuzzCheck((try? CBOR.decode(bytes[end...])) == extensions, "the extensions are not the rest of the data")
        }
        if data.attestedCredentialData == nil, data.extensions == nil {
            fuzzCheck(bytes.count == 37, "accepted \(bytes.count) bytes of authenticator data with neither AT nor ED")
        }
        // What the builder makes of the same fields reads back as the same data.
        let built = AuthenticatorData(
            rpID: WebAuthnFixture.relyingParties[0].id, flags: flags, signCount: data.signCount,
            attestedCredentialData: data.attestedCredentialData, extensions: data.extensions)
        fuzzCheck(
            (try? AuthenticatorData(bytes: built.rawBytes)) == built,
            "authenticator data the builder made does not read back the same")
    }

    /// An attestation object read has a credential and a statement taken, and re-encodes to one that reads the same.
    static func checkAttestationObject(_ bytes: [UInt8]) {
        let read = allocationBounded("AttestationObject(bytes:)", inputBytes: bytes.count) {
            Result { () throws(WebAuthnFailure) in try AttestationObject(bytes: bytes) }
        }
        let attestation: AttestationObject
        switch read {
        case .success(let read): attestation = read
        case .failure(.malformed), .failure(.unsupportedAttestation), .failure(.unsupportedAlgorithm),
            .failure(.invalidPublicKey):
            return
        case .failure(let failure): fuzzFailure("AttestationObject(bytes:) threw \(failure)")
        }
        fuzzCheck(attestation.authenticatorData.attestedCredentialData != nil, "an attestation without a credential")
        guard let map = (try? CBOR.decode(bytes))?.mapValue, let statement = map[.text("attStmt")]?.mapValue else {
            fuzzFailure("an attestation object read from what is not a map with a map attStmt")
        }
        fuzzCheck(map[.text("fmt")] == .text(attestation.format), "the format is not fmt")
        fuzzCheck(
            map[.text("authData")] == .bytes(attestation.authenticatorData.rawBytes),
            "the authenticator data is not authData")
        switch attestation.statement {
        case .none:
            fuzzCheck(statement.isEmpty, "a none attestation with a statement")
        case .packedSelf(let algorithm, let signature):
            fuzzCheck(
                Set(statement.keys) == [.text("alg"), .text("sig")], "packed self attestation with other members")
            fuzzCheck(statement[.text("alg")]?.intValue == algorithm, "the algorithm is not alg")
            fuzzCheck(statement[.text("sig")] == .bytes(signature), "the signature is not sig")
        }
        fuzzCheck(
            (try? AttestationObject(bytes: attestation.encoded())) == attestation,
            "an attestation object changed through encoded()")
    }

    /// Client data read re-serializes (WebAuthn's own serialization) to client data that reads the same; everything
    /// refused is `malformed`.
    static func checkClientData(_ bytes: [UInt8]) {
        let read = allocationBounded("CollectedClientData(json:)", inputBytes: bytes.count) {
            Result { () throws(WebAuthnFailure) in try CollectedClientData(json: bytes) }
        }
        switch read {
        case .success(let clientData):
            fuzzCheck(
                (try? CollectedClientData(json: clientData.jsonBytes())) == clientData,
                "client data changed through jsonBytes()")
        case .failure(.malformed): break
        case .failure(let failure): fuzzFailure("CollectedClientData(json:) threw \(failure)")
        }
    }

    // MARK: - The relying party

    /// A registration: a `none` attestation needs no signature, so the fuzzer may make one that passes; then every
    /// check of §7.1 must hold of what it sent, and a `packed` statement's signature must verify on its own.
    static func verifyRegistrations(_ fields: [[UInt8]], inputBytes: Int) {
        let (clientDataJSON, attestationObject) = (fields[0], fields[1])
        var passedWithUserVerification = false
        for relyingParty in WebAuthnFixture.relyingParties {
            let result = allocationBounded("verifyRegistration", inputBytes: inputBytes) {
                Result { () throws(WebAuthnFailure) in
                    try relyingParty.verifyRegistration(
                        clientDataJSON: clientDataJSON, attestationObject: attestationObject,
                        expectedChallenge: WebAuthnFixture.challenge)
                }
            }
            switch result {
            case .success(let registration):
                checkRegistration(registration, by: relyingParty, clientDataJSON, attestationObject)
                passedWithUserVerification = passedWithUserVerification || relyingParty.requiresUserVerification
            case .failure(.counterWentBack), .failure(.credentialMismatch):
                fuzzFailure("verifyRegistration threw \(result), which only an assertion may")
            case .failure(.signatureCheckUnavailable):
                fuzzFailure("no signature library here: the target checks nothing")
            case .failure(let failure):
                fuzzCheck(
                    !passedWithUserVerification,
                    "a registration that passes with UV required fails without it: \(failure)")
            }
        }
    }

    private static func checkRegistration(
        _ registration: VerifiedRegistration, by relyingParty: RelyingParty, _ clientDataJSON: [UInt8],
        _ attestationObject: [UInt8]
    ) {
        guard let clientData = try? CollectedClientData(json: clientDataJSON) else {
            fuzzFailure("verifyRegistration accepted client data CollectedClientData refuses")
        }
        // Compared as bytes, as WebAuthn compares them: Swift's `==` on strings is canonical equivalence, under which
        // "K" (U+004B) and the Kelvin sign (U+212A) are equal.
        fuzzCheck(
            Array(clientData.type.utf8) == Array(CollectedClientData.createType.utf8),
            "a registration of type \(clientData.type)")
        fuzzCheck(clientData.challenge == WebAuthnFixture.challenge, "a registration for another challenge")
        fuzzCheck(
            relyingParty.origins.contains { Array($0.utf8) == Array(clientData.origin.utf8) },
            "a registration from origin \(clientData.origin)")
        fuzzCheck(!clientData.crossOrigin && clientData.topOrigin == nil, "a registration in a cross-origin frame")
        guard let attestation = try? AttestationObject(bytes: attestationObject),
            let credential = attestation.authenticatorData.attestedCredentialData
        else { fuzzFailure("verifyRegistration accepted an attestation object AttestationObject refuses") }
        let data = attestation.authenticatorData
        fuzzCheck(data.rpIDHash == SHA256.hash(relyingParty.id), "a registration for another relying party id")
        fuzzCheck(data.flags.contains(.userPresent), "a registration without UP")
        fuzzCheck(
            !relyingParty.requiresUserVerification || data.flags.contains(.userVerified),
            "a registration without UV where UV is required")
        fuzzCheck(
            (16...AuthenticatorData.maximumCredentialIDLength).contains(registration.credentialID.count),
            "a registration of a credential id of \(registration.credentialID.count) bytes")
        fuzzCheck(
            registration.credentialID == credential.credentialID && registration.publicKey == credential.publicKey
                && registration.aaguid == credential.aaguid,
            "the registered credential is not the attested one")
        fuzzCheck(
            registration.signCount == data.signCount && registration.userVerified == data.flags.contains(.userVerified)
                && registration.backupEligible == data.flags.contains(.backupEligible)
                && registration.backedUp == data.flags.contains(.backedUp),
            "the registration's counter or flags are not the authenticator data's")
        fuzzCheck(registration.attestationFormat == attestation.format, "the format is not the attestation's")
        if case .packedSelf(let algorithm, let signature) = attestation.statement {
            fuzzCheck(algorithm == COSEKey.es256, "a packed self attestation of algorithm \(algorithm)")
            let message = data.rawBytes + SHA256.hash(clientDataJSON)
            fuzzCheck(
                (try? SignatureVerifier.verifyECDSAP256SHA256(
                    derSignature: signature, message: message, key: credential.publicKey.publicKey)) == true,
                "a packed self attestation whose signature does not verify")
        }
    }

    /// An assertion by the stored credential, whose private key nobody knows: it must never pass. Nor may the
    /// counter be judged, which only happens after the signature verified.
    static func verifyAssertions(_ fields: [[UInt8]], inputBytes: Int) {
        for relyingParty in WebAuthnFixture.relyingParties {
            let result = allocationBounded("verifyAssertion", inputBytes: inputBytes) {
                Result { () throws(WebAuthnFailure) in
                    try relyingParty.verifyAssertion(
                        credentialID: fields[3], clientDataJSON: fields[0], authenticatorData: fields[1],
                        signature: fields[2], expectedChallenge: WebAuthnFixture.challenge,
                        storedCredentialID: WebAuthnFixture.storedCredentialID, publicKey: WebAuthnFixture.storedKey,
                        storedSignCount: WebAuthnFixture.storedSignCount)
                }
            }
            switch result {
            case .success(let assertion):
                fuzzFailure(
                    "verifyAssertion ACCEPTED an assertion by a key whose private key nobody knows "
                        + "(UV required: \(relyingParty.requiresUserVerification), \(assertion))")
            case .failure(.counterWentBack):
                fuzzFailure("verifyAssertion judged the counter of an assertion whose signature cannot verify")
            case .failure(.signatureCheckUnavailable):
                fuzzFailure("no signature library here: the target checks nothing")
            case .failure:
                break
            }
        }
    }
}
