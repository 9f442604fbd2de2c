import Foundation
import SignInData
import SignInDemoAdapters
import SignInDemoTrace
import SignInDomain
import SignInEmbeddedBackend
import SignInFirebase
import SignInInfrastructure
import SignInPresentation

/// Builds the object graph of the demo: the backend (embedded in-process, or Firebase over HTTP), the UI clients,
/// the auth providers, the session manager, the use cases, the API client and the view model. Nothing else
/// happens here.
@MainActor
struct CompositionRoot {
    static let appName = "signin-demo"

    /// The registered sign-in providers, in the order the screens show them: the one list of providers. The
    /// parser, the help, the allow-lists, the interactive menu, the UI clients and the auth providers come from it.
    nonisolated static let providers: [DemoProvider] = [.apple, .google, .guest, .emailPassword, .customToken]

    let backend: DemoBackend
    /// The registered providers' UI clients this run has (a provider whose screen this backend lacks has none).
    let uiClients: SignInUIClients
    /// The providers whose exchange this backend has the port for: the ones the use cases sign in with.
    let wiredProviders: Set<ProviderType>
    let sessions: SessionManager
    let signIn: SignInUseCase
    let restoreSession: RestoreSessionUseCase
    let apiClient: AuthorizedAPIClient
    let viewModel: SignInViewModel
    /// The screen the commands and the tour drive the view model through: it traces what the screen sends.
    let screen: TracedScreen
    let messages: AuthErrorMessages

    /// - Parameters:
    ///   - paths: The data folder.
    ///   - choice: The backend.
    ///   - invocation: The options that decide how prompts are answered.
    ///   - console: The terminal, for prompts.
    ///   - environment: The PBKDF2 cost for tests.
    ///   - text: The texts, in the user's language.
    ///   - tracer: Receives the labelled steps: every port the graph wires is wrapped in its tracing decorator,
    ///     unless it is a `SilentFlowTracer`, when nothing is wrapped.
    ///   - clock: The time, shared by the backend and the app.
    init(
        paths: DataPaths, choice: BackendChoice, emulatorSimulates: Bool = false, invocation: Invocation,
        console: Console, providers: [DemoProvider],
        environment: [String: String], text: CLIMessages, tracer: any FlowTracer,
        clock: any WallClock = SystemWallClock()
    ) {
        let backend: DemoBackend =
            switch choice {
            case .embedded:
                .embedded(
                    EmbeddedBackend.persistent(
                        folder: paths.backendFolder,
                        configuration: Self.embeddedConfiguration(environment, providers: providers),
                        clock: clock),
                    outboxFolder: "\(paths.backendFolder)/outbox", smsFolder: "\(paths.backendFolder)/sms")
            case .firebase(let configuration):
                .firebase(configuration, simulated: emulatorSimulates, projectID: Self.projectID(environment))
            case .rest(let configuration):
                .rest(configuration, clock: clock)
            }
        let interactive = invocation.canPrompt(console) && !invocation.assumeYes
        let texts = Self.terminalTexts(text)
        let consent: any ConsentPrompt =
            if invocation.hideEmail {
                AutomaticConsentPrompt(choice: .hideEmail)
            } else if !interactive {
                AutomaticConsentPrompt(choice: .shareEmail)
            } else {
                TerminalConsentPrompt(readLine: console.readLine, write: console.out, texts: texts)
            }
        let chooser: any ChoicePrompt =
            if invocation.account != nil || !interactive {
                AutomaticChoicePrompt(preferred: invocation.account)
            } else {
                TerminalChoicePrompt(readLine: console.readLine, write: console.out, texts: texts)
            }
        // The demo's trace: a decorator around each port the graph wires, none when nothing listens.
        let tracing: (any FlowTracer)? = tracer is SilentFlowTracer ? nil : tracer
        let capabilities =
            tracing.map { TracingIdentityBackend.wrapping(backend.capabilities, tracer: $0) }
            ?? backend.capabilities
        let context = ProviderContext(
            backend: backend, capabilities: capabilities, invocation: invocation, consent: consent, chooser: chooser,
            texts: texts, language: text.language, paths: paths, tracer: tracer, clock: clock, text: text,
            console: console)
        var builder = SignInUIClientBuilder()
        for provider in providers {
            // An identity token obtained elsewhere stands in for the provider's screen (a Firebase project has none
            // here): it is what `--id-token-file` and `SIGNIN_DEMO_ID_TOKEN` give.
            if provider.takesIdentityToken, let provided = invocation.providedIDToken,
                provided.provider == nil || provided.provider == provider.type
            {
                builder = builder.addClient(
                    Self.traced(
                        ProvidedTokenUIClient(
                            provider: provider.type, idToken: provided.idToken, rawNonce: provided.rawNonce),
                        tracing))
            } else if let client = provider.screen(context) {
                builder = builder.addClient(Self.traced(client, tracing))
            }
        }
        let uiClients = builder.build()
        let authProviders: [any AuthProvider] = providers.compactMap { provider in
            guard let exchange = provider.exchange(context) else { return nil }
            return tracing.map { TracingAuthProvider(exchange, tracer: $0) } ?? exchange
        }
        var tokenService: any SessionTokenService = BackendSessionTokenService(
            backend: capabilities.sessions, clock: clock)
        var store: any SessionStore = FileSessionStore(path: paths.sessionFile(for: choice))
        var appleChecker: any AppleCredentialStateChecker = backend.apple ?? NoAppleIDChecker()
        var apiTransport: any HTTPTransport = backend.api?.transport ?? URLSessionTransport()
        if let tracing {
            tokenService = TracingSessionTokenService(tokenService, tracer: tracing)
            store = TracingSessionStore(store, tracer: tracing)
            appleChecker = TracingAppleCredentialStateChecker(appleChecker, tracer: tracing)
            apiTransport = TracingHTTPTransport(
                apiTransport, answeredBy: backend.choice == .embedded ? "EmbeddedAppAPI" : "AppAPI", tracer: tracing)
        }
        let sessions = SessionManager(store: store, tokenService: tokenService, clock: clock)
        let signIn = SignInUseCase(authProviders: authProviders, sessions: sessions)
        let messages = text.errors
        self.backend = backend
        self.uiClients = uiClients
        self.wiredProviders = Set(authProviders.map(\.type))
        self.sessions = sessions
        self.signIn = signIn
        self.messages = messages
        self.restoreSession = RestoreSessionUseCase(sessions: sessions)
        self.apiClient = AuthorizedAPIClient(sessions: sessions, transport: apiTransport)
        // The device's passkeys: the demo's software authenticator, asking as the other sheets' stand-ins do.
        let passkeyConsent = ChoicePasskeyConsent(
            confirmation: interactive
                ? TerminalChoicePrompt(readLine: console.readLine, write: console.out, texts: texts)
                : AutomaticChoicePrompt(),
            chooser: chooser,
            texts: ChoicePasskeyConsent.Texts(
                create: { site, account in text(.promptPasskeyCreate, ["site": site, "account": account]) },
                createOption: text(.promptPasskeyCreateOption),
                choose: { site in text(.promptPasskeyChoose, ["site": site]) }))
        let software = SoftwareAuthenticator(
            store: FilePasskeyStore(path: paths.devicePasskeys), consent: passkeyConsent, clock: clock)
        let authenticator: any PasskeyAuthenticator =
            tracing.map { TracingPasskeyAuthenticator(software, tracer: $0) } ?? software
        let features = capabilities.features(
            sessions: sessions, authProviders: authProviders, appleCredentials: appleChecker,
            passkeyAuthenticator: authenticator,
            signInEmails: StoredSignInEmailStore(.file(paths.signInLinkEmail)), clock: clock)
        let viewModel = SignInViewModel(
            signIn: signIn,
            signOut: SignOutUseCase(sessions: sessions, tokenService: tokenService),
            features: tracing.map { TracingAccountServices.wrapping(features, tracer: $0) } ?? features,
            uiClients: uiClients, providers: providers.descriptions, reducer: SignInReducer(messages: messages))
        self.viewModel = viewModel
        self.screen = TracedScreen(viewModel: viewModel, tracer: tracer)
    }

