#if canImport(CryptoKit)
    import CryptoKit
    import Foundation
    import Security

    /// Public-key signatures on Apple platforms: Security for RSA (a PKCS#1 RSAPublicKey made from the modulus and
    /// exponent, `SecKeyVerifySignature` with `rsaSignatureMessagePKCS1v15SHA256`) and CryptoKit for P-256.
    ///
    /// Type-checked in CI against stand-ins of both frameworks (`.ci/typecheck-apple`); never run there, as Linux has
    /// neither.
    enum AppleSignatures {
        /// RSASSA-PKCS1-v1_5 with SHA-256; `signature` is as long as the modulus.
        static func verifyRSA(signature: [UInt8], message: [UInt8], key: RSAPublicKey) -> Bool {
            let pkcs1 = DER.sequence(DER.integer(key.modulus) + DER.integer(key.exponent))
            let attributes: [String: Any] = [
                kSecAttrKeyType as String: kSecAttrKeyTypeRSA,
                kSecAttrKeyClass as String: kSecAttrKeyClassPublic,
                kSecAttrKeySizeInBits as String: key.modulusBits,
            ]
            var error: Unmanaged<CFError>?
            guard let publicKey = SecKeyCreateWithData(Data(pkcs1) as CFData, attributes as CFDictionary, &error)
            else {
                error?.release()
                return false
            }
            let valid = SecKeyVerifySignature(
                publicKey, .rsaSignatureMessagePKCS1v15SHA256, Data(message) as CFData, Data(signature) as CFData,
                &error)
            error?.release()
            return valid
        }

        /// ECDSA P-256 with SHA-256 over `r || s`.
        static func verifyP256(rawSignature: [UInt8], message: [UInt8], key: P256PublicKey) -> Bool {
            guard let publicKey = try? P256.Signing.PublicKey(rawRepresentation: key.x + key.y),
                let signature = try? P256.Signing.ECDSASignature(rawRepresentation: rawSignature)
            else { return false }
            return publicKey.isValidSignature(signature, for: Data(message))
        }

        /// Whether CryptoKit takes (x, y) as a P-256 public key.
        static func isOnCurve(x: [UInt8], y: [UInt8]) -> Bool {
            (try? P256.Signing.PublicKey(rawRepresentation: x + y)) != nil
        }
    }
#endif
