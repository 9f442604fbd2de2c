/// Email verification: a mailed link proves that the account's email is the user's.
public protocol EmailVerificationService: Sendable {
    /// Mails a verification link to the email of the session's account.
    func sendEmailVerification(for session: UserSession) async throws(AuthError)

    /// Marks the email the code was mailed to as verified. The code works once and expires.
    /// - Returns: The email now verified.
    /// - Throws: ``AuthError/invalidVerificationLink``.
    func applyEmailVerification(code: Secret) async throws(AuthError) -> String
}
