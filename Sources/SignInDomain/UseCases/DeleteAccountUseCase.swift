/// Deletes the signed-in account (App Store Review Guideline 5.1.1(v)): its identities are removed, its tokens
/// revoked, and the user signed out. A sensitive operation: the backend wants a recent sign-in, which
/// ``Reauthentication`` asks for.
///
/// An account with an Apple identity is first signed in again with Apple, whatever the backend asks: Apple wants
/// the app's tokens revoked with the account, and revoking needs the fresh authorization code of that sign-in.
/// If the revocation fails, the account is not deleted.
public struct DeleteAccountUseCase: Sendable {
    private let accounts: any AccountDeletionService
    private let sessions: SessionManager
    private let reauthentication: Reauthentication

    /// Creates the use case.
    /// - Parameters:
    ///   - accounts: The account service.
    ///   - sessions: The session manager.
    ///   - authProviders: The providers the user can sign in again with when the backend asks for it.
    public init(
        accounts: any AccountDeletionService, sessions: SessionManager, authProviders: [any AuthProvider] = []
    ) {
        self.accounts = accounts
        self.sessions = sessions
        self.reauthentication = Reauthentication(authProviders: authProviders, sessions: sessions)
    }

    /// Deletes the account.
    /// - Parameters:
    ///   - uiClients: The screen's UI clients, to sign in again (with Apple always, for an account that has it;
    ///     otherwise if the backend asks for it).
    ///   - currentPassword: The account's password, to sign an email account in again if the backend asks.
    /// - Throws: ``AuthError/notSignedIn``, ``AuthError/recentSignInRequired(_:)`` when the user did not sign in
    ///   again, ``AuthError/userMismatch(_:)``, ``AuthError/providerRevocationFailed(_:)``; on any error the account
    ///   and the session stay.
    public func callAsFunction(uiClients: SignInUIClients = [:], currentPassword: Secret? = nil) async throws(AuthError)
    {
        guard let current = try await sessions.currentSession() else { throw .notSignedIn }
        let accounts = self.accounts
        if current.providerIds.contains(.apple) {
            let credential = try await reauthentication.signInAgain(with: .apple, uiClients: uiClients)
            guard let code = credential.authorizationCode, !code.value.isEmpty else {
                throw .providerRevocationFailed(.apple)
            }
            let revocation = ProviderRevocation(provider: .apple, authorizationCode: code)
            // The sign-in is recent now, and the code works once: no second sign-in and retry with the same code.
            try await sessions.authorized { session throws(AuthError) in
                try await accounts.deleteAccount(session, revoking: revocation)
            }
        } else {
            try await reauthentication.run(uiClients: uiClients, currentPassword: currentPassword) {
                session throws(AuthError) in
                try await accounts.deleteAccount(session, revoking: nil)
            }
        }
        try await sessions.signOut(reason: .accountDeleted)
    }
}