    /// `client` in its tracing decorator, named after the client it wraps; `client` itself when nothing traces.
    static func traced(_ client: any SignInUIClient, _ tracing: (any FlowTracer)?) -> any SignInUIClient {
        tracing.map { TracingSignInUIClient(client, tracer: $0) } ?? client
    }

    /// The embedded backend's settings; `SIGNIN_DEMO_PBKDF2_ITERATIONS` lowers the password-hashing cost for tests.
    static func embeddedConfiguration(_ environment: [String: String], providers: [DemoProvider])
        -> EmbeddedBackendConfiguration
    {
        var configuration = EmbeddedBackendConfiguration(
            projectID: projectID(environment), identityProviders: providers.compactMap(\.embeddedIssuer))
        if let iterations = environment["SIGNIN_DEMO_PBKDF2_ITERATIONS"].flatMap(Int.init), iterations >= 1 {
            configuration.passwordIterations = iterations
        }
        return configuration
    }

    /// The Firebase project id: the one the embedded backend's ID tokens name (`serve --project` overrides it), and the
    /// one an emulator files its test data under. `FIREBASE_PROJECT_ID`, else `GCLOUD_PROJECT` (which Google's
    /// emulator tooling sets), else `demo-signin`.
    static func projectID(_ environment: [String: String]) -> String {
        ["FIREBASE_PROJECT_ID", "GCLOUD_PROJECT"].lazy.compactMap { environment[$0] }.first(where: isProjectID)
            ?? EmbeddedBackendConfiguration.defaultProjectID
    }

    /// Whether `text` can be a project id: letters, digits and `-`, at most 63 of them.
    nonisolated static func isProjectID(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 63 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    /// The terminal prompts' words in the user's language.
    static func terminalTexts(_ text: CLIMessages) -> TerminalTexts {
        TerminalTexts(
            consentIntro: text(.promptConsentIntro), consentShare: text(.promptConsentShare),
            consentHide: text(.promptConsentHide), cancel: text(.promptCancel),
            consentChoose: text(.promptConsentChoose), consentRetry: text(.promptConsentRetry),
            chooserTitle: text(.promptGoogleTitle), choose: text(.promptChoose),
            chooseRetry: text(.promptRetryChoice))
    }

    /// The messages' language from the POSIX locale variables, in their order of precedence.
    static func language(_ environment: [String: String]) -> String {
        // The CLI's environment is the whole locale: Linux's Foundation has no preferred languages of its own.
        AuthErrorMessages.systemLanguage(environment: environment, preferredLanguages: [])
    }
}

/// The credential-state check of a backend with no Apple ID to ask (a Firebase project, from a command line):
/// the commands that need one refuse before they get here; should one get here, it fails and changes nothing.
struct NoAppleIDChecker: AppleCredentialStateChecker {
    func credentialState(forUserID userID: String) async throws(AuthError) -> AppleCredentialState {
        throw AuthError.uiClientFailed(.apple, reason: "this backend has no Apple ID to ask")
    }
}
