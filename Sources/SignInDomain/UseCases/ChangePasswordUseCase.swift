/// Changes the signed-in user's password. A sensitive operation: the backend wants a recent sign-in, which
/// ``Reauthentication`` asks for. Every other session of the account ends; this one goes on with new tokens.
public struct ChangePasswordUseCase: Sendable {
    private let accounts: any PasswordChangeService
    private let sessions: SessionManager
    private let reauthentication: Reauthentication

    /// Creates the use case.
    /// - Parameters:
    ///   - accounts: The account service.
    ///   - sessions: The session manager.
    ///   - authProviders: The providers the user can sign in again with when the backend asks for it.
    public init(
        accounts: any PasswordChangeService, sessions: SessionManager, authProviders: [any AuthProvider] = []
    ) {
        self.accounts = accounts
        self.sessions = sessions
        self.reauthentication = Reauthentication(authProviders: authProviders, sessions: sessions)
    }

    /// Sets `newPassword`.
    /// - Throws: ``AuthError/weakPassword(_:)`` (before any call), ``AuthError/notSignedIn``,
    ///   ``AuthError/providerNotLinked(_:)`` when the account has no password,
    ///   ``AuthError/recentSignInRequired(_:)`` when the user did not sign in again.
    public func callAsFunction(
        newPassword: Secret, currentPassword: Secret? = nil, uiClients: SignInUIClients = [:]
    ) async throws(AuthError) -> UserSession {
        try PasswordPolicy.validate(newPassword.value)
        guard let current = try await sessions.currentSession() else { throw .notSignedIn }
        guard current.providerIds.contains(.emailPassword) else { throw .providerNotLinked(.emailPassword) }
        let accounts = self.accounts
        let updated = try await reauthentication.run(uiClients: uiClients, currentPassword: currentPassword) {
            session throws(AuthError) in
            try await accounts.changePassword(newPassword, for: session)
        }
        try await sessions.establish(updated)
        return updated
    }
}
