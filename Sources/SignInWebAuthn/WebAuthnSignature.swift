import SignInCrypto

/// What WebAuthn signatures cover and how they are written: an assertion's and a packed attestation's signature is an
/// ECDSA P-256 SHA-256 signature, DER-encoded, over `authenticatorData || SHA-256(clientDataJSON)`.
public enum WebAuthnSignature {
    /// The bytes an authenticator signs: the authenticator data followed by the SHA-256 of the client data JSON.
    /// - Parameters:
    ///   - authenticatorData: The authenticator data's bytes.
    ///   - clientDataJSON: The client data's JSON bytes.
    public static func signedBytes(authenticatorData: [UInt8], clientDataJSON: [UInt8]) -> [UInt8] {
        authenticatorData + SHA256.hash(clientDataJSON)
    }

    /// The DER ECDSA-Sig-Value (RFC 3279 §2.2.3) of a signature given as r || s, for an authenticator whose signer
    /// gives the raw form (as JWS does).
    /// - Parameter raw: r || s, 32 bytes each.
    /// - Returns: `SEQUENCE { r INTEGER, s INTEGER }` in DER, or `nil` when `raw` is not 64 bytes.
    public static func derEncoded(rawSignature raw: [UInt8]) -> [UInt8]? {
        guard raw.count == 64 else { return nil }
        let content = derInteger(raw[..<32]) + derInteger(raw[32...])
        // At most 2 × 35 bytes: the short form of the length always suffices.
        return [0x30, UInt8(content.count)] + content
    }

    /// An unsigned INTEGER: leading zeros dropped, one zero put back when the top bit is set (or the value is 0).
    private static func derInteger(_ magnitude: ArraySlice<UInt8>) -> [UInt8] {
        var content = Array(magnitude.drop { $0 == 0 })
        if content.first.map({ $0 & 0x80 != 0 }) ?? true { content.insert(0, at: 0) }
        return [0x02, UInt8(content.count)] + content
    }

    /// Checks a DER signature by `key` over `message`, with the platform's library.
    /// - Throws: ``WebAuthnFailure/badSignature`` when it does not verify (a malformed signature included), and
    ///   ``WebAuthnFailure/signatureCheckUnavailable`` when nothing can check it here.
    static func verify(derSignature: [UInt8], message: [UInt8], key: COSEKey) throws(WebAuthnFailure) {
        let valid: Bool
        do throws(SignatureCheckUnavailable) {
            valid = try SignatureVerifier.verifyECDSAP256SHA256(
                derSignature: derSignature, message: message, key: key.publicKey)
        } catch {
            throw .signatureCheckUnavailable
        }
        guard valid else { throw .badSignature }
    }
}
