public import SignInDomain

/// Refreshes and revokes sessions at a ``SessionBackend``: the Data side of
/// `SessionTokenService`.
public struct BackendSessionTokenService: SessionTokenService {
    private let backend: any SessionBackend
    private let clock: any WallClock

    /// Creates the service.
    public init(
        backend: any SessionBackend, clock: any WallClock = SystemWallClock()
    ) {
        self.backend = backend
        self.clock = clock
    }

    /// The backend's: whether it can renew a session.
    public var canRefresh: Bool { backend.canRefreshSessions }

    public func refresh(_ session: UserSession) async throws(AuthError) -> UserSession {
        let response = try await IdentityBackendError.translating(for: session.providerIds.first ?? .anonymous) {
            try await backend.refreshSession(refreshToken: session.tokens.refreshToken)
        }
        var refreshed = response.toDomain(now: clock.now())
        refreshed.isNewUser = false
        return refreshed
    }

    public func revoke(_ session: UserSession) async throws(AuthError) {
        try await IdentityBackendError.translating(for: session.providerIds.first ?? .anonymous) {
            try await backend.revokeRefreshToken(session.tokens.refreshToken)
        }
    }
}
