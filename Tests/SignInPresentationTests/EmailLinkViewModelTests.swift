import Foundation
import SignInDomain
import SignInTesting
import Testing

@testable import SignInPresentation

@MainActor
@Suite("Sign-in links in the view model")
struct EmailLinkViewModelTests {
    let clock = TestClock()
    let reducer = SignInReducer(messages: AuthErrorMessages(language: "en"))

    var linked: UserSession {
        .fixture(
            uid: "u1", email: "ada@example.com", providerIds: [.emailPassword],
            tokens: .fixture(expiresAt: clock.now() + 3600), signInProvider: .emailPassword)
    }

    /// A view model over the sign-in-link doubles, as an app wires it from its backend's services.
    func makeSUT(service: SpyEmailLinkSignInService, emails: SpySignInEmailStore, language: String = "en")
        -> (SignInViewModel, EmailLinkFeatures, SpySessionStore)
    {
        let store = SpySessionStore(session: nil)
        let sessions = SessionManager(store: store, tokenService: SpySessionTokenService(clock: clock), clock: clock)
        let group = EmailLinkFeatures(service: service, emails: emails, context: FeatureContext(sessions: sessions))
        let viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: [], sessions: sessions),
            signOut: SignOutUseCase(sessions: sessions, tokenService: SpySessionTokenService(clock: clock)),
            features: SignInFeatures(emailLinks: group), uiClients: [:],
            reducer: SignInReducer(messages: AuthErrorMessages(language: language)), initialState: SignInState())
        return (viewModel, group, store)
    }

    @Test(
        "a link parses as a sign-in link in the app's scheme and as Firebase's mode=signIn; another kind is refused",
        arguments: [
            ("signin-demo://sign-in?code=abc-123", "abc-123"),
            ("https://demo.firebaseapp.com/__/auth/action?mode=signIn&oobCode=XYZ_9&apiKey=k&lang=en", "XYZ_9"),
            ("http://127.0.0.1:9099/emulator/action?mode=signIn&lang=en&oobCode=q1&apiKey=fake-api-key", "q1"),
        ])
    func parses(link: String, code: String) throws {
        #expect(try DeepLink.parse(link) == .emailSignIn(code: Secret(code)))
        #expect(try SignInReducer.signInCode(in: Secret(link)) == Secret(code))
    }

    @Test(
        "opening a link of another kind, or a code with characters a code never has, shows the error and sends nothing")
    func refused() async {
        let service = SpyEmailLinkSignInService(session: .success(linked))
        let (viewModel, group, _) = makeSUT(service: service, emails: SpySignInEmailStore(email: "ada@example.com"))
        for (link, expected) in [
            ("signin-demo://reset-password?code=abc", AuthError.invalidDeepLink("not a sign-in link")),
            ("signin-demo://sign-in?code=abc&code=def", .invalidDeepLink("more than one code")),
            ("not a code!", .invalidSignInLink), (String(repeating: "a", count: 257), .invalidSignInLink),
        ] {
            await viewModel.dispatch(.emailLink(.open(group.signIn, link: Secret(link))))?.value
            #expect(viewModel.state.error == expected && !viewModel.state.isLoading)
        }
        #expect(await service.calls.isEmpty)
    }

    @Test("sending a link completes as an account operation naming the email, and keeps no session")
    func send() async {
        let service = SpyEmailLinkSignInService()
        let emails = SpySignInEmailStore()
        let (viewModel, group, _) = makeSUT(service: service, emails: emails)
        await viewModel.dispatch(.emailLink(.send(group.send, email: "ada@example.com")))?.value
        #expect(viewModel.state.completed == .sendSignInLink(email: "ada@example.com"))
        #expect(viewModel.state.session == nil && viewModel.state.error == nil)
        #expect(await emails.email == "ada@example.com")
    }

    @Test("opening the link signs in with the remembered email; a code typed from the mail goes as it is")
    func opens() async {
        let service = SpyEmailLinkSignInService(session: .success(linked))
        let (viewModel, group, store) = makeSUT(service: service, emails: SpySignInEmailStore(email: "ada@example.com"))
        await viewModel.dispatch(.emailLink(.open(group.signIn, link: "signin-demo://sign-in?code=abc")))?.value
        #expect(viewModel.state.session == linked && viewModel.state.error == nil)
        #expect(await store.calls.contains(.save(linked)))
        await viewModel.dispatch(.emailLink(.open(group.signIn, link: " code-2 ", email: "ada@example.com")))?.value
        #expect(
            await service.calls == [
                .signIn(email: "ada@example.com", code: "abc"), .signIn(email: "ada@example.com", code: "code-2"),
            ])
    }

    @Test(
        "on another device the screen says to type the email, in the screen's language",
        arguments: ["en", "tr", "zh-Hant"])
    func needsEmail(language: String) async {
        let service = SpyEmailLinkSignInService()
        let (viewModel, group, _) = makeSUT(service: service, emails: SpySignInEmailStore(), language: language)
        await viewModel.dispatch(.emailLink(.open(group.signIn, link: "signin-demo://sign-in?code=abc")))?.value
        #expect(viewModel.state.error == .signInLinkNeedsEmail)
        #expect(
            viewModel.state.errorMessage == AuthErrorMessages(language: language).message(for: .signInLinkNeedsEmail))
        #expect(viewModel.state.errorMessage?.isEmpty == false)
        #expect(await service.calls.isEmpty)
    }

    @Test("an account with a second factor stops at the challenge, as any sign-in does")
    func secondFactor() async {
        let challenge = SecondFactorChallenge.fixture()
        let service = SpyEmailLinkSignInService(failures: [.secondFactorRequired(challenge)])
        let (viewModel, group, _) = makeSUT(service: service, emails: SpySignInEmailStore(email: "ada@example.com"))
        await viewModel.dispatch(.emailLink(.open(group.signIn, link: "signin-demo://sign-in?code=abc")))?.value
        #expect(viewModel.state.secondFactorChallenge == challenge && viewModel.state.session == nil)
    }

    @Test("the action and effect names carry no link, code or email")
    func names() {
        let sessions = SessionManager.fixture(reportIssue: { _ in })
        let signIn = SignInWithEmailLinkUseCase(
            service: SpyEmailLinkSignInService(), emails: SpySignInEmailStore(), sessions: sessions)
        let action = SignInAction.emailLink(.open(signIn, link: "signin-demo://sign-in?code=secret", email: "a@b.co"))
        #expect(action.name == "openSignInLink")
        #expect(
            !String(describing: EmailLinkAction.open(signIn, link: "x://secret", email: "a@b.co")).contains("secret"))
        var state = SignInState()
        #expect(reducer.reduce(&state, action)?.name == "signInWithEmailLink")
        #expect(state.isLoading && state.loadingProvider == .emailPassword)
    }
}
