public import SignInDomain

/// Signs in as a guest: no credential, a new account every time (Firebase's anonymous-account upgrade). Guests cannot be linked *to*;
/// they are upgraded by linking another provider to them.
public struct AnonymousAuthProvider: AuthProvider {
    public let type = ProviderType.anonymous

    private let backend: any GuestBackend
    private let clock: any WallClock

    /// Creates the provider.
    public init(backend: any GuestBackend, clock: any WallClock = SystemWallClock()) {
        self.backend = backend
        self.clock = clock
    }

    public func signIn(with credential: AuthCredential) async throws(AuthError) -> UserSession {
        return try await IdentityBackendError.translating(for: type) {
            try await backend.signUpAnonymously().toDomain(now: clock.now())
        }
    }
}
