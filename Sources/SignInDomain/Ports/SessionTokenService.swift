/// Renews and revokes a session's tokens at the backend. The Data layer implements it.
public protocol SessionTokenService: Sendable {
    /// Whether ``refresh(_:)`` can renew a session at all: `false` for a backend whose sessions simply expire (a
    /// team's API with no refresh), where a refusal says nothing about the session. A wrapper forwards its base's.
    var canRefresh: Bool { get }

    /// A new session for the same user, with new tokens (the refresh token rotates).
    /// - Throws: ``AuthError/refreshTokenRejected`` when the refresh token is no longer accepted; other
    ///   ``AuthError``s (such as ``AuthError/network(reason:)``) when the backend could not answer.
    func refresh(_ session: UserSession) async throws(AuthError) -> UserSession

    /// Revokes the session's refresh token, so that it can never be used again.
    func revoke(_ session: UserSession) async throws(AuthError)
}
