import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInInfrastructure
import SignInPresentation

/// Builds the object graph of the demo: the embedded backend, the UI clients, the auth providers, the
/// use case and the view model. Nothing else happens here.
@MainActor
struct CompositionRoot {
    static let appName = "signin-demo"

    let backend: EmbeddedBackend
    let sessionStore: any SessionStore
    let viewModel: SignInViewModel

    init(options: DemoOptions, console: Console, tracer: any FlowTracer) {
        let backend = EmbeddedBackend(tracer: tracer)
        let prompt: any ConsentPrompt =
            if options.hideEmail {
                AutomaticConsentPrompt(choice: .hideEmail)
            } else if options.assumeYes || !console.isInteractive {
                AutomaticConsentPrompt(choice: .shareEmail)
            } else {
                TerminalConsentPrompt(readLine: console.readLine, write: console.out)
            }
        let authority = EmbeddedAppleIDAuthority(
            issuer: backend.appleIssuer, clientID: backend.configuration.appleClientID)
        let uiClients = SignInUIClientBuilder(tracer: tracer)
            .createAppleClient(
                authorizer: TerminalAppleIDAuthorizer(
                    appName: Self.appName, prompt: prompt, authority: authority, tracer: tracer)
            )
            .build()
        let sessionStore = InMemorySessionStore()
        let signIn = SignInUseCase(
            authProviders: [AppleAuthProvider(backend: backend.identityService, tracer: tracer)],
            sessionStore: sessionStore, tracer: tracer)
        self.backend = backend
        self.sessionStore = sessionStore
        self.viewModel = SignInViewModel(signIn: signIn, uiClients: uiClients, tracer: tracer)
    }
}
