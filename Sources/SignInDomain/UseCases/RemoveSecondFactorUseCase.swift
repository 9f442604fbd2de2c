/// Removes a second factor from the signed-in account. A sensitive operation: the backend wants a recent sign-in,
/// which ``Reauthentication`` asks for. Removing the last factor turns two-step sign-in off, so it must be confirmed.
public struct RemoveSecondFactorUseCase: Sendable {
    private let factors: any SecondFactorService
    private let sessions: SessionManager
    private let reauthentication: Reauthentication

    /// Creates the use case.
    public init(factors: any SecondFactorService, sessions: SessionManager, authProviders: [any AuthProvider] = []) {
        self.factors = factors
        self.sessions = sessions
        self.reauthentication = Reauthentication(authProviders: authProviders, sessions: sessions)
    }

    /// Removes the factor `id`.
    /// - Parameters:
    ///   - id: The factor's id.
    ///   - confirmingLast: Whether the user confirmed that removing the account's last factor turns two-step sign-in
    ///     off (the password alone signs in again).
    ///   - currentPassword: The account's password, to sign in again with it if the backend asks.
    ///   - uiClients: The screen's UI clients, to sign in again if the backend asks for it.
    /// - Returns: The session afterwards, stored.
    /// - Throws: ``AuthError/notSignedIn``, ``AuthError/secondFactorNotFound``, ``AuthError/lastSecondFactor`` when
    ///   it is the last and `confirmingLast` is false (nothing changed), ``AuthError/recentSignInRequired(_:)``.
    public func callAsFunction(
        id: String, confirmingLast: Bool = false, currentPassword: Secret? = nil, uiClients: SignInUIClients = [:]
    ) async throws(AuthError) -> UserSession {
        guard try await sessions.currentSession() != nil else { throw .notSignedIn }
        let factors = self.factors
        let enrolled = try await sessions.authorized { session throws(AuthError) in
            try await factors.secondFactors(for: session)
        }
        guard enrolled.contains(where: { $0.id == id }) else { throw .secondFactorNotFound }
        guard enrolled.count > 1 || confirmingLast else { throw .lastSecondFactor }
        let updated = try await reauthentication.run(uiClients: uiClients, currentPassword: currentPassword) {
            session throws(AuthError) in
            try await factors.removeSecondFactor(id: id, for: session)
        }
        try await sessions.establish(updated)
        return updated
    }
}
