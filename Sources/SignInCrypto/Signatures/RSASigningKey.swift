#if canImport(CryptoKit)
    import Foundation
    import Security
#endif

/// An RSA private key that signs with RSASSA-PKCS1-v1_5 and SHA-256 (RFC 8017 §8.2; JWS RS256): the key the
/// embedded backend signs ID tokens with when they must verify the way production's do, against published keys.
///
/// It is `package`: the embedded backend uses it, and no product exposes it. The key is made and used by the
/// platform's library: the system's OpenSSL 3 on Linux (the one ``SignatureVerifier`` loads), Security's `SecKey` on
/// Apple platforms. It is kept as its PKCS#1 `RSAPrivateKey` DER encoding (``pkcs1``), which both libraries read and
/// write.
///
/// Copies share the library's key. Any number of threads may sign with one key at once.
package struct RSASigningKey: Sendable {
    /// The size of the keys ``generate()`` makes, in bits.
    package static let modulusBits = 2048

    /// The public key.
    package let publicKey: RSAPublicKey

    #if canImport(CryptoKit)
        private let key: SecKeyRSASigner
    #else
        private let key: LibCryptoSigningKey
    #endif

    /// A new 2048-bit key (exponent 65537) from the system's cryptographically secure generator.
    /// - Throws: ``RSASigningKeyError/noPlatformCrypto`` when no library can make one here.
    package static func generate() throws(RSASigningKeyError) -> RSASigningKey {
        #if canImport(CryptoKit)
            let attributes: [String: Any] = [
                kSecAttrKeyType as String: kSecAttrKeyTypeRSA, kSecAttrKeySizeInBits as String: modulusBits,
            ]
            var error: Unmanaged<CFError>?
            guard let made = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
                error?.release()
                throw .noPlatformCrypto
            }
            return try RSASigningKey(key: SecKeyRSASigner(key: made))
        #else
            guard let library = LibCryptoSignatures.shared, let made = library.generateRSAKey(bits: Int32(modulusBits))
            else { throw .noPlatformCrypto }
            return try RSASigningKey(key: LibCryptoSigningKey(key: made, library: library))
        #endif
    }

    /// The key whose PKCS#1 `RSAPrivateKey` DER encoding is `der`, as ``pkcs1`` gives it.
    /// - Throws: ``RSASigningKeyError/invalidPrivateKey`` when the bytes are not such a key, or its modulus is outside
    ///   what ``RSAPublicKey`` accepts; ``RSASigningKeyError/noPlatformCrypto`` when no library can use keys here.
    package init(pkcs1 der: [UInt8]) throws(RSASigningKeyError) {
        #if canImport(CryptoKit)
            let attributes: [String: Any] = [
                kSecAttrKeyType as String: kSecAttrKeyTypeRSA, kSecAttrKeyClass as String: kSecAttrKeyClassPrivate,
            ]
            var error: Unmanaged<CFError>?
            guard let made = SecKeyCreateWithData(Data(der) as CFData, attributes as CFDictionary, &error) else {
                error?.release()
                throw .invalidPrivateKey
            }
            try self.init(key: SecKeyRSASigner(key: made))
        #else
            guard let library = LibCryptoSignatures.shared, library.signing != nil else { throw .noPlatformCrypto }
            guard let made = library.rsaKey(pkcs1: der) else { throw .invalidPrivateKey }
            try self.init(key: LibCryptoSigningKey(key: made, library: library))
        #endif
    }

    #if canImport(CryptoKit)
        private init(key: SecKeyRSASigner) throws(RSASigningKeyError) {
            var error: Unmanaged<CFError>?
            guard let publicKey = SecKeyCopyPublicKey(key.key),
                let external = SecKeyCopyExternalRepresentation(publicKey, &error) as Data?,
                let numbers = DER.twoUnsignedIntegers(Array(external)),
                let rsa = RSAPublicKey(modulus: numbers.first, exponent: numbers.second)
            else {
                error?.release()
                throw .invalidPrivateKey
            }
            self.publicKey = rsa
            self.key = key
        }
    #else
        private init(key: LibCryptoSigningKey) throws(RSASigningKeyError) {
            guard let numbers = key.library.rsaNumbers(of: key.key),
                let rsa = RSAPublicKey(modulus: numbers.modulus, exponent: numbers.exponent)
            else { throw .invalidPrivateKey }
            self.publicKey = rsa
            self.key = key
        }
    #endif

    /// The key's PKCS#1 `RSAPrivateKey` DER encoding: what ``init(pkcs1:)`` takes back. It holds the private key:
    /// keep it no longer than needed (to store it).
    /// - Throws: ``RSASigningKeyError/libraryFailed`` when the library could not give it.
    package var pkcs1: [UInt8] {
        get throws(RSASigningKeyError) {
            #if canImport(CryptoKit)
                var error: Unmanaged<CFError>?
                guard let external = SecKeyCopyExternalRepresentation(key.key, &error) as Data? else {
                    error?.release()
                    throw .libraryFailed
                }
                return Array(external)
            #else
                guard let der = key.library.privateKeyDER(of: key.key) else { throw .libraryFailed }
                return der
            #endif
        }
    }

    /// The RSASSA-PKCS1-v1_5 signature with SHA-256 of `message` (JWS RS256), as long as the modulus.
    /// - Throws: ``RSASigningKeyError/libraryFailed`` when the library failed to sign.
    package func signature(for message: [UInt8]) throws(RSASigningKeyError) -> [UInt8] {
        guard let signature = key.sign(message) else { throw .libraryFailed }
        return signature
    }
}

/// Why an ``RSASigningKey`` could not be made, read or used.
package enum RSASigningKeyError: Error, Sendable, Hashable {
    /// The bytes are not an RSA private key the package accepts.
    case invalidPrivateKey
    /// No library here can make or use RSA keys: on Linux the system's OpenSSL 3 is missing or lacks a function.
    case noPlatformCrypto
    /// The library failed with a valid key.
    case libraryFailed
}
