/// Runs the sensitive operations of the signed-in user (deleting the account, changing the password, unlinking a
/// provider), which the backend refuses when the session's sign-in is not recent
/// (``AuthError/recentSignInRequired(_:)``, Firebase's `CREDENTIAL_TOO_OLD_LOGIN_AGAIN`).
///
/// On that refusal it signs the user in again with the provider the session signed in with: through the screen's UI
/// client for a provider with a sheet (Apple, Google), or with the current password the screen's action carried for
/// an email account (the screen asks for it as it asks for a new one). It checks that the new credential is the same
/// account's, keeps the fresh session, and runs the operation once more. The same provider keeps the step familiar
/// and proves the same thing the original sign-in did.
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
    ///   - currentPassword: The account's password, for an email account, if the screen has it.
    ///   - operation: The backend call, given a valid session.
    /// - Throws: ``AuthError/recentSignInRequired(_:)`` when the user did not sign in again (cancelled, no UI client
    ///   for the provider, or no current password for an email account: ask for it and send the action again);
    ///   ``AuthError/userMismatch(_:)`` when they signed in to another account (nothing changed); what `operation`
    ///   throws.
    public func run<T: Sendable>(
        uiClients: SignInUIClients, currentPassword: Secret? = nil,
        _ operation: @escaping @Sendable (UserSession) async throws(AuthError) -> T
    ) async throws(AuthError) -> T {
        do {
            return try await sessions.authorized(operation)
        } catch .recentSignInRequired(let asked) {
            let session = try await sessions.validSession()
            // A password the screen already has proves the account as well as the sign-in's own provider does.
            let provider =
                currentPassword != nil && session.providerIds.contains(.emailPassword)
                ? .emailPassword : session.signInProvider ?? asked
            _ = try await signInAgain(with: provider, uiClients: uiClients, currentPassword: currentPassword)
            return try await sessions.authorized(operation)
        }
    }

    /// Signs the current user in again with `provider` now, whatever the backend would ask: deleting an account
    /// with an Apple identity needs Apple's fresh authorization code.
    /// - Returns: The credential the user gave (its authorization code has not been used yet).
    /// - Throws: ``AuthError/recentSignInRequired(_:)`` when the user cancelled, the screen has no UI client for
    ///   `provider`, or an email account's current password was not given; ``AuthError/userMismatch(_:)`` when the
    ///   credential is another account's (nothing changed).
    public func signInAgain(
        with provider: ProviderType, uiClients: SignInUIClients, currentPassword: Secret? = nil
    ) async throws(AuthError) -> AuthCredential {
        let session = try await sessions.validSession()
        guard let authProvider = authProviders[provider] else { throw .recentSignInRequired(provider) }
        let credential: AuthCredential
        if provider == .emailPassword {
            guard let currentPassword, let email = session.email else { throw .recentSignInRequired(provider) }
            credential = AuthCredential(provider: .emailPassword, email: email, password: currentPassword)
        } else {
            guard let uiClient = uiClients[provider],
                case .credential(let obtained) = try await uiClient.getCredential()
            else { throw .recentSignInRequired(provider) }
            credential = obtained
        }
        let renewed = try await authProvider.reauthenticate(credential, session: session)
        guard renewed.uid == session.uid else { throw .userMismatch(provider) }
        try await sessions.establish(renewed)
        return credential
    }
}
