import SignInDomain

/// Refreshes and revokes sessions at the ``IdentityBackend``: the Data side of
/// ``SignInDomain/SessionTokenService``.
public struct BackendSessionTokenService: SessionTokenService {
    private let backend: any IdentityBackend
    private let clock: any WallClock
    private let tracer: any FlowTracer

    /// Creates the service.
    public init(
        backend: any IdentityBackend, clock: any WallClock = SystemWallClock(),
        tracer: any FlowTracer = SilentFlowTracer()
    ) {
        self.backend = backend
        self.clock = clock
        self.tracer = tracer
    }

    public func refresh(_ session: UserSession) async throws -> UserSession {
        tracer.record(.data, "BackendSessionTokenService.refresh", "exchange the refresh token for new tokens")
        let response: BackendSessionResponse
        do {
            response = try await backend.refreshSession(refreshToken: session.tokens.refreshToken)
        } catch let error as IdentityBackendError {
            tracer.record(.data, "BackendSessionTokenService.refresh", "the backend refused: \(error.code.rawValue)")
            throw error.toDomain(provider: session.providerIds.first ?? .anonymous)
        }
        var refreshed = response.toDomain(now: clock.now())
        refreshed.isNewUser = false
        return refreshed
    }

    public func revoke(_ session: UserSession) async throws {
        do {
            try await backend.revokeRefreshToken(session.tokens.refreshToken)
        } catch let error as IdentityBackendError {
            throw error.toDomain(provider: session.providerIds.first ?? .anonymous)
        }
    }
}
