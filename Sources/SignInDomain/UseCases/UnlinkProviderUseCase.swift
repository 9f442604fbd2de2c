/// Unlinks a provider from the signed-in account, except its last one. A sensitive operation: the backend wants
/// a recent sign-in, which ``Reauthentication`` asks for.
public struct UnlinkProviderUseCase: Sendable {
    private let accounts: any UnlinkService
    private let sessions: SessionManager
    private let reauthentication: Reauthentication

    /// Creates the use case.
    /// - Parameters:
    ///   - accounts: The account service.
    ///   - sessions: The session manager.
    ///   - authProviders: The providers the user can sign in again with when the backend asks for it.
    public init(accounts: any UnlinkService, sessions: SessionManager, authProviders: [any AuthProvider] = []) {
        self.accounts = accounts
        self.sessions = sessions
        self.reauthentication = Reauthentication(authProviders: authProviders, sessions: sessions)
    }

    /// Unlinks `provider`.
    /// - Parameters:
    ///   - provider: The provider to unlink.
    ///   - uiClients: The screen's UI clients, to sign in again if the backend asks for it.
    ///   - currentPassword: The account's password, to sign in again with it if the backend asks.
    /// - Throws: ``AuthError/notSignedIn``, ``AuthError/providerNotLinked(_:)``,
    ///   ``AuthError/cannotUnlinkLastProvider``, ``AuthError/recentSignInRequired(_:)`` when the user did not
    ///   sign in again.
    public func callAsFunction(
        _ provider: ProviderType, uiClients: SignInUIClients = [:], currentPassword: Secret? = nil
    ) async throws(AuthError) -> UserSession {
        guard let current = try await sessions.currentSession() else { throw .notSignedIn }
        guard current.providerIds.contains(provider) else { throw .providerNotLinked(provider) }
        guard current.providerIds.count > 1 else { throw .cannotUnlinkLastProvider }
        let accounts = self.accounts
        let updated = try await reauthentication.run(uiClients: uiClients, currentPassword: currentPassword) {
            session throws(AuthError) in
            try await accounts.unlink(provider, from: session)
        }
        try await sessions.establish(updated)
        return updated
    }
}
