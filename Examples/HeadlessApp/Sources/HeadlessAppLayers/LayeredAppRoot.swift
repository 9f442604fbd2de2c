import SignInData
import SignInDomain
import SignInFirebase
import SignInInfrastructure
import SignInPresentation

/// The composition root layer by layer, for a team that swaps pieces: Firebase with Apple, Google, guests and
/// email/password, each where the backend has its port. `AppRoot` does the same in one call.
@MainActor public enum LayeredAppRoot {
    public static func firebase(environment: [String: String], sessionFile: String) throws -> SignInViewModel {
        let configuration = try FirebaseConfiguration.fromEnvironment(environment).get()
        let backend = FirebaseIdentityBackend(configuration: configuration, transport: URLSessionTransport())
        return viewModel(backend: backend.capabilities, store: FileSessionStore(path: sessionFile))
    }

    public static func viewModel(
        backend ports: IdentityBackendCapabilities, store: any SessionStore, idTokens: [ProviderType: Secret] = [:]
    ) -> SignInViewModel {
        let auth = ports.authProviders()
        var uiClients = ports.guests == nil ? SignInUIClientBuilder() : SignInUIClientBuilder().createAnonymousClient()
        // No Apple sheet off Apple platforms: Apple's and Google's identity tokens are obtained elsewhere.
        for (provider, token) in idTokens where ports.identityProviders != nil {
            uiClients = uiClients.addClient(ProvidedTokenUIClient(provider: provider, idToken: token))
        }
        let tokens = BackendSessionTokenService(backend: ports.sessions)
        let sessions = SessionManager(store: store, tokenService: tokens)
        return SignInViewModel(
            signIn: SignInUseCase(authProviders: auth, sessions: sessions),
            signOut: SignOutUseCase(sessions: sessions, tokenService: tokens),
            features: ports.features(sessions: sessions, authProviders: auth),
            uiClients: uiClients.build())
    }
}
