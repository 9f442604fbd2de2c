public import SignInDomain

/// Exchanges a Sign in with Apple credential for a session at the identity backend, through its port (no Firebase
/// SDK).
public struct AppleAuthProvider: AuthProvider {
    public var type: ProviderType { .apple }

    private let exchange: IdPAuthProvider

    /// Creates the provider.
    /// - Parameters:
    ///   - backend: Where Apple's identity tokens are exchanged for sessions.
    ///   - linking: Where an Apple token is linked to a signed-in account; `nil` when the backend cannot link.
    ///   - clock: Counts the session's expiry.
    ///   - profiles: Keeps the name and email Apple sends only at the first authorization until a sign-in carrying
    ///     them succeeds; give a persistent one (a file, the Keychain) so that they survive a restart too.
    public init(
        backend: any IdentityProviderBackend, linking: (any LinkingBackend)? = nil,
        clock: any WallClock = SystemWallClock(),
        profiles: any FirstSignInProfileStash = InMemoryFirstSignInProfileStash()
    ) {
        exchange = IdPAuthProvider(type: .apple, backend: backend, linking: linking, clock: clock, profiles: profiles)
    }

    /// Signs in with an Apple credential.
    /// - Throws: `AuthError/missingIdentityToken(_:)` when the credential has no identity token,
    ///   `AuthError/invalidIdentityToken(_:)` when the backend rejects it.
    public func signIn(with credential: AuthCredential) async throws(AuthError) -> UserSession {
        try await exchange.signIn(with: credential)
    }

    /// Links an Apple credential to the signed-in account.
    /// - Throws: `AuthError/credentialAlreadyInUse(_:)` carrying the credential, still unused, so that the
    ///   app can sign in to the account that owns it instead.
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
