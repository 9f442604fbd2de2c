/// Checking a reset link's code without using it, so that a screen can say whose password it sets, or that the link
/// is no good, before the user chooses a new password.
public protocol PasswordResetCodeService: Sendable {
    /// The email of the account whose password the code sets. The code stays usable.
    /// - Throws: ``AuthError/invalidResetCode``, ``AuthError/resetCodeExpired``.
    func checkPasswordResetCode(_ code: Secret) async throws(AuthError) -> String
}
