import SignInData
import SignInDomain
import SignInFirebase
import SignInInfrastructure
import SignInPresentation

/// The composition root: Firebase with Apple, Google, guests and email/password, each where the backend has its port.
@MainActor public enum AppRoot {
    public static func firebase(environment: [String: String], sessionFile: String) throws -> SignInViewModel {
        let configuration = try FirebaseConfiguration.fromEnvironment(environment).get()
        let backend = FirebaseIdentityBackend(configuration: configuration, transport: URLSessionTransport())
        return viewModel(backend: backend.capabilities, store: FileSessionStore(path: sessionFile))
    }

    public static func viewModel(
        backend ports: IdentityBackendCapabilities, store: any SessionStore, idTokens: [ProviderType: Secret] = [:]
    ) -> SignInViewModel {
        let offered: [(any AuthProvider)?] = [
            ports.identityProviders.map { AppleAuthProvider(backend: $0, linking: ports.linking) },
            ports.identityProviders.map { GoogleAuthProvider(backend: $0, linking: ports.linking) },
            ports.guests.map { AnonymousAuthProvider(backend: $0) },
            ports.passwords.map { EmailPasswordAuthProvider(backend: $0, linking: ports.linking) },
        ]
        let auth = offered.compactMap { $0 }
        var uiClients = ports.guests == nil ? SignInUIClientBuilder() : SignInUIClientBuilder().createAnonymousClient()
        idTokens.forEach { uiClients = uiClients.addClient(ProvidedTokenUIClient(provider: $0.key, idToken: $0.value)) }
        let tokens = BackendSessionTokenService(backend: ports.sessions)
        let sessions = SessionManager(store: store, tokenService: tokens)
        let accounts = ports.accountServices()
        return SignInViewModel(
            signIn: SignInUseCase(authProviders: auth, sessions: sessions),
            signOut: SignOutUseCase(sessions: sessions, tokenService: tokens),
            account: AccountUseCases(
                signUp: accounts.signUp.map { SignUpUseCase(accounts: $0, sessions: sessions) },
                link: ports.linking.map { _ in LinkProviderUseCase(authProviders: auth, sessions: sessions) },
                requestPasswordReset: accounts.passwordReset.map { RequestPasswordResetUseCase(accounts: $0) },
                confirmPasswordReset: accounts.passwordReset.map { ConfirmPasswordResetUseCase(accounts: $0) }),
            uiClients: uiClients.build())
    }
}
