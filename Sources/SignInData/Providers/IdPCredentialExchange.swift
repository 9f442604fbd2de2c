import SignInDomain

/// The exchange every identity-provider token goes through (Apple, Google): check the token is there, send it
/// with the raw nonce to `accounts:signInWithIdp` (or link it to the signed-in account), map the answer or the
/// error.
///
/// The first-sign-in profile (Apple's name and email, sent once) is stashed before the backend call and forgotten
/// only after a call that carried it succeeded; a later credential of the same user without it gets it back.
struct IdPCredentialExchange: Sendable {
    let provider: ProviderType
    let component: String
    let backend: any IdentityBackend
    let clock: any WallClock
    let tracer: any FlowTracer
    var profiles: any FirstSignInProfileStash = InMemoryFirstSignInProfileStash()

    func signIn(with credential: AuthCredential) async throws(AuthError) -> UserSession {
        let (credential, key) = await withFirstSignInProfile(credential)
        let request = try makeRequest(credential, operation: "signIn")
        return try await call(credential, operation: "signIn", profileKey: key) {
            try await backend.signInWithIdP(request)
        }
    }

    func link(_ credential: AuthCredential, to session: UserSession) async throws(AuthError) -> UserSession {
        let (credential, key) = await withFirstSignInProfile(credential)
        let request = try makeRequest(credential, operation: "link")
        return try await call(credential, operation: "link", profileKey: key) {
            try await backend.linkWithIdP(idToken: session.tokens.idToken, request)
        }
    }

    func reauthenticate(_ credential: AuthCredential, session: UserSession) async throws(AuthError) -> UserSession {
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
        tracer.record(.data, "\(component).signIn", .dataFirstSignInProfileRestored(provider: provider))
        credential.fullName = kept.fullName
        credential.email = kept.email
        return (credential, key)
    }

    private func makeRequest(_ credential: AuthCredential, operation: String) throws(AuthError) -> IdPSignInRequest {
        let name = "\(component).\(operation)"
        tracer.record(.data, name, .dataIdPCredentialReceived(provider: provider))
        guard let idToken = credential.idToken, !idToken.value.isEmpty else {
            throw .missingIdentityToken(provider)
        }
        tracer.record(.data, name, credential.rawNonce == nil ? .dataIdPRequestWithoutNonce : .dataIdPRequestWithNonce)
        return IdPSignInRequest(
            providerId: provider.rawValue, idToken: idToken, rawNonce: credential.rawNonce,
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
            throw error.toDomain(provider: provider)
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
