public import SignInDomain

/// Email and password accounts: Firebase's `accounts:signUp` and `accounts:signInWithPassword`, a team's own
/// sign-up and login routes.
public protocol PasswordBackend: Sendable {
    /// Creates an email/password account.
    /// - Throws: ``IdentityBackendError/Code/emailExists``, ``IdentityBackendError/Code/weakPassword``,
    ///   ``IdentityBackendError/Code/invalidEmail``.
    func signUp(email: String, password: Secret) async throws -> BackendSessionResponse

    /// Signs in with email and password.
    /// - Throws: ``IdentityBackendError/Code/invalidLoginCredentials`` for an unknown email and a wrong password
    ///   alike.
    func signInWithPassword(email: String, password: Secret) async throws -> BackendSessionResponse

    /// Signs the account of `idToken` in again with its email and password, so that its sensitive operations count
    /// as recent. Nothing is created.
    /// - Throws: ``IdentityBackendError/Code/userMismatch`` when the credential belongs to another account or to
    ///   none, and the checks of ``signInWithPassword(email:password:)``.
    func reauthenticate(idToken: Secret, email: String, password: Secret) async throws -> BackendSessionResponse
}
