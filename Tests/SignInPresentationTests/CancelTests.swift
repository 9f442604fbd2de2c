import SignInDomain
import SignInPresentation
import SignInTesting
import Testing

/// ``SignInAction/cancel``: the screen stops waiting for what is in progress, at once, and its task is cancelled.
@MainActor
@Suite("SignInViewModel: cancelling what is in progress", .timeLimit(.minutes(2)))
struct CancelTests {
    let reportIssue: IssueReporter = { Issue.record(Comment(rawValue: $0)) }

    func makeSUT(uiClients: SignInUIClients, providers: [any AuthProvider]) -> SignInViewModel {
        let store = SpySessionStore()
        return SignInViewModel(
            signIn: SignInUseCase(authProviders: providers, sessions: .fixture(store: store, reportIssue: reportIssue)),
            signOut: SignOutUseCase(
                sessions: .fixture(store: store, reportIssue: reportIssue),
                tokenService: FailingSessionTokenService(reportIssue: { _ in })),
            uiClients: uiClients, reducer: SignInReducer(messages: AuthErrorMessages(language: "en")))
    }

    @Test("a sign-in waiting on its sheet: the screen is free at once, the sheet's task is cancelled, nothing shows")
    func signIn() async throws {
        let sheet = HeldSheet(.apple)
        let viewModel = makeSUT(
            uiClients: [.apple: sheet], providers: [StubAuthProvider(.apple, result: .success(.fixture()))])
        let task = viewModel.dispatch(.clickProvider(.apple))
        await sheet.waitUntilOpen()
        #expect(viewModel.state.isLoading)

        #expect(viewModel.dispatch(.cancel) == nil)
        #expect(viewModel.state == SignInState())
        await sheet.waitUntilCancelled()
        // The sheet answers after all: the sign-in it finishes is not shown by this screen, which gave it up.
        await sheet.close(with: .credential(AuthCredential(provider: .apple)))
        await task?.value
        #expect(viewModel.state == SignInState())
    }

    @Test("the cancelled sign-in's late answer does not overtake the sign-in the user started next")
    func lateAnswer() async throws {
        let apple = HeldSheet(.apple)
        let google = HeldSheet(.google)
        let session = UserSession.fixture(uid: "google-user", providerIds: [.google])
        let viewModel = makeSUT(
            uiClients: [.apple: apple, .google: google],
            providers: [
                StubAuthProvider(.apple, result: .success(.fixture(uid: "apple-user"))),
                StubAuthProvider(.google, result: .success(session)),
            ])
        let first = viewModel.dispatch(.clickProvider(.apple))
        await apple.waitUntilOpen()
        viewModel.dispatch(.cancel)
        let second = viewModel.dispatch(.clickProvider(.google))
        await google.waitUntilOpen()

        // The first sheet answers after all, with a failure: the screen still waits for Google, and shows no error.
        await apple.close(with: .failure(.network(reason: "offline")))
        await first?.value
        #expect(viewModel.state == SignInState(isLoading: true, loadingProvider: .google))

        await google.close(with: .credential(AuthCredential(provider: .google)))
        await second?.value
        #expect(viewModel.state == SignInState(session: session))
    }

    @Test("an account operation in progress is cancelled the same way")
    func accountOperation() async throws {
        let sheet = HeldSheet(.google)
        let sessions = SessionManager.fixture(
            store: SpySessionStore(session: .fixture(uid: "guest", providerIds: [], isAnonymous: true)),
            reportIssue: reportIssue)
        let link = LinkProviderUseCase(
            authProviders: [StubAuthProvider(.google, result: .success(.fixture()))], sessions: sessions)
        let viewModel = makeSUT(uiClients: [.google: sheet], providers: [])
        let task = viewModel.dispatch(.account(.link(link, .google)))
        await sheet.waitUntilOpen()
        viewModel.dispatch(.cancel)
        #expect(!viewModel.state.isLoading)
        await sheet.waitUntilCancelled()
        await sheet.close(with: .credential(AuthCredential(provider: .google)))
        await task?.value
        #expect(viewModel.state == SignInState())
    }

    @Test("a sign-out is not cancelled: it revokes and ends the session, and the screen shows it")
    func signOutRunsToItsEnd() async throws {
        let store = SpySessionStore(session: .fixture())
        let tokens = SpySessionTokenService(clock: TestClock())
        let sessions = SessionManager.fixture(store: store, tokenService: tokens, reportIssue: reportIssue)
        let viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: [], sessions: sessions),
            signOut: SignOutUseCase(sessions: sessions, tokenService: tokens), uiClients: [:],
            initialState: SignInState(session: .fixture()))
        let task = viewModel.dispatch(.clickSignOut)
        #expect(viewModel.dispatch(.cancel) == nil)
        #expect(viewModel.state.isLoading)
        await task?.value
        #expect(viewModel.state.session == nil && !viewModel.state.isLoading)
        #expect(try await sessions.currentSession() == nil)
        #expect(await tokens.revoked.count == 1)
    }

    @Test("with nothing in progress, a cancel changes nothing but the error it dismisses")
    func nothingInProgress() {
        let viewModel = makeSUT(uiClients: [:], providers: [])
        viewModel.dispatch(.sessionRestoreFailed(.notSignedIn))
        #expect(viewModel.state.error != nil)
        #expect(viewModel.dispatch(.cancel) == nil)
        #expect(viewModel.state == SignInState())
    }
}

/// A provider's sheet that stays up until the test closes it, whatever happens to the task waiting for it (as a
/// system sheet does until it is dismissed); it notes that the waiting task was cancelled.
///
/// The test waits for the sheet's events (opened, cancelled) rather than for a number of scheduler turns, which a
/// loaded machine can use up before the other task runs; the suite's time limit bounds the wait.
private actor HeldSheet: SignInUIClient {
    enum Answer {
        case credential(AuthCredential), cancelled, failure(AuthError)
    }

    nonisolated let providerType: ProviderType
    private var waiting: CheckedContinuation<Answer, Never>?
    private var cancelled = false
    private var openWatchers: [CheckedContinuation<Void, Never>] = []
    private var cancelWatchers: [CheckedContinuation<Void, Never>] = []

    init(_ providerType: ProviderType) { self.providerType = providerType }

    func getCredential() async throws(AuthError) -> CredentialOutcome {
        let answer = await withTaskCancellationHandler {
            await withCheckedContinuation {
                waiting = $0
                resumeAll(&openWatchers)
            }
        } onCancel: {
            Task { await self.noteCancelled() }
        }
        switch answer {
        case .credential(let credential): return .credential(credential)
        case .cancelled: return .cancelled
        case .failure(let error): throw error
        }
    }

    func close(with answer: Answer) {
        waiting?.resume(returning: answer)
        waiting = nil
    }

    private func noteCancelled() {
        cancelled = true
        resumeAll(&cancelWatchers)
    }

    private func resumeAll(_ watchers: inout [CheckedContinuation<Void, Never>]) {
        for watcher in watchers { watcher.resume() }
        watchers.removeAll()
    }

    /// Returns once the sheet is up.
    func waitUntilOpen() async {
        guard waiting == nil else { return }
        await withCheckedContinuation { openWatchers.append($0) }
    }

    /// Returns once the waiting task was cancelled.
    func waitUntilCancelled() async {
        guard !cancelled else { return }
        await withCheckedContinuation { cancelWatchers.append($0) }
    }
}
