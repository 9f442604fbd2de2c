/// A signed-in user's new password.
public protocol PasswordChangeService: Sendable {
    /// Sets a new password for the session's account; every other session of the account ends.
    /// - Returns: The caller's new session.
    /// - Throws: ``AuthError/recentSignInRequired(_:)``, ``AuthError/providerNotLinked(_:)`` when the account has
    ///   no password, ``AuthError/weakPassword(_:)``.
    func changePassword(_ newPassword: Secret, for session: UserSession) async throws(AuthError) -> UserSession
}
