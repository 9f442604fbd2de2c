import Foundation
import SignInDomain
import SignInPresentation
import SignInTesting
import Testing

@Suite("SignInReducer: sessions and sign-out")
struct SignInReducerSessionTests {
    let reducer = SignInReducer()

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
        #expect(reducer.reduce(&state, .clickSignOut) == .signOut)
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

    @Test("a refresh made elsewhere shows in the view model's state")
    func followsRefresh() async throws {
        let clock = TestClock()
        let stored = UserSession.fixture(tokens: .fixture(expiresAt: clock.now() - 1))
        let manager = SessionManager(
            store: SpySessionStore(session: stored), tokenService: SpySessionTokenService(clock: clock), clock: clock)
        let viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: [], sessions: manager),
            signOut: SignOutUseCase(sessions: manager, tokenService: FailingSessionTokenService(reportIssue: { _ in })),
            uiClients: [:])
        let events = await manager.events()
        let following = Task { await viewModel.follow(events) }

        let refreshed = try await manager.validSession()
        while viewModel.state.session != refreshed { await Task.yield() }

        #expect(viewModel.state.session?.tokens.refreshToken == "refreshed-1")
        following.cancel()
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
