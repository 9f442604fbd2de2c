import Foundation
import SignInDomain
import SignInPresentation
import SignInTesting
import Testing

@Suite("SignInReducer: sessions and sign-out")
struct SignInReducerSessionTests {
    let reducer = SignInReducer(messages: AuthErrorMessages(language: "en"))

    @Test(
        "the state follows every auth event's session",
        arguments: [
            AuthStateEvent.initialSession(.fixture()), .initialSession(nil), .signedIn(.fixture(uid: "b")),
            .tokenRefreshed(.fixture(uid: "c")), .userUpdated(.fixture(uid: "d")),
        ])
    func follows(event: AuthStateEvent) {
        var state = SignInState(session: .fixture(uid: "old"))
        #expect(reducer.reduce(&state, .authStateChanged(event)) == nil)
        #expect(state.session == event.session)
        #expect(state.errorMessage == nil)
    }

    @Test("a sign-out made elsewhere for a reason shows that reason; the user's own shows nothing")
    func signedOutElsewhere() {
        var state = SignInState(session: .fixture())
        _ = reducer.reduce(&state, .authStateChanged(.signedOut(.sessionExpired)))
        #expect(state.session == nil)
        #expect(state.errorMessage == "Your session has expired. Please sign in again.")

        var own = SignInState(session: .fixture())
        _ = reducer.reduce(&own, .authStateChanged(.signedOut(.userRequested)))
        #expect(own == SignInState())
    }

    @Test("clickSignOut starts loading and asks to sign out; a second click does nothing")
    func signOut() {
        var state = SignInState(session: .fixture())
        #expect(reducer.reduce(&state, .clickSignOut)?.name == "signOut")
        #expect(state.isLoading)
        #expect(reducer.reduce(&state, .clickSignOut) == nil)
        _ = reducer.reduce(&state, .signOutResponse(.signedOut(revoked: true)))
        #expect(state == SignInState())
    }

    @Test("a failed sign-out keeps the session and shows why")
    func signOutFails() {
        var state = SignInState(isLoading: true, session: .fixture())
        _ = reducer.reduce(&state, .signOutResponse(.failed(.notSignedIn)))
        #expect(state.session == .fixture())
        #expect(state.errorMessage == "You are not signed in.")
    }
}

@MainActor
@Suite("SignInViewModel: following the session")
struct SignInViewModelSessionTests {
    let reportIssue: IssueReporter = { Issue.record(Comment(rawValue: $0)) }

    func makeSUT(stored: UserSession?, clock: TestClock, tokenService: SpySessionTokenService) -> SignInViewModel {
        let manager = SessionManager(store: SpySessionStore(session: stored), tokenService: tokenService, clock: clock)
        return SignInViewModel(
            signIn: SignInUseCase(authProviders: [], sessions: manager),
            signOut: SignOutUseCase(sessions: manager, tokenService: tokenService), uiClients: [:],
            reducer: SignInReducer(messages: AuthErrorMessages(language: "en")))
    }

    @Test("start() refreshes an expired stored session, and the state shows the refreshed one when it returns")
    func startRefreshes() async throws {
        let clock = TestClock()
        let stored = UserSession.fixture(tokens: .fixture(expiresAt: clock.now() - 1))
        let viewModel = makeSUT(stored: stored, clock: clock, tokenService: SpySessionTokenService(clock: clock))

        let outcome = await viewModel.start()

        guard case .success(.refreshed(let refreshed)) = outcome else {
            Issue.record("the launch found \(outcome)")
            return
        }
        #expect(viewModel.state.session == refreshed)
        #expect(refreshed.tokens.refreshToken == "refreshed-1")
        viewModel.stop()
    }

    @Test("start() with a refresh token the backend refuses ends signed out, and says why")
    func startSignsOut() async {
        let clock = TestClock()
        let stored = UserSession.fixture(tokens: .fixture(expiresAt: clock.now() - 1))
        let viewModel = makeSUT(
            stored: stored, clock: clock,
            tokenService: SpySessionTokenService(clock: clock, refreshError: .refreshTokenRejected))

        #expect(await viewModel.start() == .success(.signedOut(.sessionExpired)))

        #expect(viewModel.state.session == nil)
        viewModel.stop()
    }

    @Test("after start(), an effect's answer is never overtaken by older changes still on their way to the screen")
    func responsesAreNotOvertaken() async throws {
        let clock = TestClock()
        let tokenService = SpySessionTokenService(clock: clock)
        let manager = SessionManager(store: SpySessionStore(), tokenService: tokenService, clock: clock)
        let guest = UserSession.fixture(uid: "guest", email: nil, providerIds: [], isAnonymous: true)
        let viewModel = SignInViewModel(
            signIn: SignInUseCase(
                authProviders: [StubAuthProvider(.anonymous, result: .success(guest))], sessions: manager),
            signOut: SignOutUseCase(sessions: manager, tokenService: tokenService),
            uiClients: [.anonymous: StubSignInUIClient.returning(AuthCredential(provider: .anonymous))])
        await viewModel.start()

        for round in 0..<20 {
            await viewModel.dispatch(.clickProvider(.anonymous))?.value
            // Another part of the app updates the profile 100 times: the screen hears of each change a little later.
            let updates = Task.detached {
                for number in 0..<100 {
                    var renamed = guest
                    renamed.displayName = "name \(number)"
                    try await manager.establish(renamed)
                }
            }
            try await updates.value
            await viewModel.dispatch(.clickSignOut)?.value
            #expect(viewModel.state.session == nil, "round \(round): an older change came after the sign-out")
        }
        viewModel.stop()
    }

