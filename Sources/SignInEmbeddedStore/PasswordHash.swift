/// A stored password hash with the parameters that made it, so that they can be raised later: a hash made
/// with fewer iterations than the current setting is replaced at the next successful sign-in.
///
/// The backend writes one algorithm, `pbkdf2-sha256`. A hash imported from another system keeps that system's
/// algorithm (Firebase's name for it, such as `BCRYPT` or `HMAC_SHA256`) and parameters until the account's first
/// sign-in, which replaces it with the backend's own.
///
/// The parameters come from storage, so they are checked before use (`PasswordHasher.check(_:)` (in
/// `SignInEmbeddedBackend`)): a record outside the bounds is damaged, refused with a clear error, and never hashed
/// with.
public struct PasswordHash: Codable, Hashable, Sendable {
    /// The algorithm: `pbkdf2-sha256`, or an imported hash's algorithm.
    public var algorithm: String
    /// The PBKDF2 iteration count, within `PasswordHasher.iterationRange`; for an imported hash, its rounds (0 when
    /// its algorithm has none).
    public var iterations: Int
    /// The random salt (`PasswordHasher.saltByteCount` bytes), base64url; for an imported hash, its salt, of any
    /// length.
    public var salt: String
    /// The derived key (`PasswordHasher.hashByteCount` bytes), base64url; for an imported hash, the hash as it was
    /// imported.
    public var hash: String
    /// What else an imported hash's algorithm needs; `nil` for the backend's own hashes.
    public var imported: ImportedHashParameters?

    /// Creates a record (as read from storage: nothing is checked until `PasswordHasher.check(_:)`).
    public init(algorithm: String, iterations: Int, salt: String, hash: String, imported: ImportedHashParameters? = nil)
    {
        self.algorithm = algorithm
        self.iterations = iterations
        self.salt = salt
        self.hash = hash
        self.imported = imported
    }
}

/// The parameters of an imported password hash beyond its rounds, salt and hash, as the import gave them (Firebase's
/// names in brackets). Each is `nil` where the algorithm does not use it.
public struct ImportedHashParameters: Codable, Hashable, Sendable {
    /// The HMAC key, or the signer key of Firebase's `SCRYPT` (`signerKey`), base64url.
    public var key: String?
    /// Appended to the salt by Firebase's `SCRYPT` (`saltSeparator`), base64url.
    public var saltSeparator: String?
    /// Firebase's `SCRYPT`: the base-2 logarithm of N; `STANDARD_SCRYPT`: N itself (`memoryCost`, `cpuMemCost`).
    public var memoryCost: Int?
    /// `STANDARD_SCRYPT`'s r (`blockSize`).
    public var blockSize: Int?
    /// `STANDARD_SCRYPT`'s p (`parallelization`).
    public var parallelization: Int?
    /// Whether the password comes before the salt in what is hashed (`passwordHashOrder`); `nil` for the
    /// algorithm's default.
    public var passwordFirst: Bool?

    /// Creates the parameters.
    public init(
        key: String? = nil, saltSeparator: String? = nil, memoryCost: Int? = nil, blockSize: Int? = nil,
        parallelization: Int? = nil, passwordFirst: Bool? = nil
    ) {
        self.key = key
        self.saltSeparator = saltSeparator
        self.memoryCost = memoryCost
        self.blockSize = blockSize
        self.parallelization = parallelization
        self.passwordFirst = passwordFirst
    }
}
