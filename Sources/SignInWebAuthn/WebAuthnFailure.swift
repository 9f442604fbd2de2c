/// Why a relying party refused a registration or an assertion, or could not check it.
///
/// Each case belongs to one ``Kind``, whose raw values are those of the Domain's `PasskeyRejection` (plus
/// ``Kind/unavailable``, which is not a rejection), so that a caller maps a failure with
/// `PasskeyRejection(rawValue: failure.kind.rawValue)` and treats `nil` as its own server-side error.
public enum WebAuthnFailure: Error, Sendable, Hashable {
    /// The data is not well formed: bad CBOR or JSON, a missing or mistyped field, wrong lengths, flags that do not
    /// match the content. The text says what, for logs.
    case malformed(String)
    /// The client data's `type` is not the ceremony's (`webauthn.create` for a registration, `webauthn.get` for an
    /// assertion): a response made for the other ceremony.
    case wrongType
    /// The client data's challenge is not the one this relying party issued (replayed, or for another request).
    case challengeMismatch
    /// The client data's origin is not one of the relying party's, or the ceremony ran in a cross-origin frame.
    case originMismatch
    /// The authenticator data's `rpIdHash` is not the SHA-256 of the relying party id.
    case rpIDMismatch
    /// The authenticator did not report the user present (UP flag).
    case userNotPresent
    /// The relying party requires user verification and the authenticator did not report it (UV flag).
    case userNotVerified
    /// The credential's key is not an ES256 P-256 key (an RSA, EdDSA or other COSE key or algorithm).
    case unsupportedAlgorithm
    /// The credential's key claims ES256 on P-256 but its coordinates are not 32 bytes or its point is not on the
    /// curve.
    case invalidPublicKey
    /// An attestation statement this relying party does not check: `packed` with a certificate chain, or a format
    /// other than `none` and `packed` (`fido-u2f`, `tpm`, `android-key`, `apple`…).
    case unsupportedAttestation
    /// A signature (the assertion's, or a packed self attestation's) does not verify with the credential's key.
    case badSignature
    /// The signature counter did not grow: the authenticator may have been cloned.
    case counterWentBack
    /// The assertion is for another credential than the stored one it is checked against.
    case credentialMismatch
    /// No library in this process can check signatures: nothing was decided, and nothing may be accepted.
    case signatureCheckUnavailable

    /// The group a failure belongs to, named as the Domain's `PasskeyRejection` names its cases.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The challenge is not the one issued.
        case challengeExpired
        /// Another site's or app's proof (origin, relying party id).
        case wrongRelyingParty
        /// A signature that does not verify, or a proof of another credential.
        case badSignature
        /// The counter went back.
        case clonedAuthenticator
        /// The user was not present or not verified.
        case userNotVerified
        /// An algorithm, key or attestation this relying party does not take.
        case unsupported
        /// Data that is not well formed.
        case malformed
        /// Nothing could be checked (no signature library): a server error, not the client's fault.
        case unavailable
    }

    /// The group of this failure.
    public var kind: Kind {
        switch self {
        case .malformed, .wrongType: .malformed
        case .challengeMismatch: .challengeExpired
        case .originMismatch, .rpIDMismatch: .wrongRelyingParty
        case .userNotPresent, .userNotVerified: .userNotVerified
        case .unsupportedAlgorithm, .invalidPublicKey, .unsupportedAttestation: .unsupported
        case .badSignature, .credentialMismatch: .badSignature
        case .counterWentBack: .clonedAuthenticator
        case .signatureCheckUnavailable: .unavailable
        }
    }

    /// A short text for logs, in English. It never holds the client's data beyond the name of what was wrong.
    public var reason: String {
        switch self {
        case .malformed(let what): what
        case .wrongType: "the client data is for the other ceremony"
        case .challengeMismatch: "the challenge is not the one issued"
        case .originMismatch: "the origin is not this relying party's"
        case .rpIDMismatch: "the authenticator data is for another relying party id"
        case .userNotPresent: "the user was not present"
        case .userNotVerified: "the user was not verified"
        case .unsupportedAlgorithm: "the credential's key is not ES256 on P-256"
        case .invalidPublicKey: "the credential's public key is not a P-256 point"
        case .unsupportedAttestation: "an attestation format this relying party does not check"
        case .badSignature: "the signature does not verify"
        case .counterWentBack: "the signature counter did not grow"
        case .credentialMismatch: "the assertion is for another credential"
        case .signatureCheckUnavailable: "no library can check signatures here"
        }
    }
}
