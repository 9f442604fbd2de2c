/// FOR TESTS ONLY: a private key made fresh in memory, to sign what ``SignatureVerifier`` then checks (an RS256 or
/// ES256 token in another target's tests, an issuer's key set served by a test double).
///
/// It is `package`, not `public`: no product exposes it, and nothing that ships signs with it. The key lives only as
/// long as this object (OpenSSL's copy is freed when it is), is never written anywhere, and is made by the platform's
/// library: OpenSSL on Linux, Security and CryptoKit on Apple platforms.
package final class TestSigningKey: Sendable {
    /// The algorithm the key signs with.
    package enum Algorithm: Sendable, Hashable {
        /// RSASSA-PKCS1-v1_5 with SHA-256 and a 2048-bit key.
        case rs256
        /// ECDSA P-256 with SHA-256, r || s.
        case es256

        /// The JWS `alg` name: `RS256` or `ES256`.
        package var name: String {
            switch self {
            case .rs256: "RS256"
            case .es256: "ES256"
            }
        }
    }

    /// The algorithm.
    package let algorithm: Algorithm
    /// The public key of an RS256 key, `nil` for an ES256 one.
    package let rsaPublicKey: RSAPublicKey?
    /// The public key of an ES256 key, `nil` for an RS256 one.
    package let p256PublicKey: P256PublicKey?
    private let privateKey: any PlatformSigningKey

    private init(
        algorithm: Algorithm, rsaPublicKey: RSAPublicKey?, p256PublicKey: P256PublicKey?,
        privateKey: any PlatformSigningKey
    ) {
        self.algorithm = algorithm
        self.rsaPublicKey = rsaPublicKey
        self.p256PublicKey = p256PublicKey
        self.privateKey = privateKey
    }

    /// A new RSA 2048 key for RS256.
    /// - Throws: ``SignatureCheckUnavailable/noPlatformCrypto`` when no library can make one here.
    package static func rsa() throws(SignatureCheckUnavailable) -> TestSigningKey {
        guard let (modulus, exponent, privateKey) = PlatformSigningKeys.rsa2048(),
            let publicKey = RSAPublicKey(modulus: modulus, exponent: exponent)
        else { throw .noPlatformCrypto }
        return TestSigningKey(algorithm: .rs256, rsaPublicKey: publicKey, p256PublicKey: nil, privateKey: privateKey)
    }

    /// A new P-256 key for ES256: a ``P256SigningKey``.
    /// - Throws: ``SignatureCheckUnavailable/noPlatformCrypto`` when no library can make one here.
    package static func p256() throws(SignatureCheckUnavailable) -> TestSigningKey {
        let key = try P256SigningKey.generate()
        return TestSigningKey(algorithm: .es256, rsaPublicKey: nil, p256PublicKey: key.publicKey, privateKey: key)
    }

    /// The signature of `message`: for RS256 as many bytes as the modulus, for ES256 r || s (64 bytes), as JWS
    /// carries them. ES256 signatures are randomised: two of the same message differ, and both verify.
    /// - Parameter message: The bytes to sign (for a JWS, its signing input).
    /// - Returns: The signature; empty if the library failed to sign (which no verifier accepts).
    package func sign(_ message: [UInt8]) -> [UInt8] {
        privateKey.sign(message) ?? []
    }
}

/// A private key held by the platform's library.
protocol PlatformSigningKey: Sendable {
    /// The JWS signature of `message` (RS256 bytes or ES256 r || s), or `nil` when the library failed.
    func sign(_ message: [UInt8]) -> [UInt8]?
}

/// Makes the platform's RSA keys: the only `#if` of the test signer (its P-256 keys are ``P256SigningKey``s).
enum PlatformSigningKeys {
    /// A new RSA 2048 key: its modulus, its exponent and the private key.
    static func rsa2048() -> (modulus: [UInt8], exponent: [UInt8], key: any PlatformSigningKey)? {
        #if canImport(CryptoKit)
            return AppleSigningKeys.rsa2048()
        #else
            guard let library = LibCryptoSignatures.shared, let key = library.generateRSAKey(bits: 2048) else {
                return nil
            }
            let owned = LibCryptoSigningKey(key: key, library: library)
            guard let numbers = library.rsaNumbers(of: key) else { return nil }
            return (numbers.modulus, numbers.exponent, owned)
        #endif
    }
}

/// A P-256 key signs ES256 as JWS carries it: r || s.
extension P256SigningKey: PlatformSigningKey {
    func sign(_ message: [UInt8]) -> [UInt8]? {
        try? rawSignature(for: message)
    }
}

/// An OpenSSL RSA key signs RS256 as OpenSSL gives it.
extension LibCryptoSigningKey: PlatformSigningKey {}
