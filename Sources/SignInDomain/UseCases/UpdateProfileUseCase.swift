/// Changes the signed-in user's display name or email. A new email is a sensitive change (whoever controls the email
/// can reset the password): when the backend wants a recent sign-in, the user signs in again first.
public struct UpdateProfileUseCase: Sendable {
    private let accounts: any ProfileService
    private let sessions: SessionManager
    private let reauthentication: Reauthentication

    /// Creates the use case.
    public init(accounts: any ProfileService, sessions: SessionManager, authProviders: [any AuthProvider] = []) {
        self.accounts = accounts
        self.sessions = sessions
        self.reauthentication = Reauthentication(authProviders: authProviders, sessions: sessions)
    }

    /// Changes what is given: `displayName` and `photoURL` (empty removes them) and `email`.
    /// - Throws: ``AuthError/invalidEmail``, ``AuthError/invalidPhotoURL`` (before any call),
    ///   ``AuthError/notSignedIn``, ``AuthError/emailAlreadyInUse(_:)``, ``AuthError/recentSignInRequired(_:)`` when
    ///   the user did not sign in again.
    public func callAsFunction(
        displayName: String? = nil, email: String? = nil, photoURL: String? = nil, currentPassword: Secret? = nil,
        uiClients: SignInUIClients = [:]
    ) async throws(AuthError) -> UserSession {
        let email = try email.map { email throws(AuthError) in try EmailAddress.validate(email) }
        let photoURL = try photoURL.map { url throws(AuthError) in try PhotoURL.validate(url) }
        guard try await sessions.currentSession() != nil else { throw .notSignedIn }
        let accounts = self.accounts
        let updated = try await reauthentication.run(uiClients: uiClients, currentPassword: currentPassword) {
            session throws(AuthError) in
            try await accounts.updateProfile(displayName: displayName, email: email, photoURL: photoURL, for: session)
        }
        try await sessions.establish(updated)
        return updated
    }
}
