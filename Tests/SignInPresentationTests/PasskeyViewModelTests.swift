import Foundation
import SignInDomain
import SignInTesting
import Testing

@testable import SignInPresentation

@MainActor
@Suite("Passkeys in the view model")
struct PasskeyViewModelTests {
    let clock = TestClock()
    let reducer = SignInReducer(messages: AuthErrorMessages(language: "en"))

    var signedIn: UserSession {
        .fixture(
            uid: "u1", email: "ada@example.com", providerIds: [.emailPassword],
            tokens: .fixture(expiresAt: clock.now() + 3600), signInProvider: .emailPassword)
    }

    /// A view model over the passkey doubles, as an app wires it from its backend's services.
    func makeSUT(
        service: SpyPasskeyService?, device: SpyPasskeyAuthenticator?, session: UserSession? = nil,
        language: String = "en", initialState: SignInState? = nil
    ) -> (SignInViewModel, SpySessionStore) {
        let store = SpySessionStore(session: session)
        let sessions = SessionManager(store: store, tokenService: SpySessionTokenService(clock: clock), clock: clock)
        let features = SignInFeatures(
            passkeys: service.map {
                PasskeyFeatures(service: $0, authenticator: device, context: FeatureContext(sessions: sessions))
            })
        let viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: [], sessions: sessions),
            signOut: SignOutUseCase(sessions: sessions, tokenService: SpySessionTokenService(clock: clock)),
            features: features, uiClients: [:], reducer: SignInReducer(messages: AuthErrorMessages(language: language)),
            initialState: initialState ?? SignInState(session: session))
        return (viewModel, store)
    }

    /// Each passkey use case, over doubles that are never called: for the reducer's pure tests.
    enum UseCases {
        static let sessions = SessionManager.fixture(reportIssue: { _ in })
        static let signIn = SignInWithPasskeyUseCase(
            passkeys: SpyPasskeyService(), authenticator: SpyPasskeyAuthenticator(), sessions: sessions)
        static let register = RegisterPasskeyUseCase(
            passkeys: SpyPasskeyService(), authenticator: SpyPasskeyAuthenticator(), sessions: sessions)
        static let list = ListPasskeysUseCase(passkeys: SpyPasskeyService(), sessions: sessions)
        static let remove = RemovePasskeyUseCase(passkeys: SpyPasskeyService(), sessions: sessions)
    }

    // MARK: - The group

    @Test(
        "registering and signing in are offered with the service and the device; listing and removing with the service")
    func offers() {
        let both = makeSUT(service: SpyPasskeyService(), device: SpyPasskeyAuthenticator()).0.features.passkeys
        #expect(both?.register != nil && both?.signIn != nil)

        let serviceOnly = makeSUT(service: SpyPasskeyService(), device: nil).0.features.passkeys
        #expect(serviceOnly != nil && serviceOnly?.register == nil && serviceOnly?.signIn == nil)

        // A device with a backend that has no passkeys offers nothing.
        #expect(makeSUT(service: nil, device: SpyPasskeyAuthenticator()).0.features.passkeys == nil)
        #expect(makeSUT(service: nil, device: nil).0.features.passkeys == nil)
    }

    // MARK: - Reducer

    @Test("the passkey button shows its spinner and runs the sign-in; a second click while loading does nothing")
    func click() {
        var state = SignInState(errorMessage: "old", error: .passkeyNotFound)
        #expect(reducer.reduce(&state, .passkey(.signIn(UseCases.signIn)))?.name == "signInWithPasskey")
        #expect(state == SignInState(isLoading: true, loadingProvider: .passkey))
        #expect(reducer.reduce(&state, .passkey(.signIn(UseCases.signIn))) == nil)
        #expect(reducer.reduce(&state, .clickProvider(.apple)) == nil)
        #expect(state == SignInState(isLoading: true, loadingProvider: .passkey))

        // Nor does it start while an account operation runs.
        var busy = SignInState(session: signedIn)
        #expect(reducer.reduce(&busy, .passkey(.list(UseCases.list)))?.name == "listPasskeys")
        #expect(reducer.reduce(&busy, .passkey(.signIn(UseCases.signIn))) == nil)
        #expect(reducer.reduce(&busy, .passkey(.register(UseCases.register, name: "Laptop"))) == nil)
        #expect(busy.loadingProvider == nil)
    }

    @Test("the account actions run their use case with what the user gave")
    func accountEffects() {
        var state = SignInState(session: signedIn, completed: .removePasskey)
        #expect(
            reducer.reduce(&state, .passkey(.register(UseCases.register, name: "Laptop", currentPassword: "pw")))?.name
                == "registerPasskey")
        #expect(state.isLoading && state.completed == nil)
        state.isLoading = false
        #expect(reducer.reduce(&state, .passkey(.remove(UseCases.remove, id: "k1")))?.name == "removePasskey")
        #expect(SignInAction.passkey(.register(UseCases.register, name: "secret name")).name == "registerPasskey")
    }

    @Test("the listed passkeys are kept until a change or a sign-out drops them")
    func listKept() {
        let keys = [Passkey.fixture(), .fixture(id: "k2", name: "Phone")]
        for dropping in [
            SignInAction.accountResponse(.completed(.registerPasskey, session: signedIn)),
            .accountResponse(.completed(.removePasskey, session: signedIn)),
            .authStateChanged(.signedOut(.userRequested)), .authStateChanged(.signedOut(.sessionExpired)),
        ] {
            var state = SignInState(isLoading: true, session: signedIn)
            _ = reducer.reduce(&state, .accountResponse(.completed(.listPasskeys(keys), session: signedIn)))
            #expect(state.passkeys == keys && state.completed == .listPasskeys(keys))
            _ = reducer.reduce(&state, .accountResponse(.failed(.passkeyNotFound)))
            #expect(state.passkeys == keys, "a failure keeps the list")
            _ = reducer.reduce(&state, dropping)
            #expect(state.passkeys == nil, "\(dropping.name)")
        }
    }

    // MARK: - View model

    @Test("signing in with a passkey ends signed in, as a passkey's session")
    func signsIn() async throws {
        var answered = signedIn
        answered.signInProvider = nil
        let service = SpyPasskeyService(session: .success(answered))
        let (viewModel, store) = makeSUT(service: service, device: SpyPasskeyAuthenticator())
        let offer = try #require(viewModel.features.passkeys?.signIn)
        let task = viewModel.dispatch(.passkey(.signIn(offer)))
        #expect(viewModel.state.isLoading && viewModel.state.loadingProvider == .passkey)
        await task?.value
        var expected = answered
        expected.signInProvider = .passkey
        #expect(viewModel.state == SignInState(session: expected))
        #expect(await store.session == expected)
    }

    @Test("a dismissed passkey sheet is no error: nobody signed in, nothing confirmed")
    func cancels() async throws {
        let service = SpyPasskeyService()
        let device = SpyPasskeyAuthenticator(answers: [.cancel])
        let (viewModel, _) = makeSUT(
            service: service, device: device, session: signedIn,
            initialState: SignInState(session: signedIn, completed: .listPasskeys([.fixture()])))
        await viewModel.dispatch(
            .passkey(.register(try #require(viewModel.features.passkeys?.register), name: "Laptop")))?
            .value
        #expect(viewModel.state == SignInState(session: signedIn))
        #expect(viewModel.state.completed == nil && viewModel.state.errorMessage == nil)
        #expect(await service.calls == [.startRegistration(uid: "u1")])

        await viewModel.dispatch(.passkey(.signIn(try #require(viewModel.features.passkeys?.signIn))))?.value
        #expect(viewModel.state == SignInState(session: signedIn))
    }

    @Test("a registration confirms itself and stores the new session; listing fills the passkeys")
    func registerAndList() async throws {
        var afterwards = signedIn
        afterwards.tokens = .fixture(idToken: "after", expiresAt: clock.now() + 3600)
        let keys = [Passkey.fixture()]
        let service = SpyPasskeyService(session: .success(afterwards), passkeys: keys)
        let (viewModel, store) = makeSUT(service: service, device: SpyPasskeyAuthenticator(), session: signedIn)
        await viewModel.dispatch(.passkey(.list(try #require(viewModel.features.passkeys?.list))))?.value
        #expect(viewModel.state.passkeys == keys && viewModel.state.completed == .listPasskeys(keys))
        await viewModel.dispatch(
            .passkey(.register(try #require(viewModel.features.passkeys?.register), name: " Laptop ")))?
            .value
        #expect(viewModel.state.completed == .registerPasskey && viewModel.state.session == afterwards)
        #expect(viewModel.state.passkeys == nil, "the list is stale: list again")
        #expect(await store.session == afterwards)
        #expect(await service.calls.last == .finishRegistration(.fixture(), name: "Laptop", uid: "u1"))
    }

    @Test(
        "a passkey error shows the catalogue's message in the screen's language",
        arguments: ["en", "tr", "zh-Hant"])
    func errorMessage(language: String) async throws {
        let refused = AuthError.passkeyRejected(.clonedAuthenticator)
        let service = SpyPasskeyService(failures: [nil, refused])
        let (viewModel, _) = makeSUT(service: service, device: SpyPasskeyAuthenticator(), language: language)
        await viewModel.dispatch(.passkey(.signIn(try #require(viewModel.features.passkeys?.signIn))))?.value
        let expected = AuthErrorMessages(language: language).message(for: refused)
        #expect(viewModel.state.error == refused && viewModel.state.errorMessage == expected)
        #expect(!viewModel.state.isLoading && viewModel.state.session == nil)
        if language != "en" { #expect(expected != AuthErrorMessages(language: "en").message(for: refused)) }

        let (remover, _) = makeSUT(
            service: SpyPasskeyService(passkeys: [.fixture()]), device: nil, session: signedIn, language: language)
        await remover.dispatch(.passkey(.remove(try #require(remover.features.passkeys?.remove), id: "not-mine")))?
            .value
        #expect(remover.state.error == .passkeyNotFound)
        #expect(remover.state.errorMessage == AuthErrorMessages(language: language).message(for: .passkeyNotFound))
    }

    @Test("every passkey message exists in English, Turkish and Traditional Chinese, each its own")
    func messages() {
        let errors: [AuthError] =
            PasskeyRejection.allCases.map(AuthError.passkeyRejected) + [
                .passkeyNotFound, .passkeyAlreadyRegistered, .passkeyNeedsPermanentAccount, .noPasskeyAvailable,
                .notSupportedByBackend(.passkeys),
            ]
        let english = errors.map(AuthErrorMessages(language: "en").message(for:))
        for language in AuthErrorMessages.languages {
            #expect(AuthErrorMessages.missingKeys(in: language) == [], "\(language)")
            let texts = errors.map(AuthErrorMessages(language: language).message(for:))
            #expect(Set(texts).count == errors.count, "\(language): \(texts)")
            #expect(texts.allSatisfy { !$0.isEmpty && !$0.contains("{") }, "\(language)")
            if language != "en" {
                #expect(zip(texts, english).allSatisfy { $0 != $1 }, "\(language)")
            }
        }
        #expect(AuthErrorMessages.languages == ["en", "tr", "zh-Hant"])
        #expect(Set(PasskeyRejection.allCases.map(MessageKey.passkey)).count == PasskeyRejection.allCases.count)
    }
}
