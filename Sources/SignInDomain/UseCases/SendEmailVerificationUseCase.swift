/// Mails a verification link to the signed-in account's email.
public struct SendEmailVerificationUseCase: Sendable {
    private let accounts: any EmailVerificationService
    private let sessions: SessionManager

    /// Creates the use case.
    public init(accounts: any EmailVerificationService, sessions: SessionManager) {
        self.accounts = accounts
        self.sessions = sessions
    }

    /// Mails the link.
    /// - Returns: The email it was mailed to.
    /// - Throws: ``AuthError/notSignedIn``, ``AuthError/noEmailToVerify`` (before any call).
    public func callAsFunction() async throws(AuthError) -> String {
        guard let current = try await sessions.currentSession() else { throw .notSignedIn }
        guard let email = current.email, !email.isEmpty else { throw .noEmailToVerify }
        let accounts = self.accounts
        try await sessions.authorized { session throws(AuthError) in
            try await accounts.sendEmailVerification(for: session)
        }
        return email
    }
}
