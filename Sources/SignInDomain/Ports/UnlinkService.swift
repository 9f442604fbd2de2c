/// Removing a way to sign in from an account that has several.
public protocol UnlinkService: Sendable {
    /// Unlinks `provider` from the session's account and returns the updated session.
    /// - Throws: ``AuthError/recentSignInRequired(_:)`` when the session's sign-in is not recent.
    func unlink(_ provider: ProviderType, from session: UserSession) async throws(AuthError) -> UserSession
}
