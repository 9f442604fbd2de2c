import SignInDomain

/// The identity backend the Data layer talks to: Firebase Authentication's REST API in production,
/// `EmbeddedIdentityService` in the demo and the tests.
///
/// The operations are named after Firebase's (`accounts:signInWithIdp`, `accounts:signUp`,
/// `accounts:signInWithPassword`, `accounts:update`, `accounts:sendOobCode`, `accounts:resetPassword`,
/// `accounts:delete`, the secure-token refresh), so that a REST implementation is a thin mapping. Calls made
/// for a signed-in user carry the session's ID token, as Firebase's do. This port lives in Data because only
/// the Data layer calls it. Every operation throws ``IdentityBackendError`` when the backend refuses.
public protocol IdentityBackend: Sendable {
    /// Signs in with an identity provider's token (Apple, Google) and, for Apple, the raw nonce.
    func signInWithIdP(_ request: IdPSignInRequest) async throws -> BackendSessionResponse

    /// Exchanges a refresh token for new tokens. The refresh token rotates: the one sent stops working.
    /// - Throws: ``IdentityBackendError/Code/invalidRefreshToken`` when the token is unknown, already used or
    ///   revoked, ``IdentityBackendError/Code/userNotFound`` when its account is gone.
    func refreshSession(refreshToken: Secret) async throws -> BackendSessionResponse

    /// Revokes a refresh token. Revoking an unknown token succeeds: the outcome is the same.
    func revokeRefreshToken(_ refreshToken: Secret) async throws

    /// Creates a guest account (Firebase's `accounts:signUp` with no email).
    func signUpAnonymously() async throws -> BackendSessionResponse

    /// Creates an email/password account.
    /// - Throws: ``IdentityBackendError/Code/emailExists``, ``IdentityBackendError/Code/weakPassword``,
    ///   ``IdentityBackendError/Code/invalidEmail``.
    func signUp(email: String, password: Secret) async throws -> BackendSessionResponse

    /// Signs in with email and password.
    /// - Throws: ``IdentityBackendError/Code/invalidLoginCredentials`` for an unknown email and a wrong password
    ///   alike.
    func signInWithPassword(email: String, password: Secret) async throws -> BackendSessionResponse

    /// Links an identity provider's token to the account of `idToken`.
    /// - Throws: ``IdentityBackendError/Code/credentialAlreadyInUse``,
    ///   ``IdentityBackendError/Code/providerAlreadyLinked``, and the token checks of ``signInWithIdP(_:)``.
    func linkWithIdP(idToken: Secret, _ request: IdPSignInRequest) async throws -> BackendSessionResponse

    /// Links email and password to the account of `idToken`.
    /// - Throws: ``IdentityBackendError/Code/emailExists``, ``IdentityBackendError/Code/providerAlreadyLinked``.
    func linkWithPassword(idToken: Secret, email: String, password: Secret) async throws -> BackendSessionResponse

    /// Unlinks a provider from the account of `idToken` (Firebase's `accounts:update` with `deleteProvider`). The
    /// session's tokens stay valid, as Firebase's do; the answer is the account as it is now.
    /// - Throws: ``IdentityBackendError/Code/noSuchProvider``, ``IdentityBackendError/Code/lastProvider``,
    ///   ``IdentityBackendError/Code/credentialTooOld`` when the session's sign-in is not recent.
    func unlink(idToken: Secret, providerId: String) async throws -> BackendAccountInfo

    /// Mails a password-reset link. Answers the same for an email with no account.
    func sendPasswordResetEmail(email: String) async throws

    /// Sets a new password with a reset code; the code works once and expires.
    /// - Throws: ``IdentityBackendError/Code/invalidOOBCode``, ``IdentityBackendError/Code/expiredOOBCode``,
    ///   ``IdentityBackendError/Code/weakPassword``.
    func confirmPasswordReset(code: Secret, newPassword: Secret) async throws

    /// Deletes the account of `idToken`, its identities and its refresh tokens. With a `revocation`, the
    /// provider's tokens for the app are revoked first (Firebase's v2 `accounts:revokeToken` with the
    /// authorization code), and when that fails nothing is deleted.
    /// - Throws: ``IdentityBackendError/Code/credentialTooOld`` when the session's sign-in is not recent,
    ///   ``IdentityBackendError/Code/idpRevocationFailed`` when the revocation failed.
    func deleteAccount(idToken: Secret, revoking revocation: ProviderRevocation?) async throws

    /// Sets a new password for the account of `idToken` (Firebase's `accounts:update` with `password`). Every
    /// other session of the account ends; the answer is the caller's new session.
    /// - Throws: ``IdentityBackendError/Code/credentialTooOld`` when the session's sign-in is not recent,
    ///   ``IdentityBackendError/Code/noSuchProvider`` when the account has no password,
    ///   ``IdentityBackendError/Code/weakPassword``.
    func changePassword(idToken: Secret, newPassword: Secret) async throws -> BackendSessionResponse

    /// Signs the account of `idToken` in again with a fresh credential, so that its sensitive operations count
    /// as recent. Nothing is created or linked.
    /// - Throws: ``IdentityBackendError/Code/userMismatch`` when the credential belongs to another account or
    ///   to none, and the checks of the matching sign-in.
    func reauthenticate(idToken: Secret, with request: ReauthenticationRequest) async throws -> BackendSessionResponse
}
