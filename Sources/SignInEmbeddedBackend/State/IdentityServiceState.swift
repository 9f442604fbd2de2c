import Foundation

/// Everything the embedded identity service keeps: accounts, the identity index, refresh tokens (by their
/// SHA-256, never in clear) and the nonces already used.
public struct IdentityServiceState: Codable, Hashable, Sendable {
    /// Accounts by uid.
    public var accounts: [String: EmbeddedAccount] = [:]
    /// uid by ``LinkedIdentity/key``.
    public var identities: [String: String] = [:]
    /// Refresh tokens by the SHA-256 hex of the token.
    public var refreshTokens: [String: RefreshTokenRecord] = [:]
    /// Nonces already accepted, with the time after which they can be forgotten (their token expired).
    public var usedNonces: [String: Date] = [:]

    /// An empty state.
    public init() {}
}

/// A refresh token as the service keeps it.
public struct RefreshTokenRecord: Codable, Hashable, Sendable {
    /// The account it refreshes.
    public var uid: String
    /// When it was issued.
    public var issuedAt: Date

    /// Creates a record.
    public init(uid: String, issuedAt: Date) {
        self.uid = uid
        self.issuedAt = issuedAt
    }
}
