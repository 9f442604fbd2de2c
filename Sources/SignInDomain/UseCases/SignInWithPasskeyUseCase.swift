/// Signs in with a passkey, without a user name: the device offers the passkeys it holds for the relying party
/// (discoverable credentials), the user picks one, and the backend finds the account from it. No password is asked.
public struct SignInWithPasskeyUseCase: Sendable {
    private let passkeys: any PasskeyService
    private let authenticator: any PasskeyAuthenticator
    private let sessions: SessionManager

    /// Creates the use case.
    public init(passkeys: any PasskeyService, authenticator: any PasskeyAuthenticator, sessions: SessionManager) {
        self.passkeys = passkeys
        self.authenticator = authenticator
        self.sessions = sessions
    }

    /// Signs in.
    /// - Returns: ``SignInResult/signedIn(_:)`` with the stored session, or ``SignInResult/cancelled``.
    /// - Throws: ``AuthError/noPasskeyAvailable``, ``AuthError/passkeyRejected(_:)``, ``AuthError/passkeyNotFound``,
    ///   ``AuthError/userDisabled``.
    public func callAsFunction() async throws(AuthError) -> SignInResult {
        let request = try await passkeys.startSignIn()
        guard case .completed(let assertion) = try await authenticator.assert(request) else {
            return .cancelled
        }
        var session: UserSession
        session = try await passkeys.finishSignIn(assertion)
        if session.signInProvider == nil { session.signInProvider = .passkey }
        try await sessions.establish(session)
        return .signedIn(session)
    }
}
