/// Public-key signature verification with the platform's cryptographic library: RS256 and ES256 of JWS (RFC 7518
/// §3.3 and §3.4).
///
/// On Linux the system's OpenSSL 3, loaded at run time as ``HashingImplementation`` loads it, and trusted only after it
/// gives the published answers of RFC 7515 appendices A.2 and A.3 (a valid and a tampered signature for each
/// algorithm); on Apple platforms Security (RSA) and CryptoKit (P-256). Checked in CI against Wycheproof's and NIST's
/// vectors and side by side with Python's `cryptography` (`Examples/crypto-vectors`).
///
/// Every function answers `true` only for a signature that verifies, and `false` for anything else, a malformed
/// signature included (a wrong length, r or s zero or not below the group order, an RSA signature not exactly as long
/// as the modulus or not below it): malformed input never traps. Each one throws only when no library can check
/// signatures in this process, whatever the input, so that such a deployment is noticed at the first call. They may
/// be called from any number of threads at once.
///
/// ## Topics
/// - ``verifyRSASSAPKCS1v15SHA256(signature:message:key:)``
/// - ``verifyECDSAP256SHA256(signature:message:key:)``
/// - ``verifyECDSAP256SHA256(derSignature:message:key:)``
public enum SignatureVerifier {
    /// Throws when no library can check signatures in this process: for a caller that must not accept something it
    /// could never check later (a passkey's public key, say), before it keeps it.
    /// - Throws: ``SignatureCheckUnavailable/noPlatformCrypto``.
    public static func requireAvailable() throws(SignatureCheckUnavailable) {
        try PlatformSignatures.requireAvailable()
    }

    /// Whether `signature` is an RSASSA-PKCS1-v1_5 signature with SHA-256 (RFC 8017 §8.2.2; JWS RS256) of `message`
    /// by `key`.
    /// - Parameters:
    ///   - signature: The signature: exactly as many bytes as the key's modulus, leading zero bytes included.
    ///   - message: The signed bytes (for a JWS, its signing input), hashed here.
    ///   - key: The signer's public key.
    /// - Returns: `true` when the signature verifies; `false` otherwise, for a signature of the wrong length too.
    /// - Throws: ``SignatureCheckUnavailable/noPlatformCrypto`` when no library can check signatures here.
    public static func verifyRSASSAPKCS1v15SHA256(signature: [UInt8], message: [UInt8], key: RSAPublicKey)
        throws(SignatureCheckUnavailable) -> Bool
    {
        try PlatformSignatures.requireAvailable()
        guard signature.count == key.modulus.count else { return false }
        return try PlatformSignatures.verifyRSA(signature: signature, message: message, key: key)
    }

    /// Whether `signature` is an ECDSA P-256 signature with SHA-256 (FIPS 186-4 §6.4; JWS ES256) of `message` by
    /// `key`, as JWS carries it: r || s, 32 bytes each (IEEE P1363).
    ///
    /// ECDSA accepts both s and n - s for the same r: a "high s" signature verifies, as the algorithm defines.
    /// - Parameters:
    ///   - signature: r || s, exactly 64 bytes; anything else is `false`.
    ///   - message: The signed bytes (for a JWS, its signing input), hashed here.
    ///   - key: The signer's public key.
    /// - Returns: `true` when the signature verifies; `false` otherwise, and when r or s is zero or not below n.
    /// - Throws: ``SignatureCheckUnavailable/noPlatformCrypto`` when no library can check signatures here.
    public static func verifyECDSAP256SHA256(signature: [UInt8], message: [UInt8], key: P256PublicKey)
        throws(SignatureCheckUnavailable) -> Bool
    {
        try PlatformSignatures.requireAvailable()
        guard signature.count == 2 * ECDSAP256.scalarLength else { return false }
        let r = Array(signature.prefix(ECDSAP256.scalarLength))
        let s = Array(signature.suffix(ECDSAP256.scalarLength))
        guard ECDSAP256.isValidScalar(r), ECDSAP256.isValidScalar(s) else { return false }
        return try PlatformSignatures.verifyP256(rawSignature: signature, message: message, key: key)
    }

    /// Whether `derSignature` is an ECDSA P-256 signature with SHA-256 of `message` by `key`, encoded as a DER
    /// ECDSA-Sig-Value (RFC 3279 §2.2.3), as X.509, TLS and most test-vector sets carry it.
    ///
    /// Only strict DER is read: a BER variant (a long-form length that could be short, an integer with a redundant
    /// leading byte, a negative integer, bytes after the sequence) is `false`, so that each signature has one encoding.
    /// - Parameters:
    ///   - derSignature: `SEQUENCE { r INTEGER, s INTEGER }` in DER.
    ///   - message: The signed bytes, hashed here.
    ///   - key: The signer's public key.
    /// - Returns: `true` when the signature verifies; `false` otherwise.
    /// - Throws: ``SignatureCheckUnavailable/noPlatformCrypto`` when no library can check signatures here.
    public static func verifyECDSAP256SHA256(derSignature: [UInt8], message: [UInt8], key: P256PublicKey)
        throws(SignatureCheckUnavailable) -> Bool
    {
        try PlatformSignatures.requireAvailable()
        guard let raw = ECDSAP256.rawSignature(fromDER: derSignature) else { return false }
        return try verifyECDSAP256SHA256(signature: raw, message: message, key: key)
    }
}
