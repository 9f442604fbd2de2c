import SignInDomain

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
    /// The name its trace steps start with (`AppleAuthProvider`, `IdPAuthProvider(oidc.acme)`).
    let component: String
    let backend: any IdentityBackend
    let clock: any WallClock
    let tracer: any FlowTracer
    let profiles: any FirstSignInProfileStash

    /// Creates the provider.
    /// - Parameters:
    ///   - type: The provider's id at the backend.
    ///   - backend: The identity backend.
    ///   - clock: The clock that turns the token lifetime into an expiry date.
    ///   - tracer: Receives the labelled steps.
    ///   - profiles: Where a first sign-in's name and email wait until a backend call that carried them succeeds.
    public init(
        type: ProviderType, backend: any IdentityBackend, clock: any WallClock = SystemWallClock(),
        tracer: any FlowTracer = SilentFlowTracer(),
        profiles: any FirstSignInProfileStash = InMemoryFirstSignInProfileStash()
    ) {
        self.init(
            type: type, component: "IdPAuthProvider(\(type.rawValue))", backend: backend, clock: clock, tracer: tracer,
            profiles: profiles)
    }

    init(
        type: ProviderType, component: String, backend: any IdentityBackend, clock: any WallClock,
        tracer: any FlowTracer, profiles: any FirstSignInProfileStash
    ) {
        self.type = type
        self.component = component
        self.backend = backend
        self.clock = clock
        self.tracer = tracer
        self.profiles = profiles
    }

    public func signIn(with credential: AuthCredential) async throws(AuthError) -> UserSession {
        let (credential, key) = await withFirstSignInProfile(credential)
        let request = try makeRequest(credential, operation: "signIn")
        return try await call(credential, operation: "signIn", profileKey: key) {
            try await backend.signInWithIdP(request)
        }
    }

    public func link(_ credential: AuthCredential, to session: UserSession) async throws(AuthError) -> UserSession {
        let (credential, key) = await withFirstSignInProfile(credential)
        let request = try makeRequest(credential, operation: "link")
        return try await call(credential, operation: "link", profileKey: key) {
            try await backend.linkWithIdP(idToken: session.tokens.idToken, request)
        }
    }

    public func reauthenticate(_ credential: AuthCredential, session: UserSession) async throws(AuthError)
        -> UserSession
    {
        let (credential, key) = await withFirstSignInProfile(credential)
        let request = try makeRequest(credential, operation: "reauthenticate")
        return try await call(credential, operation: "reauthenticate", profileKey: key) {
            try await backend.reauthenticate(idToken: session.tokens.idToken, with: .identityProvider(request))
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
        tracer.record(.data, "\(component).signIn", .dataFirstSignInProfileRestored(provider: type))
        credential.fullName = kept.fullName
        credential.email = kept.email
        return (credential, key)
    }

    private func makeRequest(_ credential: AuthCredential, operation: String) throws(AuthError) -> IdPSignInRequest {
        let name = "\(component).\(operation)"
        tracer.record(.data, name, .dataIdPCredentialReceived(provider: type))
        guard let idToken = credential.idToken, !idToken.value.isEmpty else {
            throw .missingIdentityToken(type)
        }
        tracer.record(.data, name, credential.rawNonce == nil ? .dataIdPRequestWithoutNonce : .dataIdPRequestWithNonce)
        return IdPSignInRequest(
            providerId: type.rawValue, idToken: idToken, rawNonce: credential.rawNonce,
            accessToken: credential.accessToken, fullName: credential.fullName, email: credential.email)
    }

    private func call(
        _ credential: AuthCredential, operation: String, profileKey: String?,
        _ body: () async throws -> BackendSessionResponse
    ) async throws(AuthError) -> UserSession {
        let name = "\(component).\(operation)"
        let response: BackendSessionResponse
        do {
            response = try await body()
        } catch let error as IdentityBackendError {
            tracer.record(.data, name, .dataBackendRefused(code: error.code.rawValue))
            if error.code == .credentialAlreadyInUse || error.code == .federatedUserIdAlreadyLinked {
                throw .credentialAlreadyInUse(credential)
            }
            if error.code == .emailExists { throw .emailAlreadyInUse(credential.email ?? "") }
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
        tracer.record(.data, name, .dataSessionReceived(uid: session.uid, providers: session.providerIds))
        return session
    }
}
