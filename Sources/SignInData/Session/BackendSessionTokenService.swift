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
        tracer.record(.data, "BackendSessionTokenService.refresh", .dataRefreshRequested)
        let response = try await IdentityBackendError.translating(
            for: session.providerIds.first ?? .anonymous,
            special: { error in
                tracer.record(
                    .data, "BackendSessionTokenService.refresh", .dataBackendRefused(code: error.code.rawValue))
                return nil
            }
        ) { try await backend.refreshSession(refreshToken: session.tokens.refreshToken) }
        var refreshed = response.toDomain(now: clock.now())
        refreshed.isNewUser = false
        return refreshed
    }

    public func revoke(_ session: UserSession) async throws {
        try await IdentityBackendError.translating(for: session.providerIds.first ?? .anonymous) {
            try await backend.revokeRefreshToken(session.tokens.refreshToken)
        }
    }
}
