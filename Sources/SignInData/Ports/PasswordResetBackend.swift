public import SignInDomain

/// Password reset by a mailed link: Firebase's `accounts:sendOobCode` and `accounts:resetPassword`.
public protocol PasswordResetBackend: Sendable {
    /// Mails a password-reset link. Answers the same for an email with no account, unless the backend's project
    /// tells them apart (Firebase without email enumeration protection): then ``IdentityBackendError/Code/emailNotFound``.
    func sendPasswordResetEmail(email: String) async throws

    /// Sets a new password with a reset code; the code works once and expires.
    /// - Throws: ``IdentityBackendError/Code/invalidOOBCode``, ``IdentityBackendError/Code/expiredOOBCode``,
    ///   ``IdentityBackendError/Code/weakPassword``.
    func confirmPasswordReset(code: Secret, newPassword: Secret) async throws
}

/// Checking a reset code without using it (Firebase's `accounts:resetPassword` with the `oobCode` alone, which its
/// SDKs call `verifyPasswordResetCode`): a screen can say whose password the link sets, or that the link is no
/// good, before the user types a new password.
public protocol PasswordResetCodeBackend: Sendable {
    /// The email of the account whose password the code sets; the code stays usable.
    /// - Throws: ``IdentityBackendError/Code/invalidOOBCode``, ``IdentityBackendError/Code/expiredOOBCode``.
    func checkPasswordResetCode(_ code: Secret) async throws -> String
}
