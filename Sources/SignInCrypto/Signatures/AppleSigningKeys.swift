#if canImport(CryptoKit)
    import Foundation
    import Security

    /// `TestSigningKey`'s RSA keys on Apple platforms: an RSA 2048 key from `SecKeyCreateRandomKey`. For tests only.
    /// (Its P-256 keys are ``P256SigningKey``s, CryptoKit's here.)
    ///
    /// Type-checked in CI against stand-ins of both frameworks (`.ci/typecheck-apple`); never run there, as Linux has
    /// neither.
    enum AppleSigningKeys {
        /// A new RSA 2048 key: its modulus and exponent (read from the public key's PKCS#1 encoding) and the key.
        static func rsa2048() -> (modulus: [UInt8], exponent: [UInt8], key: any PlatformSigningKey)? {
            let attributes: [String: Any] = [
                kSecAttrKeyType as String: kSecAttrKeyTypeRSA,
                kSecAttrKeySizeInBits as String: 2048,
            ]
            var error: Unmanaged<CFError>?
            guard let privateKey = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
                error?.release()
                return nil
            }
            guard let publicKey = SecKeyCopyPublicKey(privateKey),
                let external = SecKeyCopyExternalRepresentation(publicKey, &error) as Data?,
                let numbers = DER.twoUnsignedIntegers(Array(external))
            else {
                error?.release()
                return nil
            }
            return (numbers.first, numbers.second, SecKeyRSASigner(key: privateKey))
        }
    }

    /// An RSA private key in Security, signing RS256.
    struct SecKeyRSASigner: PlatformSigningKey, @unchecked Sendable {
        // @unchecked Sendable: a SecKey is immutable once made, and Security's key operations are thread-safe.
        let key: SecKey

        func sign(_ message: [UInt8]) -> [UInt8]? {
            var error: Unmanaged<CFError>?
            guard
                let signature = SecKeyCreateSignature(
                    key, .rsaSignatureMessagePKCS1v15SHA256, Data(message) as CFData, &error) as Data?
            else {
                error?.release()
                return nil
            }
            return Array(signature)
        }
    }
#endif
