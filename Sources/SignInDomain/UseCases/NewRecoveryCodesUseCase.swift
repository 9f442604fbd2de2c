/// Makes a new set of recovery codes for the signed-in account, for a user who used or lost the set before: those codes
/// work no more. A sensitive operation: the backend wants a recent sign-in, which ``Reauthentication`` asks for.
public struct NewRecoveryCodesUseCase: Sendable {
    private let factors: any SecondFactorService
    private let sessions: SessionManager
    private let reauthentication: Reauthentication

    /// Creates the use case.
    public init(factors: any SecondFactorService, sessions: SessionManager, authProviders: [any AuthProvider] = []) {
        self.factors = factors
        self.sessions = sessions
        self.reauthentication = Reauthentication(authProviders: authProviders, sessions: sessions)
    }

    /// Makes the new set.
    /// - Returns: The codes, to show the user this once: the backend keeps only their hashes.
    /// - Throws: ``AuthError/notSignedIn``, ``AuthError/secondFactorNeedsPermanentAccount`` for a guest (before any
    ///   call), ``AuthError/recoveryCodesNeedSecondFactor``, ``AuthError/recentSignInRequired(_:)`` when the user did
    ///   not sign in again, ``AuthError/notSupportedByBackend(_:)`` with ``BackendFeature/recoveryCodes``.
    public func callAsFunction(currentPassword: Secret? = nil, uiClients: SignInUIClients = [:]) async throws(AuthError)
        -> [Secret]
    {
        guard let current = try await sessions.currentSession() else { throw .notSignedIn }
        guard !current.isAnonymous else { throw .secondFactorNeedsPermanentAccount }
        let factors = self.factors
        return try await reauthentication.run(uiClients: uiClients, currentPassword: currentPassword) {
            session throws(AuthError) in
            try await factors.newRecoveryCodes(for: session)
        }
    }
}
