public import SignInDomain

/// A signed-in user's profile at a ``ProfileBackend``: the Data side of `ProfileService`.
public struct BackendProfileService: ProfileService {
    private let backend: any ProfileBackend
    private let clock: any WallClock

    /// Creates the service.
    public init(backend: any ProfileBackend, clock: any WallClock = SystemWallClock()) {
        self.backend = backend
        self.clock = clock
    }

    public func updateProfile(displayName: String?, email: String?, photoURL: String?, for session: UserSession)
        async throws(AuthError) -> UserSession
    {
        let response = try await IdentityBackendError.translating(
            for: session.reauthenticationProvider,
            special: { $0.code == .emailExists ? .emailAlreadyInUse(email ?? "") : nil }
        ) {
            try await backend.updateProfile(
                idToken: session.tokens.idToken, displayName: displayName, email: email, photoURL: photoURL)
        }
        var updated = response.toDomain(now: clock.now())
        updated.isNewUser = false
        return updated
    }
}
