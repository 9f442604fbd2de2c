/// Says whose password a reset link sets, without using its code: what a screen shows when the link is opened,
/// before it asks for a new password. A link that is no good is refused here, before the user types anything.
public struct CheckPasswordResetCodeUseCase: Sendable {
    private let accounts: any PasswordResetCodeService

    /// Creates the use case.
    public init(accounts: any PasswordResetCodeService) {
        self.accounts = accounts
    }

    /// Checks the code.
    /// - Returns: The email of the account whose password the code sets.
    /// - Throws: ``AuthError/invalidResetCode`` (an empty code, before any call), ``AuthError/resetCodeExpired``.
    public func callAsFunction(code: Secret) async throws(AuthError) -> String {
        guard !code.value.isEmpty else { throw .invalidResetCode }
        return try await accounts.checkPasswordResetCode(code)
    }
}
