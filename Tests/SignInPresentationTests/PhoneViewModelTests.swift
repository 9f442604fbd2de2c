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

    /// A view model over the phone second-factor double, waiting for a second factor when `challenge` is given.
    func makeSecondFactorSUT(
        service: SpyPhoneSecondFactorService, signedIn: UserSession? = nil, challenge: SecondFactorChallenge? = nil
    ) -> (SignInViewModel, SecondFactorFeatures) {
        let store = SpySessionStore(session: signedIn)
        let sessions = SessionManager(store: store, tokenService: SpySessionTokenService(clock: clock), clock: clock)
        let group = SecondFactorFeatures(
            service: SpySecondFactorService(), phoneService: service, context: FeatureContext(sessions: sessions))
        let viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: [], sessions: sessions),
            signOut: SignOutUseCase(sessions: sessions, tokenService: SpySessionTokenService(clock: clock)),
            features: SignInFeatures(secondFactors: group), uiClients: [:],
            reducer: SignInReducer(messages: AuthErrorMessages(language: "en")),
            initialState: SignInState(session: signedIn, secondFactorChallenge: challenge))
        return (viewModel, group)
    }

    @Test("a sign-in waiting for a phone factor: the code is sent to the factor chosen, then typed, and signs in")
    func phoneSecondStep() async throws {
        let factor = SecondFactor(
            id: "phone-1", kind: .phone, enrolledAt: Date(timeIntervalSince1970: 0), phoneNumber: "+*******0100")
        let signedIn = session(uid: "u1", providers: [.emailPassword])
        let service = SpyPhoneSecondFactorService(session: .success(signedIn), failures: [nil, .invalidPhoneCode])
        let (viewModel, group) = makeSecondFactorSUT(service: service, challenge: .fixture(factors: [factor]))
        let phone = try #require(group.phoneSignIn)
        await viewModel.dispatch(.secondFactor(.sendPhoneCode(phone, factorID: "phone-1")))?.value
        guard case .sendSecondFactorCode(let sent)? = viewModel.state.completed else {
            Issue.record("no code sent: \(String(describing: viewModel.state.completed))")
            return
        }
        #expect(sent.phoneNumber == "+*******0100" && viewModel.state.secondFactorChallenge != nil)
        await viewModel.dispatch(.secondFactor(.submitPhoneCode(phone, sent, code: "000000")))?.value
        #expect(viewModel.state.error == .invalidPhoneCode && viewModel.state.secondFactorChallenge != nil)
        await viewModel.dispatch(.secondFactor(.submitPhoneCode(phone, sent, code: "123456")))?.value
        #expect(viewModel.state.session == signedIn && viewModel.state.secondFactorChallenge == nil)
    }

    @Test("without a sign-in waiting, a phone factor's code is neither sent nor submitted")
    func noChallenge() async throws {
        let service = SpyPhoneSecondFactorService()
        let (viewModel, group) = makeSecondFactorSUT(service: service)
        let phone = try #require(group.phoneSignIn)
        await viewModel.dispatch(.secondFactor(.sendPhoneCode(phone, factorID: "phone-1")))?.value
        #expect(viewModel.state.error == .secondFactorChallengeExpired)
        let verification = PhoneVerification(phoneNumber: "+15555550100", id: "v")
        await viewModel.dispatch(.secondFactor(.submitPhoneCode(phone, verification, code: "123456")))?.value
        #expect(viewModel.state.error == .secondFactorChallengeExpired)
        #expect(await service.calls.isEmpty)
    }

    @Test("enrolling a phone: the code goes by SMS, and its confirmation completes the enrolment with the new session")
    func enrollPhone() async throws {
        let current = session(uid: "u1", providers: [.emailPassword])
        var after = current
        after.tokens = .fixture(idToken: "after", expiresAt: clock.now() + 3600)
        let service = SpyPhoneSecondFactorService(session: .success(after))
        let (viewModel, group) = makeSecondFactorSUT(service: service, signedIn: current)
        let enroll = try #require(group.enrollPhone)
        await viewModel.dispatch(.secondFactor(.startPhoneEnrollment(enroll, phoneNumber: "+1 555 555 0100")))?.value
        guard case .startPhoneEnrollment(let sent)? = viewModel.state.completed else {
            Issue.record("no code sent: \(String(describing: viewModel.state.error))")
            return
        }
        await viewModel.dispatch(.secondFactor(.confirmPhoneEnrollment(enroll, sent, code: "123456")))?.value
        #expect(viewModel.state.completed == .enrollPhoneFactor(recoveryCodes: []) && viewModel.state.session == after)
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
