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
    let signIn: SignInUseCase
    let restoreSession: RestoreSessionUseCase
    let apiClient: AuthorizedAPIClient
    let viewModel: SignInViewModel
    let messages: AuthErrorMessages

    /// - Parameters:
    ///   - paths: The data folder.
    ///   - invocation: The options that decide how prompts are answered.
    ///   - console: The terminal, for prompts.
    ///   - environment: The PBKDF2 cost for tests.
    ///   - text: The texts, in the user's language.
    ///   - tracer: Receives the labelled steps.
    ///   - clock: The time, shared by the backend and the app.
    init(
        paths: DataPaths, invocation: Invocation, console: Console, environment: [String: String],
        text: CLIMessages, tracer: any FlowTracer, clock: any WallClock = SystemWallClock()
    ) {
        var configuration = EmbeddedBackendConfiguration()
        if let iterations = environment["SIGNIN_DEMO_PBKDF2_ITERATIONS"].flatMap(Int.init), iterations >= 1 {
            configuration.passwordIterations = iterations
        }
        let backend = EmbeddedBackend.persistent(
            folder: paths.backendFolder, configuration: configuration, clock: clock, tracer: tracer)
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
        let choice: any ChoicePrompt =
            if invocation.account != nil || !interactive {
                AutomaticChoicePrompt(preferred: invocation.account)
            } else {
                TerminalChoicePrompt(readLine: console.readLine, write: console.out, texts: texts)
            }
        // A sensitive command signs in again with the current password; the others sign in with --password.
        let password = Self.signsInAgain(invocation.command) ? invocation.currentPassword : invocation.password
        let form: any CredentialsForm =
            if let email = invocation.email, let password {
                FilledCredentialsForm(EmailPasswordInput(email: email, password: Secret(password)))
            } else if invocation.canPrompt(console) {
                TerminalCredentialsForm(
                    readLine: console.readLine, readSecret: console.readSecret, write: console.out,
                    email: invocation.email, password: password.map { Secret($0) }, texts: texts)
            } else {
                FilledCredentialsForm(nil)
            }
        let apple = EmbeddedAppleIDAuthority(issuer: backend.appleIssuer, clientID: configuration.appleClientID)
        let uiClients = SignInUIClientBuilder(tracer: tracer)
            .createGoogleClient(
                TerminalGoogleAccountChooser(
                    prompt: choice, authority: EmbeddedGoogleAuthority(issuer: backend.googleIssuer),
                    appName: Self.appName, texts: texts, tracer: tracer)
            )
            .createAppleClient(
                authorizer: TerminalAppleIDAuthorizer(
                    appName: Self.appName, prompt: consent, authority: apple, tracer: tracer)
            )
            .createAnonymousClient()
            .createEmailPasswordClient(form: form)
            .build()

        let identity = backend.identityService
        let authProviders: [any AuthProvider] = [
            AppleAuthProvider(backend: identity, clock: clock, tracer: tracer),
            GoogleAuthProvider(backend: identity, clock: clock, tracer: tracer),
            AnonymousAuthProvider(backend: identity, clock: clock, tracer: tracer),
            EmailPasswordAuthProvider(backend: identity, clock: clock, tracer: tracer),
        ]
        let tokenService = BackendSessionTokenService(backend: identity, clock: clock, tracer: tracer)
        let accounts = BackendAccountService(backend: identity, clock: clock, tracer: tracer)
        let sessions = SessionManager(
            store: FileSessionStore(path: paths.sessionFile), tokenService: tokenService, clock: clock, tracer: tracer)
        let signIn = SignInUseCase(authProviders: authProviders, sessions: sessions, tracer: tracer)
        let messages = text.errors
        self.backend = backend
        self.sessions = sessions
        self.signIn = signIn
        self.messages = messages
        self.restoreSession = RestoreSessionUseCase(sessions: sessions)
        self.apiClient = AuthorizedAPIClient(
            sessions: sessions, transport: EmbeddedAPITransport(api: backend.appAPI), tracer: tracer)
        self.viewModel = SignInViewModel(
            signIn: signIn,
            signOut: SignOutUseCase(sessions: sessions, tokenService: tokenService, tracer: tracer),
            account: AccountUseCases(
                signUp: SignUpUseCase(accounts: accounts, sessions: sessions),
                link: LinkProviderUseCase(authProviders: authProviders, sessions: sessions, tracer: tracer),
                unlink: UnlinkProviderUseCase(accounts: accounts, sessions: sessions, authProviders: authProviders),
                requestPasswordReset: RequestPasswordResetUseCase(accounts: accounts),
                confirmPasswordReset: ConfirmPasswordResetUseCase(accounts: accounts),
                checkAppleCredential: CheckAppleCredentialUseCase(checker: apple, sessions: sessions),
                deleteAccount: DeleteAccountUseCase(
                    accounts: accounts, sessions: sessions, authProviders: authProviders),
                changePassword: ChangePasswordUseCase(
                    accounts: accounts, sessions: sessions, authProviders: authProviders)),
            uiClients: uiClients, reducer: SignInReducer(messages: messages), tracer: tracer)
    }

    /// Whether the command signs in again before a sensitive operation, with `--current-password`.
    static func signsInAgain(_ command: Command) -> Bool {
        switch command {
        case .deleteAccount, .changePassword, .unlink: true
        default: false
        }
    }

    /// The terminal prompts' words in the user's language.
    static func terminalTexts(_ text: CLIMessages) -> TerminalTexts {
        TerminalTexts(
            consentIntro: text(.promptConsentIntro), consentShare: text(.promptConsentShare),
            consentHide: text(.promptConsentHide), cancel: text(.promptCancel),
            consentChoose: text(.promptConsentChoose), consentRetry: text(.promptConsentRetry),
            chooserTitle: text(.promptGoogleTitle), choose: text(.promptChoose),
            chooseRetry: text(.promptRetryChoice), email: text(.promptEmail), password: text(.promptPassword))
    }

    /// The messages' language from the POSIX locale variables, in their order of precedence.
    static func language(_ environment: [String: String]) -> String {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return AuthErrorMessages.language(forLocale: locale ?? "en")
    }
}
