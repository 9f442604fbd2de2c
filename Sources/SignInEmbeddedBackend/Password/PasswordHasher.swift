public import SignInCrypto
public import SignInData
public import SignInEmbeddedStore

/// Hashes and checks passwords with PBKDF2-HMAC-SHA256: a random 16-byte salt per password, the iteration
/// count stored with each hash, and a constant-time comparison.
public enum PasswordHasher {
    /// The only algorithm this version writes and reads.
    public static let algorithm = "pbkdf2-sha256"
    /// OWASP's 2023 recommendation for PBKDF2-HMAC-SHA256, and the default.
    public static let recommendedIterations = 600_000
    /// The iteration counts accepted, when hashing and in stored records. The floor keeps tests quick while
    /// still refusing a record whose count was zeroed; the ceiling (about 2 s in a release build on this
    /// project's CI machine) stops a tampered record from holding a sign-in for minutes.
    public static let iterationRange = 100...5_000_000
    /// The salt's length in bytes.
    public static let saltByteCount = 16
    /// The derived key's length in bytes.
    public static let hashByteCount = 32

    /// Hashes `password` with a fresh salt.
    /// - Parameters:
    ///   - password: The password, as the user typed it.
    ///   - iterations: The cost, clamped into ``iterationRange``.
    ///   - random: Where the salt comes from.
    public static func hash(_ password: String, iterations: Int, random: any RandomByteSource) -> PasswordHash {
        let iterations = min(max(iterations, iterationRange.lowerBound), iterationRange.upperBound)
        let salt = random.bytes(count: saltByteCount)
        let key = PBKDF2.sha256(
            password: Array(password.utf8), salt: salt, iterations: iterations, keyLength: hashByteCount)
        return PasswordHash(
            algorithm: algorithm, iterations: iterations, salt: Base64URL.encode(salt), hash: Base64URL.encode(key))
    }

    /// The salt and the derived key of a stored record, after checking every parameter.
    /// - Throws: `IdentityBackendError/Code/damagedRecord` naming what is wrong: an unknown algorithm, an
    ///   iteration count outside ``iterationRange``, or a salt or hash that is not canonical base64url of the
    ///   exact length.
    public static func check(_ stored: PasswordHash) throws(IdentityBackendError) -> (salt: [UInt8], hash: [UInt8]) {
        func damaged(_ problem: String) -> IdentityBackendError {
            IdentityBackendError(
                .damagedRecord,
                message: "the stored password hash \(problem); it was not used. A password reset replaces it.")
        }
        guard stored.algorithm == algorithm else { throw damaged("uses an unknown algorithm") }
        guard iterationRange.contains(stored.iterations) else {
            throw damaged("has an iteration count outside \(iterationRange.lowerBound)…\(iterationRange.upperBound)")
        }
        guard stored.salt.utf8.count <= 64, let salt = Base64URL.decode(stored.salt), salt.count == saltByteCount
        else { throw damaged("has a salt that is not \(saltByteCount) bytes of base64url") }
        guard stored.hash.utf8.count <= 64, let hash = Base64URL.decode(stored.hash), hash.count == hashByteCount
        else { throw damaged("has a hash that is not \(hashByteCount) bytes of base64url") }
        return (salt, hash)
    }

    /// Whether `password` matches `stored`, compared in constant time.
    /// - Throws: What ``check(_:)`` throws for a damaged record; nothing is hashed then.
    /// A hash imported from another system (``ImportedHashAlgorithm``) is checked its own way, after the same bounds
    /// as at its import.
    public static func verify(_ password: String, against stored: PasswordHash) throws(IdentityBackendError) -> Bool {
        if stored.algorithm != algorithm, ImportedHashAlgorithm(rawValue: stored.algorithm) != nil {
            let (hashing, salt, hash) = try ImportedPasswordHashing.checked(stored)
            return hashing.matches(Array(password.utf8), salt: salt, hash: hash)
        }
        let (salt, expected) = try check(stored)
        let key = PBKDF2.sha256(
            password: Array(password.utf8), salt: salt, iterations: stored.iterations, keyLength: expected.count)
        return ConstantTime.equals(key, expected)
    }
}
