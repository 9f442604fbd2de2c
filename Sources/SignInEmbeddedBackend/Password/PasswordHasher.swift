import SignInCrypto

/// A stored password hash with the parameters that made it, so that they can be raised later: a hash made
/// with fewer iterations than the current setting is replaced at the next successful sign-in.
public struct PasswordHash: Codable, Hashable, Sendable {
    /// The algorithm, `pbkdf2-sha256`.
    public var algorithm: String
    /// The PBKDF2 iteration count.
    public var iterations: Int
    /// The random 16-byte salt, base64url.
    public var salt: String
    /// The 32-byte derived key, base64url.
    public var hash: String
}

/// Hashes and checks passwords with PBKDF2-HMAC-SHA256: a random 16-byte salt per password, the iteration
/// count stored with each hash, and a constant-time comparison.
public enum PasswordHasher {
    /// The only algorithm this version writes and reads.
    public static let algorithm = "pbkdf2-sha256"
    /// OWASP's 2023 recommendation for PBKDF2-HMAC-SHA256, and the default.
    public static let recommendedIterations = 600_000

    /// Hashes `password` with a fresh salt.
    public static func hash(_ password: String, iterations: Int, random: any RandomByteSource) -> PasswordHash {
        let salt = random.bytes(count: 16)
        let key = PBKDF2.sha256(
            password: Array(password.utf8), salt: salt, iterations: max(iterations, 1), keyLength: 32)
        return PasswordHash(
            algorithm: algorithm, iterations: max(iterations, 1), salt: Base64URL.encode(salt),
            hash: Base64URL.encode(key))
    }

    /// Whether `password` matches `stored`, compared in constant time.
    public static func verify(_ password: String, against stored: PasswordHash) -> Bool {
        guard stored.algorithm == algorithm, stored.iterations >= 1, let salt = Base64URL.decode(stored.salt),
            let expected = Base64URL.decode(stored.hash)
        else { return false }
        let key = PBKDF2.sha256(
            password: Array(password.utf8), salt: salt, iterations: stored.iterations, keyLength: expected.count)
        return ConstantTime.equals(key, expected)
    }
}
