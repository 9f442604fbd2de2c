public import SignInDomain

/// Exchanges an identity token from an OpenID-Connect-style provider for a session at the identity backend: the
/// token (with its raw nonce) goes to `accounts:signInWithIdp` under the provider's id, or is linked to the
/// signed-in account, and the answer or the error is mapped for Domain.
///
/// Any such provider uses it as it is: `IdPAuthProvider(type: ProviderType(rawValue: "oidc.acme"), backend:
/// backend)`. The backend decides which ids it accepts (the embedded backend its registered issuers; Firebase
/// `apple.com`, `google.com` and the project's `oidc.<name>` providers). ``AppleAuthProvider`` and
/// ``GoogleAuthProvider`` are this type for `apple.com` and `google.com`.
///
/// The first-sign-in profile (Apple's name and email, sent once) is stashed before the backend call and forgotten
/// only after a call that carried it succeeded; a later credential of the same user without it gets it back.
public struct IdPAuthProvider: AuthProvider {
    public let type: ProviderType
    let backend: any IdentityProviderBackend
    let linking: (any LinkingBackend)?
    let clock: any WallClock
    let profiles: any FirstSignInProfileStash

    /// Creates the provider.
    /// - Parameters:
    ///   - type: The provider's id at the backend.
    ///   - backend: Where identity tokens are exchanged for sessions.
    ///   - linking: Where a token is linked to a signed-in account; `nil` when the backend cannot link (then
    ///     ``link(_:to:)`` throws `AuthError/linkNotSupported(_:)`, and a screen offers no link).
    ///   - clock: The clock that turns the token lifetime into an expiry date.
    ///   - profiles: Where a first sign-in's name and email wait until a backend call that carried them succeeds.
    public init(
        type: ProviderType, backend: any IdentityProviderBackend, linking: (any LinkingBackend)? = nil,
        clock: any WallClock = SystemWallClock(),
        profiles: any FirstSignInProfileStash = InMemoryFirstSignInProfileStash()
    ) {
        self.type = type
        self.backend = backend
        self.linking = linking
        self.clock = clock
        self.profiles = profiles
    }

    public func signIn(with credential: AuthCredential) async throws(AuthError) -> UserSession {
        let (credential, key) = await withFirstSignInProfile(credential)
        let request = try makeRequest(credential)
        return try await call(credential, profileKey: key) {
            try await backend.signInWithIdP(request)
        }
    }

    public func link(_ credential: AuthCredential, to session: UserSession) async throws(AuthError) -> UserSession {
        guard let linking else { throw .linkNotSupported(type) }
        let (credential, key) = await withFirstSignInProfile(credential)
        let request = try makeRequest(credential)
        return try await call(credential, profileKey: key) {
            try await linking.linkWithIdP(idToken: session.tokens.idToken, request)
        }
    }

    public func reauthenticate(_ credential: AuthCredential, session: UserSession) async throws(AuthError)
        -> UserSession
    {
        let (credential, key) = await withFirstSignInProfile(credential)
        let request = try makeRequest(credential)
        return try await call(credential, profileKey: key) {
            try await backend.reauthenticate(idToken: session.tokens.idToken, with: request)
        }
    }

    /// Stashes the credential's first-sign-in profile, or fills a credential without one from the stash.
    private func withFirstSignInProfile(_ credential: AuthCredential) async -> (AuthCredential, String?) {
        let carriesProfile = credential.fullName != nil || credential.email != nil
        if !carriesProfile, await profiles.isEmpty() { return (credential, nil) }
        guard let key = FirstSignInProfileKey.of(credential) else { return (credential, nil) }
        var credential = credential
        if carriesProfile {
            await profiles.keep(FirstSignInProfile(fullName: credential.fullName, email: credential.email), for: key)
            return (credential, key)
        }
        guard let kept = await profiles.profile(for: key) else { return (credential, nil) }
        credential.fullName = kept.fullName
        credential.email = kept.email
        return (credential, key)
    }

    private func makeRequest(_ credential: AuthCredential) throws(AuthError) -> IdPSignInRequest {
        let idToken = credential.idToken ?? Secret("")
        guard !idToken.value.isEmpty || credential.pendingToken != nil else { throw .missingIdentityToken(type) }
        return IdPSignInRequest(
            providerId: type.rawValue, idToken: idToken, rawNonce: credential.rawNonce,
            accessToken: credential.accessToken, fullName: credential.fullName, email: credential.email,
            pendingToken: credential.pendingToken)
    }

    private func call(
        _ credential: AuthCredential, profileKey: String?,
        _ body: () async throws -> BackendSessionResponse
    ) async throws(AuthError) -> UserSession {
        let response: BackendSessionResponse
        do {
            response = try await body()
        } catch let error as IdentityBackendError {
            if error.code == .credentialAlreadyInUse || error.code == .federatedUserIdAlreadyLinked {
                // What the backend returned signs in to the account that has the identity; the credential sent may
                // not do it again (its nonce is used once).
                var returned = credential
                if let pendingToken = error.pendingToken { returned.pendingToken = pendingToken }
                if let idToken = error.returnedIDToken { returned.idToken = idToken }
                throw .credentialAlreadyInUse(returned)
            }
            // The account that has the email is named by the backend; the credential may carry none.
            if error.code == .emailExists { throw .emailAlreadyInUse(error.email ?? credential.email ?? "") }
            throw error.toDomain(provider: type)
        } catch {
            throw AuthError.normalizing(error)
        }
        var session = response.toDomain(now: clock.now())
        if let profileKey {
            await profiles.forget(profileKey)
            // A backend that keeps no name still leaves it in the session.
            if session.displayName == nil { session.displayName = credential.fullName?.formatted }
        }
        return session
    }
}
