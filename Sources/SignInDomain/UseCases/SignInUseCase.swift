/// Signs the user in with a provider, through the screen's UI clients; called like a function (`signIn(provider, uiClients:)`).
///
/// The steps: find the provider's UI client and ``AuthProvider`` (either missing is a typed "not
/// configured" error, found before the user is bothered), obtain the credential from the user (a cancel
/// is ``SignInResult/cancelled``), exchange it for a session, store the session. Nothing is stored unless
/// every step succeeds, so a failure leaves any existing session as it was.
public struct SignInUseCase: Sendable {
    private let authProviders: [ProviderType: any AuthProvider]
    private let sessions: SessionManager

    /// Creates the use case.
    /// - Parameters:
    ///   - authProviders: One ``AuthProvider`` per provider; a later one replaces an earlier one of the
    ///     same type.
    ///   - sessions: Stores the new session and announces it.
    public init(
        authProviders: [any AuthProvider],
        sessions: SessionManager
    ) {
        self.authProviders = Dictionary(authProviders.map { ($0.type, $0) }, uniquingKeysWith: { _, last in last })
        self.sessions = sessions
    }

    /// Signs in with `provider`, using the screen's UI clients.
    /// - Parameters:
    ///   - provider: The provider the user chose.
    ///   - uiClients: The screen's UI clients, as `SignInUIClientBuilder.build()` returns them.
    /// - Returns: ``SignInResult/signedIn(_:)`` with the stored session, ``SignInResult/cancelled``, or
    ///   ``SignInResult/secondFactorRequired(_:)`` when the account asks for a code (nothing is stored yet).
    /// - Throws: ``AuthError``.
    public func callAsFunction(_ provider: ProviderType, uiClients: SignInUIClients) async throws(AuthError)
        -> SignInResult
    {
        guard let uiClient = uiClients[provider] else { throw .providerNotConfigured(provider) }
        guard let authProvider = authProviders[provider] else { throw .authProviderMissing(provider) }

        guard case .credential(let credential) = try await uiClient.getCredential() else {
            return .cancelled
        }

        do {
            return .signedIn(try await exchange(credential, with: authProvider))
        } catch .secondFactorRequired(let challenge) {
            return .secondFactorRequired(challenge)
        }
    }

    /// Signs in with a credential the app already has: the recovery from
    /// ``AuthError/credentialAlreadyInUse(_:)`` ("sign in to that account instead").
    /// - Throws: ``AuthError/authProviderMissing(_:)`` and what the ``AuthProvider`` throws,
    ///   ``AuthError/secondFactorRequired(_:)`` included.
    public func signIn(with credential: AuthCredential) async throws(AuthError) -> UserSession {
        guard let authProvider = authProviders[credential.provider] else {
            throw .authProviderMissing(credential.provider)
        }
        return try await exchange(credential, with: authProvider)
    }

    private func exchange(_ credential: AuthCredential, with authProvider: any AuthProvider) async throws(AuthError)
        -> UserSession
    {
        let session = try await authProvider.signIn(with: credential)
        try await sessions.establish(session)
        return session
    }
}
