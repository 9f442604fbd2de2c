public import SignInCrypto

extension JWS {
    /// Whether `parts` carries a valid signature by `key` under `alg`: RS256 with an RSA key, ES256 with a P-256 key
    /// (r || s, 64 bytes), the key's own `alg` and `use` allowing it.
    /// - Parameters:
    ///   - parts: The parsed token; its signature is checked over its signing input.
    ///   - alg: The algorithm, from the token's header.
    ///   - key: The key to check with, one of ``JSONWebKeySet/candidates(alg:kid:)``.
    /// - Returns: `false` for any other pairing (`HS256` or `none` with any key, RS256 with a P-256 key, a key whose
    ///   `use` is `enc`, …) and for a signature that does not verify.
    /// - Throws: `SignatureCheckUnavailable.noPlatformCrypto` when this process has no library that checks RS256 and
    ///   ES256 signatures.
    public static func verify(_ parts: Parts, alg: String, key: JSONWebKey) throws(SignatureCheckUnavailable) -> Bool {
        guard key.canVerify(alg: alg) else { return false }
        switch key.material {
        case .rsa(let publicKey):
            return try SignatureVerifier.verifyRSASSAPKCS1v15SHA256(
                signature: parts.signature, message: parts.signingInput, key: publicKey)
        case .p256(let publicKey):
            return try SignatureVerifier.verifyECDSAP256SHA256(
                signature: parts.signature, message: parts.signingInput, key: publicKey)
        }
    }
}