    /// A store whose reads wait until the test opens it: a launch held in its restore.
    actor GatedStore: SessionStore {
        private(set) var reads = 0
        private var isOpen = false
        private var waiting: [CheckedContinuation<Void, Never>] = []
        private var session: UserSession?

        func load() async throws(AuthError) -> UserSession? {
            reads += 1
            if !isOpen { await withCheckedContinuation { waiting.append($0) } }
            return session
        }
        func save(_ session: UserSession) async throws(AuthError) { self.session = session }
        func clear() async throws(AuthError) { session = nil }
        func open() {
            isOpen = true
            for continuation in waiting { continuation.resume() }
            waiting = []
        }
    }

    func makeGatedSUT() -> (SignInViewModel, SessionManager, GatedStore) {
        let clock = TestClock()
        let store = GatedStore()
        let tokens = SpySessionTokenService(clock: clock)
        let manager = SessionManager(store: store, tokenService: tokens, clock: clock)
        let viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: [], sessions: manager),
            signOut: SignOutUseCase(sessions: manager, tokenService: tokens), uiClients: [:])
        return (viewModel, manager, store)
    }

    @Test("stop() while start() is still reading the store: nothing is followed afterwards")
    func stopDuringStart() async throws {
        let (viewModel, manager, store) = makeGatedSUT()
        let launch = Task { await viewModel.start() }
        while await store.reads == 0 { await Task.yield() }

        viewModel.stop()
        await store.open()
        _ = await launch.value
        try await manager.establish(.fixture(uid: "after-stop"))
        for _ in 0..<100 { await Task.yield() }

        #expect(viewModel.state.session == nil)
    }

    @Test("two launches at once leave one follower, which stop() ends")
    func concurrentStarts() async throws {
        let (viewModel, manager, store) = makeGatedSUT()
        let first = Task { await viewModel.start() }
        let second = Task { await viewModel.start() }
        while await store.reads == 0 { await Task.yield() }
        await store.open()
        _ = await (first.value, second.value)

        try await manager.establish(.fixture(uid: "followed"))
        while viewModel.state.session?.uid != "followed" { await Task.yield() }
        viewModel.stop()
        try await manager.establish(.fixture(uid: "after-stop"))
        for _ in 0..<100 { await Task.yield() }

        #expect(viewModel.state.session?.uid == "followed")
    }

    @Test("a view model released while it follows the session ends its subscription: the session manager is freed")
    func releasedViewModelStopsFollowing() async {
        weak var released: SessionManager?
        do {
            let clock = TestClock()
            let tokens = SpySessionTokenService(clock: clock)
            let manager = SessionManager(
                store: SpySessionStore(session: .fixture()), tokenService: tokens, clock: clock)
            released = manager
            let viewModel = SignInViewModel(
                signIn: SignInUseCase(authProviders: [], sessions: manager),
                signOut: SignOutUseCase(sessions: manager, tokenService: tokens), uiClients: [:])
            await viewModel.start()
            #expect(viewModel.state.session == .fixture())
        }
        // The subscription's task ends on another thread: waited for by time, not by a count of turns, which a
        // loaded machine can use up first.
        let deadline = ContinuousClock.now + .seconds(30)
        while released != nil, ContinuousClock.now < deadline { await Task.yield() }
        #expect(released == nil)
    }

    @Test("after start(), a refresh made elsewhere shows in the view model's state")
    func followsRefresh() async throws {
        let clock = TestClock()
        let stored = UserSession.fixture(tokens: .fixture(expiresAt: clock.now() + 3600))
        let tokenService = SpySessionTokenService(clock: clock)
        let manager = SessionManager(store: SpySessionStore(session: stored), tokenService: tokenService, clock: clock)
        let viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: [], sessions: manager),
            signOut: SignOutUseCase(sessions: manager, tokenService: tokenService), uiClients: [:])
        #expect(await viewModel.start() == .success(.restored(stored)))
        #expect(viewModel.state.session == stored)

        let refreshed = try await manager.validSession(forceRefresh: true)
        while viewModel.state.session != refreshed { await Task.yield() }

        #expect(viewModel.state.session?.tokens.refreshToken == "refreshed-1")
        viewModel.stop()
    }

    @Test("clickSignOut runs the sign-out use case and ends signed out")
    func signsOut() async throws {
        let clock = TestClock()
        let store = SpySessionStore(session: .fixture())
        let service = SpySessionTokenService(clock: clock)
        let manager = SessionManager(store: store, tokenService: service, clock: clock)
        let viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: [], sessions: manager),
            signOut: SignOutUseCase(sessions: manager, tokenService: service), uiClients: [:],
            initialState: SignInState(session: .fixture()))

        await viewModel.dispatch(.clickSignOut)?.value

        #expect(viewModel.state == SignInState())
        #expect(await store.session == nil)
        #expect(await service.revoked.count == 1)
    }
}
