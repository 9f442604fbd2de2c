#if canImport(CryptoKit)
    import CryptoKit
#endif

/// A P-256 private key that signs with ECDSA and SHA-256 (FIPS 186-4 §6; COSE algorithm -7, JWS ES256): the
/// credential key of the demo's software passkey authenticator.
///
/// It is `package`, not `public`: the demo's authenticator in another target uses it, and no product exposes it. The
/// key is made and used by the platform's library: the system's OpenSSL 3 on Linux (the one ``SignatureVerifier``
/// loads and checks), CryptoKit's `P256.Signing.PrivateKey` on Apple platforms. The private scalar stays in the
/// library's key (on Linux OpenSSL clears it when it frees the key, once the last copy of this value is gone) and
/// leaves it only through ``rawRepresentation``, as a new array each time, which the caller keeps no longer than it
/// needs. Importing one copies it straight from the caller's bytes into the library.
///
/// Copies share the library's key. Any number of threads may sign with one key at once.
package struct P256SigningKey: Sendable {
    /// The public key: the point the private scalar times the curve's generator gives.
    package let publicKey: P256PublicKey

    #if canImport(CryptoKit)
        private let key: P256.Signing.PrivateKey
    #else
        private let key: LibCryptoSigningKey
    #endif

    /// A new key from the system's cryptographically secure generator.
    /// - Throws: ``SignatureCheckUnavailable/noPlatformCrypto`` when no library can make one here.
    package static func generate() throws(SignatureCheckUnavailable) -> P256SigningKey {
        #if canImport(CryptoKit)
            let key = P256.Signing.PrivateKey()
            guard let publicKey = Self.publicKey(of: key) else { throw .noPlatformCrypto }
            return P256SigningKey(publicKey: publicKey, key: key)
        #else
            guard let library = LibCryptoSignatures.shared, let made = library.generateP256Key() else {
                throw .noPlatformCrypto
            }
            let key = LibCryptoSigningKey(key: made, library: library)
            guard let publicKey = Self.publicKey(of: key) else { throw .noPlatformCrypto }
            return P256SigningKey(publicKey: publicKey, key: key)
        #endif
    }

    /// The key whose private scalar is `rawRepresentation`, with its public point computed from it.
    /// - Parameter rawRepresentation: The private scalar d: exactly 32 big-endian bytes (leading zero bytes
    ///   included), as ``rawRepresentation`` gives it and CryptoKit's `rawRepresentation` is.
    /// - Throws: ``P256SigningKeyError/invalidPrivateKey`` when it is not 32 bytes or d is zero or not below the
    ///   group order n (SEC 1 §3.2.1: d is in [1, n-1]); ``P256SigningKeyError/noPlatformCrypto`` when no library can
    ///   make keys here; ``P256SigningKeyError/libraryFailed`` when the library refused a valid scalar.
    package init(rawRepresentation: [UInt8]) throws(P256SigningKeyError) {
        // Checked here, before any library sees it: OpenSSL takes any number as a private key.
        guard ECDSAP256.isValidScalar(rawRepresentation) else { throw .invalidPrivateKey }
        #if canImport(CryptoKit)
            let key: P256.Signing.PrivateKey
            do {
                key = try P256.Signing.PrivateKey(rawRepresentation: rawRepresentation)
            } catch {
                throw .libraryFailed
            }
        #else
            guard let library = LibCryptoSignatures.shared, library.signing != nil else { throw .noPlatformCrypto }
            guard let made = library.p256Key(privateScalar: rawRepresentation) else { throw .libraryFailed }
            let key = LibCryptoSigningKey(key: made, library: library)
        #endif
        guard let publicKey = Self.publicKey(of: key) else { throw .libraryFailed }
        self.init(publicKey: publicKey, key: key)
    }

    #if canImport(CryptoKit)
        private init(publicKey: P256PublicKey, key: P256.Signing.PrivateKey) {
            self.publicKey = publicKey
            self.key = key
        }

        private static func publicKey(of key: P256.Signing.PrivateKey) -> P256PublicKey? {
            let point = Array(key.publicKey.rawRepresentation)
            guard point.count == 2 * ECDSAP256.scalarLength else { return nil }
            return P256PublicKey(
                x: Array(point.prefix(ECDSAP256.scalarLength)), y: Array(point.suffix(ECDSAP256.scalarLength)))
        }
    #else
        private init(publicKey: P256PublicKey, key: LibCryptoSigningKey) {
            self.publicKey = publicKey
            self.key = key
        }

        private static func publicKey(of key: LibCryptoSigningKey) -> P256PublicKey? {
            guard let point = key.library.p256Point(of: key.key) else { return nil }
            return P256PublicKey(x: point.x, y: point.y)
        }
    #endif

    /// The private scalar d, 32 big-endian bytes: what ``init(rawRepresentation:)`` takes back.
    ///
    /// Each read makes a new array that holds the secret; keep it no longer than needed (to seal it, to store it).
    /// - Throws: ``P256SigningKeyError/libraryFailed`` when the library could not give it (it ran out of memory).
    package var rawRepresentation: [UInt8] {
        get throws(P256SigningKeyError) {
            #if canImport(CryptoKit)
                return Array(key.rawRepresentation)
            #else
                guard let scalar = key.library.p256PrivateScalar(of: key.key) else { throw .libraryFailed }
                return scalar
            #endif
        }
    }

    /// The ECDSA signature with SHA-256 of `message`, DER-encoded (an ECDSA-Sig-Value, RFC 3279 §2.2.3): what a
    /// WebAuthn authenticator sends in an assertion or a packed attestation (WebAuthn §6.5.5).
    ///
    /// Signatures are randomised: two of the same message differ, and both verify.
    /// - Parameter message: The bytes to sign (for WebAuthn, authenticator data followed by the client data hash),
    ///   hashed here.
    /// - Throws: ``P256SigningKeyError/libraryFailed`` when the library failed to sign.
    package func signature(for message: [UInt8]) throws(P256SigningKeyError) -> [UInt8] {
        #if canImport(CryptoKit)
            do {
                return Array(try key.signature(for: message).derRepresentation)
            } catch {
                throw .libraryFailed
            }
        #else
            guard let signature = key.sign(message) else { throw .libraryFailed }
            return signature
        #endif
    }

    /// The ECDSA signature with SHA-256 of `message` as r || s, 32 bytes each (IEEE P1363): as JWS ES256 and COSE
    /// carry it.
    /// - Parameter message: The bytes to sign, hashed here.
    /// - Throws: ``P256SigningKeyError/libraryFailed`` when the library failed to sign.
    package func rawSignature(for message: [UInt8]) throws(P256SigningKeyError) -> [UInt8] {
        #if canImport(CryptoKit)
            do {
                return Array(try key.signature(for: message).rawRepresentation)
            } catch {
                throw .libraryFailed
            }
        #else
            guard let raw = ECDSAP256.rawSignature(fromDER: try signature(for: message)) else {
                throw .libraryFailed
            }
            return raw
        #endif
    }
}

/// Why a ``P256SigningKey`` could not be made, read or used.
package enum P256SigningKeyError: Error, Sendable, Hashable {
    /// The bytes are not a P-256 private key: not exactly 32 bytes, or zero, or not below the group order n.
    case invalidPrivateKey
    /// No library here can make P-256 keys: on Linux the system's OpenSSL 3 is missing, lacks a function, or failed
    /// the answers it is checked against (as ``SignatureCheckUnavailable/noPlatformCrypto``).
    case noPlatformCrypto
    /// The library failed with a valid key (it ran out of memory).
    case libraryFailed
}
