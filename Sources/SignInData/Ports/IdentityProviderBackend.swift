public import SignInDomain

/// Sign-in with an identity provider's token (Apple, Google, any OpenID Connect provider): Firebase's
/// `accounts:signInWithIdp`.
public protocol IdentityProviderBackend: Sendable {
    /// Signs in with an identity provider's token and, where the provider has one, the raw nonce.
    func signInWithIdP(_ request: IdPSignInRequest) async throws -> BackendSessionResponse

    /// Signs the account of `idToken` in again with a fresh identity token, so that its sensitive operations count as
    /// recent. Nothing is created or linked.
    /// - Throws: ``IdentityBackendError/Code/userMismatch`` when the token belongs to another account or to none,
    ///   and the checks of ``signInWithIdP(_:)``.
    func reauthenticate(idToken: Secret, with request: IdPSignInRequest) async throws -> BackendSessionResponse
}
