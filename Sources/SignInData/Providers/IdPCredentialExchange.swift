import SignInDomain

/// The exchange every identity-provider token goes through (Apple now, Google next): check the token is
/// there, send it with the raw nonce to `accounts:signInWithIdp`, map the answer or the error.
struct IdPCredentialExchange: Sendable {
    let provider: ProviderType
    let component: String
    let backend: any IdentityBackend
    let clock: any WallClock
    let tracer: any FlowTracer

    func signIn(with credential: AuthCredential) async throws(AuthError) -> UserSession {
        let name = "\(component).signIn"
        tracer.record(.data, name, "signIn(credential) for \(provider)")
        guard let idToken = credential.idToken, !idToken.value.isEmpty else {
            throw .missingIdentityToken(provider)
        }
        let request = IdPSignInRequest(
            providerId: provider.rawValue,
            idToken: idToken,
            rawNonce: credential.rawNonce,
            accessToken: credential.accessToken,
            fullName: credential.fullName,
            email: credential.email
        )
        tracer.record(
            .data, name,
            "backend credential: providerId \(provider), identity token \(Secret.redactedText), raw nonce "
                + (credential.rawNonce == nil ? "none" : Secret.redactedText))
        let response: BackendSessionResponse
        do {
            response = try await backend.signInWithIdP(request)
        } catch let error as IdentityBackendError {
            tracer.record(.data, name, "the backend refused: \(error.code.rawValue)")
            throw error.toDomain(provider: provider)
        } catch {
            throw AuthError.normalizing(error)
        }
        let session = response.toDomain(now: clock.now())
        tracer.record(
            .data, name,
            "UserSession(uid: \(session.uid), providers: \(session.providerIds.map(\.rawValue).joined(separator: ", ")))"
        )
        return session
    }
}
