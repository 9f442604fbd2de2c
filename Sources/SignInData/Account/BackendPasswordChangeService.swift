public import SignInDomain

/// A signed-in user's new password at a ``PasswordChangeBackend``: the Data side of
/// `PasswordChangeService`.
public struct BackendPasswordChangeService: PasswordChangeService {
    private let backend: any PasswordChangeBackend
    private let clock: any WallClock

    /// Creates the service.
    public init(backend: any PasswordChangeBackend, clock: any WallClock = SystemWallClock()) {
        self.backend = backend
        self.clock = clock
    }

    public func changePassword(_ newPassword: Secret, for session: UserSession) async throws(AuthError) -> UserSession {
        let response = try await IdentityBackendError.translating(
            for: session.reauthenticationProvider,
            special: { $0.code == .noSuchProvider ? .providerNotLinked(.emailPassword) : nil }
        ) { try await backend.changePassword(idToken: session.tokens.idToken, newPassword: newPassword) }
        var updated = response.toDomain(now: clock.now())
        updated.isNewUser = false
        return updated
    }
}
