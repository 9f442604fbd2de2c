public import SignInDomain

/// More than one way to sign in to an account: linking an identity provider or a password to it (how a guest keeps
/// its uid), and unlinking one.
public protocol LinkingBackend: Sendable {
    /// Links an identity provider's token to the account of `idToken`.
    /// - Throws: ``IdentityBackendError/Code/credentialAlreadyInUse``,
    ///   ``IdentityBackendError/Code/providerAlreadyLinked``, and the token checks of a sign-in.
    func linkWithIdP(idToken: Secret, _ request: IdPSignInRequest) async throws -> BackendSessionResponse

    /// Links email and password to the account of `idToken`.
    /// - Throws: ``IdentityBackendError/Code/emailExists``, ``IdentityBackendError/Code/providerAlreadyLinked``.
    func linkWithPassword(idToken: Secret, email: String, password: Secret) async throws -> BackendSessionResponse

    /// Unlinks a provider from the account of `idToken` (Firebase's `accounts:update` with `deleteProvider`). The
    /// session's tokens stay valid, as Firebase's do; the answer is the account as it is now.
    /// - Throws: ``IdentityBackendError/Code/noSuchProvider``, ``IdentityBackendError/Code/lastProvider``,
    ///   ``IdentityBackendError/Code/credentialTooOld`` when the session's sign-in is not recent.
    func unlink(idToken: Secret, providerId: String) async throws -> BackendAccountInfo
}
