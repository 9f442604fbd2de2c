import Foundation

/// What the embedded identity service keeps: accounts, the identity index, refresh tokens (by their
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
    /// The provider of the sign-in that started this chain of refreshes.
    public var provider: String

    /// Creates a record.
    public init(uid: String, issuedAt: Date, provider: String) {
        self.uid = uid
        self.issuedAt = issuedAt
        self.provider = provider
    }
}

/// What the embedded Apple-like issuer keeps: its signing key, the Apple ID, and which apps the user has
/// already authorized (Apple sends the name and email only at the first authorization).
public struct AppleIssuerState: Codable, Hashable, Sendable {
    /// The HS256 key, base64url; made at random once per installation.
    public var signingKey: String
    /// The Apple ID at the keyboard.
    public var user: AppleIDUser
    /// Client ids the user has authorized, with the email choice made the first time (`true`: share).
    public var authorizedClients: [String: Bool] = [:]

    /// Creates a state.
    public init(signingKey: String, user: AppleIDUser) {
        self.signingKey = signingKey
        self.user = user
    }
}
