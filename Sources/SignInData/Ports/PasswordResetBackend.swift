import SignInDomain

/// Password reset by a mailed link: Firebase's `accounts:sendOobCode` and `accounts:resetPassword`.
public protocol PasswordResetBackend: Sendable {
    /// Mails a password-reset link. Answers the same for an email with no account.
    func sendPasswordResetEmail(email: String) async throws

    /// Sets a new password with a reset code; the code works once and expires.
    /// - Throws: ``IdentityBackendError/Code/invalidOOBCode``, ``IdentityBackendError/Code/expiredOOBCode``,
    ///   ``IdentityBackendError/Code/weakPassword``.
    func confirmPasswordReset(code: Secret, newPassword: Secret) async throws
}
