/// A signed-in user's profile: the display name, the photo and the email.
public protocol ProfileService: Sendable {
    /// Changes the session's account: `displayName` and `photoURL` (empty removes them) and `email`, each when
    /// given. A new email is not verified yet.
    /// - Returns: The session afterwards.
    /// - Throws: ``AuthError/recentSignInRequired(_:)`` for a new email when the sign-in is not recent,
    ///   ``AuthError/emailAlreadyInUse(_:)``, ``AuthError/invalidEmail``, ``AuthError/invalidPhotoURL``.
    func updateProfile(displayName: String?, email: String?, photoURL: String?, for session: UserSession)
        async throws(AuthError)
        -> UserSession
}
