import SignInDomain

/// The identity backend the auth providers sign in at: Firebase Authentication's REST API in
/// production, `EmbeddedIdentityService` in the demo and the tests.
///
/// The operations are named after Firebase's (`accounts:signInWithIdp`, the secure-token refresh), so that
/// a REST implementation is a thin mapping. This port lives in Data because only the Data layer calls it.
public protocol IdentityBackend: Sendable {
    /// Signs in with an identity provider's token (Apple, Google) and, for Apple, the raw nonce.
    /// - Throws: ``IdentityBackendError`` when the backend refuses.
    func signInWithIdP(_ request: IdPSignInRequest) async throws -> BackendSessionResponse

    /// Exchanges a refresh token for new tokens. The refresh token rotates: the one sent stops working.
    /// - Throws: ``IdentityBackendError`` with ``IdentityBackendError/Code/invalidRefreshToken`` when the
    ///   token is unknown, already used or revoked, ``IdentityBackendError/Code/userNotFound`` when its
    ///   account is gone.
    func refreshSession(refreshToken: Secret) async throws -> BackendSessionResponse

    /// Revokes a refresh token. Revoking an unknown token succeeds: the outcome is the same.
    func revokeRefreshToken(_ refreshToken: Secret) async throws
}
