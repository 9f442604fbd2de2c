/// Creates an email/password account and signs it in. The email's syntax and the password policy are
/// checked before any call.
public struct SignUpUseCase: Sendable {
    private let accounts: any SignUpService
    private let sessions: SessionManager

    /// Creates the use case.
    public init(accounts: any SignUpService, sessions: SessionManager) {
        self.accounts = accounts
        self.sessions = sessions
    }

    /// Signs up.
    /// - Throws: ``AuthError/invalidEmail``, ``AuthError/weakPassword(_:)``,
    ///   ``AuthError/emailAlreadyInUse(_:)``.
    public func callAsFunction(email: String, password: Secret) async throws(AuthError) -> UserSession {
        let email = try EmailAddress.validate(email)
        try PasswordPolicy.validate(password.value)
        let session = try await accounts.signUp(email: email, password: password)
        try await sessions.establish(session)
        return session
    }
}
