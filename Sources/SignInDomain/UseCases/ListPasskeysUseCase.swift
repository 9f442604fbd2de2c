/// The signed-in account's passkeys.
public struct ListPasskeysUseCase: Sendable {
    private let passkeys: any PasskeyService
    private let sessions: SessionManager

    /// Creates the use case.
    public init(passkeys: any PasskeyService, sessions: SessionManager) {
        self.passkeys = passkeys
        self.sessions = sessions
    }

    /// The passkeys, in the order the backend lists them (oldest first).
    /// - Throws: ``AuthError/notSignedIn``.
    public func callAsFunction() async throws(AuthError) -> [Passkey] {
        let passkeys = self.passkeys
        return try await sessions.authorized { session throws(AuthError) in try await passkeys.passkeys(for: session) }
    }
}
