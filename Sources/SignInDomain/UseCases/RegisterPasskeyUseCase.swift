/// Registers a passkey on the signed-in account: the backend's challenge, the device's sheet, the backend's check.
/// Starting is a sensitive operation: the backend wants a recent sign-in, which ``Reauthentication`` asks for. A
/// guest account is refused before anything is asked.
public struct RegisterPasskeyUseCase: Sendable {
    private let passkeys: any PasskeyService
    private let authenticator: any PasskeyAuthenticator
    private let sessions: SessionManager
    private let reauthentication: Reauthentication

    /// Creates the use case.
    /// - Parameters:
    ///   - passkeys: The backend's passkeys.
    ///   - authenticator: The device's passkeys.
    ///   - sessions: The session manager.
    ///   - authProviders: The providers a user can sign in again with, when the backend wants a recent sign-in.
    public init(
        passkeys: any PasskeyService, authenticator: any PasskeyAuthenticator, sessions: SessionManager,
        authProviders: [any AuthProvider] = []
    ) {
        self.passkeys = passkeys
        self.authenticator = authenticator
        self.sessions = sessions
        self.reauthentication = Reauthentication(authProviders: authProviders, sessions: sessions)
    }

    /// Registers a passkey named `name`.
    /// - Parameters:
    ///   - name: What the user calls it; blank: the backend's default.
    ///   - currentPassword: The account's password, to sign in again with it if the backend asks.
    ///   - uiClients: The screen's UI clients, to sign in again if the backend asks for it.
    /// - Returns: ``PasskeyRegistrationResult/registered(_:)`` or ``PasskeyRegistrationResult/cancelled``.
    /// - Throws: ``AuthError/notSignedIn``, ``AuthError/passkeyNeedsPermanentAccount`` (before any call),
    ///   ``AuthError/recentSignInRequired(_:)``, ``AuthError/passkeyRejected(_:)``,
    ///   ``AuthError/passkeyAlreadyRegistered``, ``AuthError/noPasskeyAvailable``.
    public func callAsFunction(name: String = "", currentPassword: Secret? = nil, uiClients: SignInUIClients = [:])
        async throws(AuthError) -> PasskeyRegistrationResult
    {
        guard let current = try await sessions.currentSession() else { throw .notSignedIn }
        guard !current.isAnonymous else { throw .passkeyNeedsPermanentAccount }
        let passkeys = self.passkeys
        let request = try await reauthentication.run(uiClients: uiClients, currentPassword: currentPassword) {
            session throws(AuthError) in
            try await passkeys.startRegistration(for: session)
        }
        guard case .completed(let registration) = try await authenticator.register(request) else {
            return .cancelled
        }
        let trimmed = PasskeyName.normalized(name)
        let updated = try await sessions.authorized { session throws(AuthError) in
            try await passkeys.finishRegistration(registration, name: trimmed, for: session)
        }
        try await sessions.establish(updated)
        return .registered(updated)
    }
}
