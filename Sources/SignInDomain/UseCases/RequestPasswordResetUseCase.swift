/// Asks for a password-reset mail (the Go todo service). The answer is the same whether or not the email has an account.
public struct RequestPasswordResetUseCase: Sendable {
    private let accounts: any PasswordResetService

    /// Creates the use case.
    public init(accounts: any PasswordResetService) {
        self.accounts = accounts
    }

    /// Requests the mail.
    /// - Throws: ``AuthError/invalidEmail`` (before any call).
    public func callAsFunction(email: String) async throws(AuthError) {
        let email = try EmailAddress.validate(email)
        try await accounts.sendPasswordReset(email: email)
    }
}
