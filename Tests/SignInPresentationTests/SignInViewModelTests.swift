import SignInDomain
import SignInPresentation
import SignInTesting
import Testing

@MainActor
@Suite("SignInViewModel")
struct SignInViewModelTests {
    let reportIssue: IssueReporter = { Issue.record(Comment(rawValue: $0)) }

    func makeSUT(
        uiClients: SignInUIClients, providers: [any AuthProvider], store: SpySessionStore = SpySessionStore()
    ) -> SignInViewModel {
        SignInViewModel(
            signIn: SignInUseCase(authProviders: providers, sessions: .fixture(store: store, reportIssue: reportIssue)),
            signOut: SignOutUseCase(
                sessions: .fixture(store: store, reportIssue: reportIssue),
                tokenService: FailingSessionTokenService(reportIssue: { _ in })),
            uiClients: uiClients, reducer: SignInReducer(messages: AuthErrorMessages(language: "en")))
    }

    @Test(
        "the screen's buttons are the registered providers it has a UI client for, and the email form, in their order")
    func providerButtons() {
        let acme = ProviderDescription(
            type: ProviderType(rawValue: "oidc.acme"),
            name: ProviderDisplayName("Acme", translations: ["tr": "Acme", "zh-Hant": "Acme"]), commandNames: ["acme"],
            isLinkable: false)
        let viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: [], sessions: .fixture(reportIssue: reportIssue)),
            signOut: SignOutUseCase(
                sessions: .fixture(reportIssue: reportIssue),
                tokenService: FailingSessionTokenService(reportIssue: { _ in })),
            uiClients: [
                acme.type: StubSignInUIClient.cancelling(acme.type), .apple: StubSignInUIClient.cancelling(.apple),
                .anonymous: StubSignInUIClient.cancelling(.anonymous),
            ],
            providers: ProviderDescription.wellKnown + [acme])
        // Email and password is the screen's own form: it is offered with no UI client.
        #expect(viewModel.providers == [.apple, .guest, .emailPassword, acme])
        #expect(viewModel.providers.filter(\.isLinkable).map(\.type) == [.apple, .emailPassword])
    }

    @Test("clickProvider(.apple) runs the use case and ends signed in")
    func signsIn() async {
        let session = UserSession.fixture()
        let viewModel = makeSUT(
            uiClients: [.apple: StubSignInUIClient.returning(.fixture())],
            providers: [StubAuthProvider(.apple, result: .success(session))])

        let task = viewModel.dispatch(.clickProvider(.apple))
        #expect(viewModel.state.isLoading)
        await task?.value

        #expect(viewModel.state == SignInState(session: session))
    }

    @Test("a second click while loading starts no second sign-in")
    func noDoubleSubmit() async {
        let uiClient = SpySignInUIClient(.apple, result: .success(.credential(.fixture())))
        let viewModel = makeSUT(
            uiClients: [.apple: uiClient], providers: [StubAuthProvider(.apple, result: .success(.fixture()))])

        let first = viewModel.dispatch(.clickProvider(.apple))
        let second = viewModel.dispatch(.clickProvider(.apple))
        #expect(second == nil)
        await first?.value
        #expect(await uiClient.callCount == 1)
    }

    @Test("a cancel leaves no error message")
    func cancel() async {
        let viewModel = makeSUT(
            uiClients: [.apple: StubSignInUIClient.cancelling(.apple)],
            providers: [FailingAuthProvider(.apple, reportIssue: reportIssue)])
        await viewModel.dispatch(.clickProvider(.apple))?.value
        #expect(viewModel.state == SignInState())
    }

    @Test("a provider with no UI client shows a message a user understands")
    func notConfigured() async {
        let viewModel = makeSUT(uiClients: [:], providers: [])
        await viewModel.dispatch(.clickProvider(.google))?.value
        #expect(viewModel.state.errorMessage == "Sign in with Google is not available in this app.")
        #expect(viewModel.state.error == .providerNotConfigured(.google))
        #expect(!viewModel.state.isLoading)
    }

    @Test("the generic click action signs in with a provider the view model has never heard of")
    func genericProvider() async {
        let github = ProviderType(rawValue: "github.com")
        let session = UserSession.fixture(providerIds: [github])
        let viewModel = makeSUT(
            uiClients: [github: StubSignInUIClient.returning(AuthCredential(provider: github))],
            providers: [StubAuthProvider(github, result: .success(session))])
        await viewModel.dispatch(.clickProvider(github))?.value
        #expect(viewModel.state.session == session)
    }
}
