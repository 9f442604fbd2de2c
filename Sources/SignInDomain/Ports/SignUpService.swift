/// Creates email/password accounts. The Data layer implements it where the backend has passwords.
///
/// The account operations that are not a provider's sign-in are split by what a backend offers
/// (``SignUpService``, ``PasswordResetService``, ``PasswordChangeService``, ``UnlinkService``,
/// ``AccountDeletionService``): a use case takes the one port it needs, and an app wires the use cases of the
/// ports its backend has.
public protocol SignUpService: Sendable {
    /// Creates an email/password account and signs it in.
    /// - Throws: ``AuthError/emailAlreadyInUse(_:)``, ``AuthError/weakPassword(_:)``, ``AuthError/invalidEmail``.
    func signUp(email: String, password: Secret) async throws(AuthError) -> UserSession
}
