public import Foundation

/// The tokens of a signed-in session: the backend's ID token, the refresh token, and when the ID token
/// expires. Both tokens are ``Secret``s.
public struct SessionTokens: Hashable, Sendable, Codable {
    /// The backend's ID token (a JWT), sent as the bearer token to the app's API.
    public var idToken: Secret
    /// The opaque token that obtains a new ID token.
    public var refreshToken: Secret
    /// When ``idToken`` stops being accepted.
    public var expiresAt: Date

    /// Creates the tokens of a session.
    public init(idToken: Secret, refreshToken: Secret, expiresAt: Date) {
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }

    /// Whether the ID token has expired at `date`, counting `leeway` seconds early.
    public func isExpired(at date: Date, leeway: TimeInterval = 0) -> Bool {
        date.addingTimeInterval(leeway) >= expiresAt
    }
}
