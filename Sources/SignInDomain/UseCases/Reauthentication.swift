/// Runs the sensitive operations of the signed-in user (deleting the account, changing the password, unlinking a
/// provider), which the backend refuses when the session's sign-in is not recent
/// (``AuthError/recentSignInRequired(_:)``, Firebase's `CREDENTIAL_TOO_OLD_LOGIN_AGAIN`).
///
/// On that refusal it asks the user to sign in again with the provider the session signed in with, through the
/// screen's UI client for it, checks that the new credential is the same account's, keeps the fresh session,
/// and runs the operation once more. The same provider keeps the step familiar and proves the same thing the
/// original sign-in did.
public struct Reauthentication: Sendable {
    private let authProviders: [ProviderType: any AuthProvider]
    private let sessions: SessionManager

    /// Creates the runner.
    /// - Parameters:
    ///   - authProviders: The providers a user can sign in again with.
    ///   - sessions: The session manager.
    public init(
        authProviders: [any AuthProvider], sessions: SessionManager
    ) {
        self.authProviders = Dictionary(authProviders.map { ($0.type, $0) }, uniquingKeysWith: { _, last in last })
        self.sessions = sessions
    }

    /// Runs `operation` for the signed-in user, signing in again once if the backend asks for it.
    /// - Parameters:
    ///   - uiClients: The screen's UI clients; the one of the session's sign-in provider is used.
    ///   - operation: The backend call, given a valid session.
    /// - Throws: ``AuthError/recentSignInRequired(_:)`` when the user did not sign in again (cancelled, or no UI
    ///   client for the provider); ``AuthError/userMismatch(_:)`` when they signed in to another account (nothing
    ///   changed); what `operation` throws.
    public func run<T: Sendable>(
        uiClients: SignInUIClients, _ operation: @escaping @Sendable (UserSession) async throws -> T
    ) async throws(AuthError) -> T {
        do {
            return try await sessions.authorized(operation)
        } catch .recentSignInRequired(let asked) {
            try await signInAgain(asked: asked, uiClients: uiClients)
            return try await sessions.authorized(operation)
        }
    }

    private func signInAgain(asked: ProviderType, uiClients: SignInUIClients) async throws(AuthError) {
        let session = try await sessions.validSession()
        _ = try await signInAgain(with: session.signInProvider ?? asked, uiClients: uiClients)
    }

    /// Signs the current user in again with `provider` now, whatever the backend would ask: deleting an account
    /// with an Apple identity needs Apple's fresh authorization code.
    /// - Returns: The credential the user gave (its authorization code has not been used yet).
    /// - Throws: ``AuthError/recentSignInRequired(_:)`` when the user cancelled or the screen has no UI client for
    ///   `provider`; ``AuthError/userMismatch(_:)`` when the credential is another account's (nothing changed).
    public func signInAgain(with provider: ProviderType, uiClients: SignInUIClients) async throws(AuthError)
        -> AuthCredential
    {
        let session = try await sessions.validSession()
        guard let uiClient = uiClients[provider], let authProvider = authProviders[provider] else {
            throw .recentSignInRequired(provider)
        }
        guard case .credential(let credential) = try await uiClient.obtainCredential() else {
            throw .recentSignInRequired(provider)
        }
        let renewed: UserSession
        do {
            renewed = try await authProvider.reauthenticate(credential, session: session)
        } catch {
            throw AuthError.normalizing(error)
        }
        guard renewed.uid == session.uid else { throw .userMismatch(provider) }
        try await sessions.establish(renewed)
        return credential
    }
}
