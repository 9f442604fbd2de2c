public import SignInDomain

/// Exchanges a Google credential (an ID token and an access token; the nonce is optional for Google) for a
/// session at the identity backend.
public struct GoogleAuthProvider: AuthProvider {
    public var type: ProviderType { .google }

    private let exchange: IdPAuthProvider

    /// Creates the provider.
    /// - Parameters:
    ///   - backend: Where Google's tokens are exchanged for sessions.
    ///   - linking: Where a Google token is linked to a signed-in account; `nil` when the backend cannot link.
    ///   - clock: Counts the session's expiry.
    public init(
        backend: any IdentityProviderBackend, linking: (any LinkingBackend)? = nil,
        clock: any WallClock = SystemWallClock()
    ) {
        exchange = IdPAuthProvider(
            type: .google, backend: backend, linking: linking, clock: clock,
            profiles: InMemoryFirstSignInProfileStash())
    }

    public func signIn(with credential: AuthCredential) async throws(AuthError) -> UserSession {
        try await exchange.signIn(with: credential)
    }

    public func link(_ credential: AuthCredential, to session: UserSession) async throws(AuthError) -> UserSession {
        try await exchange.link(credential, to: session)
    }

    /// Signs the session's account in again with a fresh credential, for a sensitive operation.
    /// - Throws: `AuthError/userMismatch(_:)` when the credential is another account's.
    public func reauthenticate(_ credential: AuthCredential, session: UserSession) async throws(AuthError)
        -> UserSession
    {
        try await exchange.reauthenticate(credential, session: session)
    }
}
