import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInInfrastructure
import SignInPresentation

/// Builds the object graph of the demo: the embedded backend, the UI clients, the auth providers, the
/// session manager, the use cases, the API client and the view model. Nothing else happens here.
@MainActor
struct CompositionRoot {
    static let appName = "signin-demo"

    let backend: EmbeddedBackend
    let sessions: SessionManager
    let restoreSession: RestoreSessionUseCase
    let signOut: SignOutUseCase
    let apiClient: AuthorizedAPIClient
    let viewModel: SignInViewModel

    /// - Parameters:
    ///   - paths: The data folder.
    ///   - invocation: The consent options.
    ///   - console: The terminal, for the consent prompt.
    ///   - tracer: Receives the labelled steps.
    ///   - clock: The time, shared by the backend and the app.
    init(
        paths: DataPaths, invocation: Invocation, console: Console, tracer: any FlowTracer,
        clock: any WallClock = SystemWallClock()
    ) {
        let backend = EmbeddedBackend.persistent(folder: paths.backendFolder, clock: clock, tracer: tracer)
        let prompt: any ConsentPrompt =
            if invocation.hideEmail {
                AutomaticConsentPrompt(choice: .hideEmail)
            } else if invocation.assumeYes || !console.isInteractive {
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
        let tokenService = BackendSessionTokenService(backend: backend.identityService, clock: clock, tracer: tracer)
        let sessions = SessionManager(
            store: FileSessionStore(path: paths.sessionFile), tokenService: tokenService, clock: clock, tracer: tracer)
        let signIn = SignInUseCase(
            authProviders: [AppleAuthProvider(backend: backend.identityService, clock: clock, tracer: tracer)],
            sessions: sessions, tracer: tracer)
        let signOut = SignOutUseCase(sessions: sessions, tokenService: tokenService, tracer: tracer)
        self.backend = backend
        self.sessions = sessions
        self.restoreSession = RestoreSessionUseCase(sessions: sessions)
        self.signOut = signOut
        self.apiClient = AuthorizedAPIClient(
            sessions: sessions, transport: EmbeddedAPITransport(api: backend.appAPI), tracer: tracer)
        self.viewModel = SignInViewModel(signIn: signIn, signOut: signOut, uiClients: uiClients, tracer: tracer)
    }
}
