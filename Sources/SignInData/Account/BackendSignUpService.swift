public import SignInDomain

/// Email sign-up at a ``PasswordBackend``: the Data side of `SignUpService`.
public struct BackendSignUpService: SignUpService {
    private let backend: any PasswordBackend
    private let clock: any WallClock

    /// Creates the service.
    public init(backend: any PasswordBackend, clock: any WallClock = SystemWallClock()) {
        self.backend = backend
        self.clock = clock
    }

    public func signUp(email: String, password: Secret) async throws(AuthError) -> UserSession {
        try await IdentityBackendError.translating(
            for: .emailPassword, special: { $0.code == .emailExists ? .emailAlreadyInUse(email) : nil }
        ) { try await backend.signUp(email: email, password: password).toDomain(now: clock.now()) }
    }
}
