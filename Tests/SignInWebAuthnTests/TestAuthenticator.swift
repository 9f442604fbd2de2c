import SignInCrypto
import SignInWebAuthn
import Testing

/// A software authenticator and its client for the tests: one ES256 credential whose key is a ``TestSigningKey``,
/// making registrations and assertions with the target's builders. Each argument changes one thing of an otherwise
/// valid response, so that a test refusing it shows which check refused it.
struct TestAuthenticator {
    /// The relying party every valid response is for.
    static let relyingParty = RelyingParty(
        id: "signin.example", origins: ["https://signin.example", "ios:bundle-id:example.signin"],
        requiresUserVerification: true)
    static let rpID = "signin.example"
    static let origin = "https://signin.example"

    /// How a registration is attested.
    enum Attestation {
        /// Format `none`.
        case none
        /// Packed self attestation signed by the credential's key.
        case packedSelf
        /// Packed self attestation with another `alg`.
        case packedSelfAlgorithm(Int)
        /// Packed self attestation signed by another key.
        case packedSelfSignedBy(TestSigningKey)
    }

    let key: TestSigningKey
    let publicKey: COSEKey
    let credentialID: [UInt8]

    /// A new credential whose id is 32 bytes of `idByte`.
    init(idByte: UInt8 = 1) throws {
        key = try TestSigningKey.p256()
        publicKey = COSEKey(publicKey: try #require(key.p256PublicKey))
        credentialID = [UInt8](repeating: idByte, count: 32)
    }

    /// `message` signed by `signer` (by default the credential's key), DER-encoded as WebAuthn carries it.
    func sign(_ message: [UInt8], by signer: TestSigningKey? = nil) -> [UInt8] {
        WebAuthnSignature.derEncoded(rawSignature: (signer ?? key).sign(message)) ?? []
    }

    /// A registration response: `(clientDataJSON, attestationObject)`.
    func register(
        challenge: [UInt8], type: String = CollectedClientData.createType, origin: String = origin,
        crossOrigin: Bool = false, rpID: String = rpID,
        flags: AuthenticatorData.Flags = [.userPresent, .userVerified, .backupEligible], signCount: UInt32 = 0,
        credentialID: [UInt8]? = nil, attestation: Attestation = .none
    ) -> (clientDataJSON: [UInt8], attestationObject: [UInt8]) {
        let clientData = CollectedClientData(type: type, challenge: challenge, origin: origin, crossOrigin: crossOrigin)
            .jsonBytes()
        let credential = AuthenticatorData.AttestedCredentialData(
            credentialID: credentialID ?? self.credentialID, publicKey: publicKey)
        let authData = AuthenticatorData(
            rpID: rpID, flags: flags, signCount: signCount, attestedCredentialData: credential)
        let signed = WebAuthnSignature.signedBytes(authenticatorData: authData.rawBytes, clientDataJSON: clientData)
        let statement: AttestationObject.Statement =
            switch attestation {
            case .none: .none
            case .packedSelf: .packedSelf(algorithm: -7, signature: sign(signed))
            case .packedSelfAlgorithm(let algorithm): .packedSelf(algorithm: algorithm, signature: sign(signed))
            case .packedSelfSignedBy(let other): .packedSelf(algorithm: -7, signature: sign(signed, by: other))
            }
        return (clientData, AttestationObject(authenticatorData: authData, statement: statement).encoded())
    }

    /// An assertion response: `(clientDataJSON, authenticatorData, signature)`. `signedClientData`, when given, is
    /// the client data the signature covers instead of the one sent.
    func assert(
        challenge: [UInt8], type: String = CollectedClientData.getType, origin: String = origin, rpID: String = rpID,
        flags: AuthenticatorData.Flags = [.userPresent, .userVerified, .backupEligible], signCount: UInt32,
        signer: TestSigningKey? = nil, signedClientData: [UInt8]? = nil
    ) -> (clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8]) {
        let clientData = CollectedClientData(type: type, challenge: challenge, origin: origin).jsonBytes()
        let authData = AuthenticatorData(rpID: rpID, flags: flags, signCount: signCount).rawBytes
        let signed = WebAuthnSignature.signedBytes(
            authenticatorData: authData, clientDataJSON: signedClientData ?? clientData)
        return (clientData, authData, sign(signed, by: signer))
    }

    /// Checks an assertion with ``relyingParty`` against this credential as stored.
    func verify(
        _ response: (clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8]), challenge: [UInt8],
        storedSignCount: UInt32, presentedID: [UInt8]? = nil, relyingParty: RelyingParty = relyingParty
    ) throws(WebAuthnFailure) -> VerifiedAssertion {
        try relyingParty.verifyAssertion(
            credentialID: presentedID ?? credentialID, clientDataJSON: response.clientDataJSON,
            authenticatorData: response.authenticatorData, signature: response.signature,
            expectedChallenge: challenge, storedCredentialID: credentialID, publicKey: publicKey,
            storedSignCount: storedSignCount)
    }

    /// A fresh 32-byte challenge (distinct per `seed`; tests need no randomness).
    static func challenge(_ seed: UInt8) -> [UInt8] {
        SHA256.hash([seed])
    }

    /// Authenticator data with a credential whose key is the raw CBOR `keyBytes` (for keys the builder cannot make).
    static func rawAuthenticatorData(
        rpID: String = rpID, flags: UInt8 = 0x45, credentialID: [UInt8] = [UInt8](repeating: 1, count: 32),
        keyBytes: [UInt8], tail: [UInt8] = []
    ) -> [UInt8] {
        SHA256.hash(rpID) + [flags, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 16)
            + [UInt8(credentialID.count >> 8), UInt8(credentialID.count & 0xFF)] + credentialID + keyBytes + tail
    }

    /// An attestation object with any `fmt` and `attStmt`.
    static func attestationObject(format: String, statement: [CBOR.Value: CBOR.Value], authData: [UInt8]) -> [UInt8] {
        CBOR.encode(
            .map([.text("fmt"): .text(format), .text("attStmt"): .map(statement), .text("authData"): .bytes(authData)]))
    }
}
