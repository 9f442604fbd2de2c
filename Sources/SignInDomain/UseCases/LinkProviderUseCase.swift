/// Links another provider to the signed-in account: how a guest keeps their uid, and everything stored for
/// it, when they choose a permanent sign-in (Firebase's anonymous-account upgrade).
public struct LinkProviderUseCase: Sendable {
    private let authProviders: [ProviderType: any AuthProvider]
    private let sessions: SessionManager

    /// Creates the use case.
    public init(
        authProviders: [any AuthProvider], sessions: SessionManager
    ) {
        self.authProviders = Dictionary(authProviders.map { ($0.type, $0) }, uniquingKeysWith: { _, last in last })
        self.sessions = sessions
    }

    /// Links `provider`, getting its credential from the screen's UI client.
    /// - Throws: ``AuthError/notSignedIn``, ``AuthError/providerAlreadyLinked(_:)``,
    ///   ``AuthError/providerNotConfigured(_:)``, ``AuthError/authProviderMissing(_:)``, the email and password
    ///   checks, ``AuthError/credentialAlreadyInUse(_:)`` (the account stays signed in and unchanged),
    ///   ``AuthError/emailAlreadyInUse(_:)``.
    public func callAsFunction(_ provider: ProviderType, uiClients: SignInUIClients) async throws(AuthError)
        -> LinkResult
    {
        guard let current = try await sessions.currentSession() else { throw .notSignedIn }
        guard !current.providerIds.contains(provider) else { throw .providerAlreadyLinked(provider) }
        guard let uiClient = uiClients[provider] else { throw .providerNotConfigured(provider) }
        guard authProviders[provider] != nil else { throw .authProviderMissing(provider) }
        guard case .credential(let credential) = try await uiClient.getCredential() else { return .cancelled }
        return .linked(try await link(credential))
    }

    /// Links a credential the screen collected itself: an email and a password typed into its form.
    /// - Throws: As ``callAsFunction(_:uiClients:)``, without the UI client's.
    public func callAsFunction(with credential: AuthCredential) async throws(AuthError) -> UserSession {
        guard let current = try await sessions.currentSession() else { throw .notSignedIn }
        guard !current.providerIds.contains(credential.provider) else {
            throw .providerAlreadyLinked(credential.provider)
        }
        return try await link(credential)
    }

    private func link(_ credential: AuthCredential) async throws(AuthError) -> UserSession {
        let provider = credential.provider
        guard let authProvider = authProviders[provider] else { throw .authProviderMissing(provider) }
        if provider == .emailPassword {
            _ = try EmailAddress.validate(credential.email ?? "")
            try PasswordPolicy.validate(credential.password?.value ?? "")
        }
        let linked = try await sessions.authorized { session throws(AuthError) in
            try await authProvider.link(credential, to: session)
        }
        try await sessions.establish(linked)
        return linked
    }
}
