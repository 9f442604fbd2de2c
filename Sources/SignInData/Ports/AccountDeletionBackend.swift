public import SignInDomain

/// Deleting an account: Firebase's `accounts:delete`, with the v2 `accounts:revokeToken` first for an Apple identity.
public protocol AccountDeletionBackend: Sendable {
    /// Deletes the account of `idToken`, its identities and its refresh tokens. With a `revocation`, the provider's
    /// tokens for the app are revoked first, and when that fails nothing is deleted.
    /// - Throws: ``IdentityBackendError/Code/credentialTooOld`` when the session's sign-in is not recent,
    ///   ``IdentityBackendError/Code/idpRevocationFailed`` when the revocation failed.
    func deleteAccount(idToken: Secret, revoking revocation: ProviderRevocation?) async throws
}
