import Foundation
import SignInDomain
import SignInTesting
import Testing

@testable import SignInPresentation

@MainActor
@Suite("Phone sign-in in the view model")
struct PhoneViewModelTests {
    let clock = TestClock()
    let verification = PhoneVerification(phoneNumber: "+15555550100", id: "spy-verification")

    func session(uid: String, providers: [ProviderType]) -> UserSession {
        .fixture(
            uid: uid, email: nil, providerIds: providers, tokens: .fixture(expiresAt: clock.now() + 3600),
            signInProvider: providers.first)
    }

    /// A view model over the phone double, as an app wires it from its backend's services.
    func makeSUT(service: SpyPhoneSignInService, signedIn: UserSession? = nil, language: String = "en")
        -> (SignInViewModel, PhoneFeatures, SpySessionStore)
    {
        let store = SpySessionStore(session: signedIn)
        let sessions = SessionManager(store: store, tokenService: SpySessionTokenService(clock: clock), clock: clock)
        let group = PhoneFeatures(service: service, context: FeatureContext(sessions: sessions))
        let viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: [], sessions: sessions),
            signOut: SignOutUseCase(sessions: sessions, tokenService: SpySessionTokenService(clock: clock)),
            features: SignInFeatures(phone: group), uiClients: [:],
            reducer: SignInReducer(messages: AuthErrorMessages(language: language)),
            initialState: SignInState(session: signedIn))
        return (viewModel, group, store)
    }

    @Test("sending a code completes with the verification to keep, and keeps no session")
    func send() async {
        let service = SpyPhoneSignInService()
        let (viewModel, group, _) = makeSUT(service: service)
        await viewModel.dispatch(.phone(.sendCode(group.sendCode, phoneNumber: "+1 555-555-0100")))?.value
        #expect(viewModel.state.completed == .sendPhoneCode(verification))
        #expect(viewModel.state.session == nil && viewModel.state.error == nil)
    }

    @Test(
        "a number in a national form is refused in the screen's language, and nothing is sent",
        arguments: ["en", "tr", "zh-Hant"])
    func nationalForm(language: String) async {
        let service = SpyPhoneSignInService()
        let (viewModel, group, _) = makeSUT(service: service, language: language)
        await viewModel.dispatch(.phone(.sendCode(group.sendCode, phoneNumber: "(555) 555-0100")))?.value
        #expect(viewModel.state.error == .invalidPhoneNumber)
        let message = AuthErrorMessages(language: language).message(for: .invalidPhoneNumber)
        #expect(viewModel.state.errorMessage == message && message.contains("+"))
        #expect(await service.calls.isEmpty)
    }

    @Test("the code signs in and the session is stored; a wrong one shows its error")
    func signIn() async {
        let signedIn = session(uid: "p1", providers: [.phone])
        let service = SpyPhoneSignInService(session: .success(signedIn), failures: [.invalidPhoneCode])
        let (viewModel, group, store) = makeSUT(service: service)
        await viewModel.dispatch(.phone(.signIn(group.signIn, verification, code: "000000")))?.value
        #expect(viewModel.state.error == .invalidPhoneCode && viewModel.state.session == nil)
        await viewModel.dispatch(.phone(.signIn(group.signIn, verification, code: "123456")))?.value
        #expect(viewModel.state.session == signedIn && viewModel.state.error == nil)
        #expect(await store.calls.contains(.save(signedIn)))
    }

    @Test("linking the number completes as a link of the phone, with the account's new session")
    func link() async {
        let current = session(uid: "u1", providers: [.emailPassword])
        let linked = session(uid: "u1", providers: [.emailPassword, .phone])
        let service = SpyPhoneSignInService(session: .success(linked))
        let (viewModel, group, _) = makeSUT(service: service, signedIn: current)
        await viewModel.dispatch(.phone(.link(group.link, verification, code: "123456")))?.value
        #expect(viewModel.state.completed == .link(.phone) && viewModel.state.session == linked)
    }

    @Test("the action and effect names carry no number, verification or code")
    func names() {
        let sessions = SessionManager.fixture(reportIssue: { _ in })
        let signIn = SignInWithPhoneUseCase(service: SpyPhoneSignInService(), sessions: sessions)
        let action = SignInAction.phone(.signIn(signIn, verification, code: "123456"))
        #expect(action.name == "signInWithPhone")
        let described = String(describing: PhoneAction.signIn(signIn, verification, code: "123456"))
        #expect(!described.contains("123456") && !described.contains("5555550100") && !described.contains("spy-"))
        var state = SignInState()
        #expect(
            SignInReducer(messages: AuthErrorMessages(language: "en")).reduce(&state, action)?.name == "signInWithPhone"
        )
        #expect(state.isLoading && state.loadingProvider == .phone)
    }
}
