/// A registration's attestation object (WebAuthn Level 3 §6.5.4): the authenticator data with the new credential and
/// the authenticator's statement about it.
///
/// Only two statements are accepted: `none` (an empty statement), and `packed` self attestation (§8.2: `alg` and
/// `sig`, signed by the credential's own key). A `packed` statement with a certificate chain (`x5c`) and every other
/// format (`fido-u2f`, `tpm`, `android-key`, `android-safetynet`, `apple`…) are refused as
/// ``WebAuthnFailure/unsupportedAttestation``: this relying party trusts no authenticator vendor's certificates, so it
/// does not pretend to check them.
public struct AttestationObject: Sendable, Hashable {
    /// An attestation statement this relying party takes.
    public enum Statement: Sendable, Hashable {
        /// Format `none`: no statement.
        case none
        /// Format `packed`, self attestation: a DER signature by the credential's key, of COSE algorithm `algorithm`,
        /// over the authenticator data and the client data's hash.
        case packedSelf(algorithm: Int, signature: [UInt8])

        /// The format's name: `none` or `packed`.
        public var format: String {
            switch self {
            case .none: "none"
            case .packedSelf: "packed"
            }
        }
    }

    /// The authenticator's statement.
    public let statement: Statement
    /// The authenticator data, with the new credential.
    public let authenticatorData: AuthenticatorData

    /// The format's name: `none` or `packed`.
    public var format: String { statement.format }

    /// Reads an attestation object.
    /// - Parameter bytes: The CBOR map `{fmt, attStmt, authData}`, nothing after it.
    /// - Throws: ``WebAuthnFailure/malformed(_:)`` for data that is not well formed (a `none` statement that is not
    ///   empty included), ``WebAuthnFailure/unsupportedAttestation`` for a format or statement not taken, and the
    ///   failures of ``AuthenticatorData/init(bytes:)``. The statement's signature is checked by
    ///   ``verifyStatement(clientDataJSON:)``, not here.
    public init(bytes: [UInt8]) throws(WebAuthnFailure) {
        let value: CBOR.Value
        do throws(CBOR.DecodingError) {
            value = try CBOR.decode(bytes)
        } catch {
            throw .malformed("the attestation object: \(error.reason)")
        }
        guard let map = value.mapValue, let format = map[.text("fmt")]?.textValue,
            let statement = map[.text("attStmt")]?.mapValue, let authData = map[.text("authData")]?.bytesValue
        else { throw .malformed("the attestation object lacks fmt, attStmt or authData") }
        switch format {
        case "none":
            guard statement.isEmpty else { throw .malformed("a none attestation with a statement") }
            self.statement = .none
        case "packed":
            // Anything but alg and sig (a certificate chain x5c, ECDAA's ecdaaKeyId) is not self attestation.
            let selfAttestationKeys: Set<CBOR.Value> = [.text("alg"), .text("sig")]
            guard selfAttestationKeys.isSuperset(of: statement.keys) else { throw .unsupportedAttestation }
            guard let algorithm = statement[.text("alg")]?.intValue, let signature = statement[.text("sig")]?.bytesValue
            else { throw .malformed("a packed attestation without an integer alg and a byte string sig") }
            self.statement = .packedSelf(algorithm: algorithm, signature: signature)
        default:
            throw .unsupportedAttestation
        }
        authenticatorData = try AuthenticatorData(bytes: authData)
        guard authenticatorData.attestedCredentialData != nil else {
            throw .malformed("the attestation's authenticator data has no credential")
        }
    }

    /// An attestation object to encode, as an authenticator makes it.
    /// - Parameters:
    ///   - authenticatorData: The authenticator data, with the new credential.
    ///   - statement: The statement: ``Statement/none``, or ``Statement/packedSelf(algorithm:signature:)`` with the
    ///     credential key's DER signature over ``WebAuthnSignature/signedBytes(authenticatorData:clientDataJSON:)``.
    public init(authenticatorData: AuthenticatorData, statement: Statement) {
        self.authenticatorData = authenticatorData
        self.statement = statement
    }

    /// The canonical CBOR encoding: `{"fmt": …, "attStmt": …, "authData": …}`.
    public func encoded() -> [UInt8] {
        let statementMap: [CBOR.Value: CBOR.Value] =
            switch statement {
            case .none: [:]
            case .packedSelf(let algorithm, let signature):
                [.text("alg"): .int(algorithm), .text("sig"): .bytes(signature)]
            }
        return CBOR.encode(
            .map([
                .text("fmt"): .text(format), .text("attStmt"): .map(statementMap),
                .text("authData"): .bytes(authenticatorData.rawBytes),
            ]))
    }

    /// Checks the statement: nothing for `none`; for packed self attestation, that `alg` is the credential key's and
    /// `sig` verifies with that key over the authenticator data and the SHA-256 of `clientDataJSON`.
    /// - Parameter clientDataJSON: The registration's client data, as the client sent it.
    /// - Throws: ``WebAuthnFailure/unsupportedAlgorithm`` when `alg` is not the key's, ``WebAuthnFailure/badSignature``
    ///   when the signature does not verify, ``WebAuthnFailure/signatureCheckUnavailable`` when it cannot be checked.
    public func verifyStatement(clientDataJSON: [UInt8]) throws(WebAuthnFailure) {
        guard case .packedSelf(let algorithm, let signature) = statement else { return }
        guard let credential = authenticatorData.attestedCredentialData else {
            throw .malformed("the attestation's authenticator data has no credential")
        }
        guard algorithm == credential.publicKey.algorithm else { throw .unsupportedAlgorithm }
        let message = WebAuthnSignature.signedBytes(
            authenticatorData: authenticatorData.rawBytes, clientDataJSON: clientDataJSON)
        try WebAuthnSignature.verify(derSignature: signature, message: message, key: credential.publicKey)
    }
}
