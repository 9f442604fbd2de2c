/// Removes a passkey from the signed-in account. A sensitive operation: the backend wants a recent sign-in, which
/// ``Reauthentication`` asks for. The device may still hold the passkey; it no longer signs in.
public struct RemovePasskeyUseCase: Sendable {
    private let passkeys: any PasskeyService
    private let sessions: SessionManager
    private let reauthentication: Reauthentication

    /// Creates the use case.
    public init(passkeys: any PasskeyService, sessions: SessionManager, authProviders: [any AuthProvider] = []) {
        self.passkeys = passkeys
        self.sessions = sessions
        self.reauthentication = Reauthentication(authProviders: authProviders, sessions: sessions)
    }

    /// Removes the passkey `id`.
    /// - Parameters:
    ///   - id: The passkey's id, as ``ListPasskeysUseCase`` lists it.
    ///   - currentPassword: The account's password, to sign in again with it if the backend asks.
    ///   - uiClients: The screen's UI clients, to sign in again if the backend asks for it.
    /// - Returns: The session afterwards, stored.
    /// - Throws: ``AuthError/notSignedIn``, ``AuthError/passkeyNotFound`` (nothing changed),
    ///   ``AuthError/recentSignInRequired(_:)``.
    public func callAsFunction(id: String, currentPassword: Secret? = nil, uiClients: SignInUIClients = [:])
        async throws(AuthError) -> UserSession
    {
        guard try await sessions.currentSession() != nil else { throw .notSignedIn }
        let passkeys = self.passkeys
        let registered = try await sessions.authorized { session throws(AuthError) in
            try await passkeys.passkeys(for: session)
        }
        guard registered.contains(where: { $0.id == id }) else { throw .passkeyNotFound }
        let updated = try await reauthentication.run(uiClients: uiClients, currentPassword: currentPassword) {
            session throws(AuthError) in
            try await passkeys.removePasskey(id: id, for: session)
        }
        try await sessions.establish(updated)
        return updated
    }
}
