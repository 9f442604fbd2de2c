/// A stored password hash with the parameters that made it, so that they can be raised later: a hash made
/// with fewer iterations than the current setting is replaced at the next successful sign-in.
///
/// The parameters come from storage, so they are checked before use (`PasswordHasher.check(_:)` (in `SignInEmbeddedBackend`)): a record
/// outside the bounds is damaged, refused with a clear error, and never hashed with.
public struct PasswordHash: Codable, Hashable, Sendable {
    /// The algorithm, `pbkdf2-sha256`.
    public var algorithm: String
    /// The PBKDF2 iteration count, within `PasswordHasher.iterationRange`.
    public var iterations: Int
    /// The random salt (`PasswordHasher.saltByteCount` bytes), base64url.
    public var salt: String
    /// The derived key (`PasswordHasher.hashByteCount` bytes), base64url.
    public var hash: String

    /// Creates a record (as read from storage: nothing is checked until `PasswordHasher.check(_:)`).
    public init(algorithm: String, iterations: Int, salt: String, hash: String) {
        self.algorithm = algorithm
        self.iterations = iterations
        self.salt = salt
        self.hash = hash
    }
}
