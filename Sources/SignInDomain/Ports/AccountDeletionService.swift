/// Deleting the signed-in account.
public protocol AccountDeletionService: Sendable {
    /// Deletes the session's account with its identities, and revokes its tokens.
    /// - Parameters:
    ///   - session: The signed-in session.
    ///   - revocation: For an account with an Apple identity, the fresh authorization code with which the
    ///     backend revokes the app's Apple tokens first (App Store Review Guideline 5.1.1(v)).
    /// - Throws: ``AuthError/recentSignInRequired(_:)`` when the session's sign-in is not recent,
    ///   ``AuthError/providerRevocationFailed(_:)`` when the revocation failed; the account then still exists.
    func deleteAccount(_ session: UserSession, revoking revocation: ProviderRevocation?) async throws(AuthError)
}
