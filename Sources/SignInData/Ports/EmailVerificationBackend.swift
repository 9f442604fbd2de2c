public import SignInDomain

/// Email verification: Firebase's `accounts:sendOobCode` with `VERIFY_EMAIL`, and `accounts:update` with the mailed
/// `oobCode`.
public protocol EmailVerificationBackend: Sendable {
    /// Mails a verification link to the email of the account of `idToken`.
    func sendEmailVerification(idToken: Secret) async throws

    /// Marks the email the code was mailed to as verified.
    /// - Returns: That email.
    func applyEmailVerification(code: Secret) async throws -> String
}
