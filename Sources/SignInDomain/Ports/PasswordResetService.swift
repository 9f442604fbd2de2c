/// Password reset by a mailed link (a deep link with a one-time code).
public protocol PasswordResetService: Sendable {
    /// Asks the backend to mail a password-reset link. The answer is the same whether or not the email has
    /// an account, unless the backend's project tells them apart: then ``AuthError/emailNotFound``.
    func sendPasswordReset(email: String) async throws(AuthError)

    /// Sets a new password with the code from the mailed link. The code works once and expires.
    /// - Throws: ``AuthError/invalidResetCode``, ``AuthError/resetCodeExpired``, ``AuthError/weakPassword(_:)``.
    func confirmPasswordReset(code: Secret, newPassword: Secret) async throws(AuthError)
}
