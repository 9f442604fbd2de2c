public import SignInDomain

/// Renews and revokes the sessions of an identity backend: what every backend offers. Firebase's secure-token
/// refresh; a team's own API's refresh and sign-out routes.
///
/// The Data layer's ports are split by what a backend offers (``SessionBackend``, ``PasswordBackend``,
/// ``PasswordResetBackend``, ``PasswordChangeBackend``, ``GuestBackend``, ``IdentityProviderBackend``,
/// ``LinkingBackend``, ``AccountDeletionBackend``), so that a backend without guests or identity providers simply
/// has no such port, and an app wires only what its backend has (``IdentityBackendCapabilities``). Every operation
/// throws ``IdentityBackendError`` when the backend refuses. Calls made for a signed-in user carry the session's ID
/// token, as Firebase's do.
public protocol SessionBackend: Sendable {
    /// Whether ``refreshSession(refreshToken:)`` can renew a session at all: `false` for an API without a refresh,
    /// whose sessions expire. A wrapper forwards its base's.
    var canRefreshSessions: Bool { get }

    /// Exchanges a refresh token for new tokens. The refresh token rotates: the one sent stops working.
    /// - Throws: ``IdentityBackendError/Code/invalidRefreshToken`` when the token is unknown, already used or
    ///   revoked, ``IdentityBackendError/Code/userNotFound`` when its account is gone.
    func refreshSession(refreshToken: Secret) async throws -> BackendSessionResponse

    /// Revokes a refresh token. Revoking an unknown token succeeds: the outcome is the same.
    func revokeRefreshToken(_ refreshToken: Secret) async throws
}
