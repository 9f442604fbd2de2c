import SignInDomain

/// The exchange every identity-provider token goes through (Apple, Google): check the token is there, send it
/// with the raw nonce to `accounts:signInWithIdp` (or link it to the signed-in account), map the answer or the
/// error.
struct IdPCredentialExchange: Sendable {
    let provider: ProviderType
    let component: String
    let backend: any IdentityBackend
    let clock: any WallClock
    let tracer: any FlowTracer

    func signIn(with credential: AuthCredential) async throws(AuthError) -> UserSession {
        let request = try makeRequest(credential, operation: "signIn")
        return try await call(credential, operation: "signIn") { try await backend.signInWithIdP(request) }
    }

    func link(_ credential: AuthCredential, to session: UserSession) async throws(AuthError) -> UserSession {
        let request = try makeRequest(credential, operation: "link")
        return try await call(credential, operation: "link") {
            try await backend.linkWithIdP(idToken: session.tokens.idToken, request)
        }
    }

    func reauthenticate(_ credential: AuthCredential, session: UserSession) async throws(AuthError) -> UserSession {
        let request = try makeRequest(credential, operation: "reauthenticate")
        return try await call(credential, operation: "reauthenticate") {
            try await backend.reauthenticate(idToken: session.tokens.idToken, with: .identityProvider(request))
        }
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
        _ credential: AuthCredential, operation: String, _ body: () async throws -> BackendSessionResponse
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
        let session = response.toDomain(now: clock.now())
        tracer.record(.data, name, .dataSessionReceived(uid: session.uid, providers: session.providerIds))
        return session
    }
}
