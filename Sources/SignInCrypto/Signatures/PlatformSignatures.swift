/// The one place that picks the library behind ``SignatureVerifier``, ``P256PublicKey``'s curve check and
/// `TestSigningKey`: CryptoKit and Security on Apple platforms, the system's OpenSSL elsewhere. Inputs arrive checked
/// (lengths, the range of r and s); each function only asks the library.
enum PlatformSignatures {
    /// Throws unless a library can check signatures in this process.
    static func requireAvailable() throws(SignatureCheckUnavailable) {
        #if !canImport(CryptoKit)
            guard LibCryptoSignatures.shared != nil else { throw .noPlatformCrypto }
        #endif
    }

    /// RSASSA-PKCS1-v1_5 with SHA-256; `signature` is as long as the modulus.
    static func verifyRSA(signature: [UInt8], message: [UInt8], key: RSAPublicKey)
        throws(SignatureCheckUnavailable) -> Bool
    {
        #if canImport(CryptoKit)
            return AppleSignatures.verifyRSA(signature: signature, message: message, key: key)
        #else
            guard let library = LibCryptoSignatures.shared else { throw .noPlatformCrypto }
            return library.verifyRSA(
                signature: signature, message: message, modulus: key.modulus, exponent: key.exponent)
        #endif
    }

    /// ECDSA P-256 with SHA-256 over `r || s`, both already in [1, n-1].
    static func verifyP256(rawSignature: [UInt8], message: [UInt8], key: P256PublicKey)
        throws(SignatureCheckUnavailable) -> Bool
    {
        #if canImport(CryptoKit)
            return AppleSignatures.verifyP256(rawSignature: rawSignature, message: message, key: key)
        #else
            guard let library = LibCryptoSignatures.shared else { throw .noPlatformCrypto }
            return library.verifyP256(rawSignature: rawSignature, message: message, x: key.x, y: key.y)
        #endif
    }

    /// Whether (x, y), both 32 bytes and below p, is a point of P-256; `nil` when no library can tell.
    static func isOnCurve(x: [UInt8], y: [UInt8]) -> Bool? {
        #if canImport(CryptoKit)
            return AppleSignatures.isOnCurve(x: x, y: y)
        #else
            return LibCryptoSignatures.shared?.isOnCurve(x: x, y: y)
        #endif
    }
}
