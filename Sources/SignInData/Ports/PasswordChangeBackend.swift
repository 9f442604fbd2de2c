public import SignInDomain

/// A signed-in user's new password: Firebase's `accounts:update` with `password`.
public protocol PasswordChangeBackend: Sendable {
    /// Sets a new password for the account of `idToken`. Every other session of the account ends; the answer is the
    /// caller's new session.
    /// - Throws: ``IdentityBackendError/Code/credentialTooOld`` when the session's sign-in is not recent,
    ///   ``IdentityBackendError/Code/noSuchProvider`` when the account has no password,
    ///   ``IdentityBackendError/Code/weakPassword``.
    func changePassword(idToken: Secret, newPassword: Secret) async throws -> BackendSessionResponse
}
