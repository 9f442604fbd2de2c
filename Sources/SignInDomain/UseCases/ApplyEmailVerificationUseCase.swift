/// Marks an email as verified with the code from the mailed link. The link says nothing of whose account it is, so
/// the user need not be signed in.
public struct ApplyEmailVerificationUseCase: Sendable {
    private let accounts: any EmailVerificationService

    /// Creates the use case.
    public init(accounts: any EmailVerificationService) {
        self.accounts = accounts
    }

    /// Applies the code.
    /// - Returns: The email now verified.
    /// - Throws: ``AuthError/invalidVerificationLink``.
    public func callAsFunction(code: Secret) async throws(AuthError) -> String {
        return try await accounts.applyEmailVerification(code: code)
    }
}
