#if canImport(CryptoKit)
    import CryptoKit
    import Foundation
    import Security

    /// `TestSigningKey`'s keys on Apple platforms: an RSA 2048 key from `SecKeyCreateRandomKey`, a P-256 key from
    /// CryptoKit. For tests only.
    ///
    /// Not compiled in CI (Linux has neither framework): checked by reading against Apple's documentation only.
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

        /// A new P-256 key: its point's coordinates and the key.
        static func p256() -> (x: [UInt8], y: [UInt8], key: any PlatformSigningKey)? {
            let privateKey = P256.Signing.PrivateKey()
            let point = Array(privateKey.publicKey.rawRepresentation)
            guard point.count == 64 else { return nil }
            return (Array(point.prefix(32)), Array(point.suffix(32)), CryptoKitP256Signer(key: privateKey))
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

    /// A P-256 private key in CryptoKit, signing ES256 (r || s).
    struct CryptoKitP256Signer: PlatformSigningKey {
        let key: P256.Signing.PrivateKey

        func sign(_ message: [UInt8]) -> [UInt8]? {
            (try? key.signature(for: Data(message))).map { Array($0.rawRepresentation) }
        }
    }
#endif
