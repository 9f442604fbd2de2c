public import SignInDomain

/// Signs in with a custom token from the team's own server: the credential's `AuthCredential.idToken` holds it (its
/// screen is whatever asks the team's server, after the user signed in there). The session's provider is `custom`,
/// as Firebase names it. It cannot be linked: another provider is linked to the account it signs in to.
public struct CustomTokenAuthProvider: AuthProvider {
    public let type = ProviderType.customToken

    private let backend: any CustomTokenBackend
    private let clock: any WallClock

    /// Creates the provider.
    public init(backend: any CustomTokenBackend, clock: any WallClock = SystemWallClock()) {
        self.backend = backend
        self.clock = clock
    }

    public func signIn(with credential: AuthCredential) async throws(AuthError) -> UserSession {
        guard let token = credential.idToken, !token.value.isEmpty else {
            throw AuthError.missingIdentityToken(type)
        }
        return try await IdentityBackendError.translating(for: type) {
            try await backend.signInWithCustomToken(token).toDomain(now: clock.now())
        }
    }
}
