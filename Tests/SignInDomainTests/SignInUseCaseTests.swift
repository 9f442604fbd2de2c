import SignInDomain
import SignInTesting
import Testing

@Suite("SignInUseCase")
struct SignInUseCaseTests {
    let reportIssue: IssueReporter = { Issue.record(Comment(rawValue: $0)) }

    func makeSUT(
        providers: [any AuthProvider], store: SpySessionStore = SpySessionStore()
    ) -> (SignInUseCase, SpySessionStore) {
        (
            SignInUseCase(
                authProviders: providers, sessions: .fixture(store: store, reportIssue: reportIssue)),
            store
        )
    }

    @Test("signs in with the provider's UI client and auth provider, then stores the session")
    func signsInAndStores() async throws {
        let session = UserSession.fixture()
        let authProvider = SpyAuthProvider(.apple, result: .success(session))
        let (signIn, store) = makeSUT(providers: [authProvider])
        let credential = AuthCredential.fixture()

        let result = try await signIn(.apple, uiClients: [.apple: StubSignInUIClient.returning(credential)])

        #expect(result == .signedIn(session))
        #expect(await authProvider.credentials == [credential])
        #expect(await store.calls == [.load, .save(session)])
    }

    @Test("a provider with no UI client is a typed 'not configured' error, and nothing else is touched")
    func noUIClient() async {
        let useCase = SignInUseCase(
            authProviders: [FailingAuthProvider(.apple, reportIssue: reportIssue)],
            sessions: .fixture(store: FailingSessionStore(reportIssue: reportIssue), reportIssue: reportIssue))
        await #expect(throws: AuthError.providerNotConfigured(.google)) {
            try await useCase(.google, uiClients: [.apple: FailingSignInUIClient(.apple, reportIssue: reportIssue)])
        }
    }

    @Test("a provider with no AuthProvider fails before the user is asked anything")
    func noAuthProvider() async {
        let useCase = SignInUseCase(
            authProviders: [],
            sessions: .fixture(store: FailingSessionStore(reportIssue: reportIssue), reportIssue: reportIssue))
        await #expect(throws: AuthError.authProviderMissing(.apple)) {
            try await useCase(.apple, uiClients: [.apple: FailingSignInUIClient(.apple, reportIssue: reportIssue)])
        }
    }

    @Test("the user's cancel is its own outcome, and the stored session stays")
    func cancel() async throws {
        let existing = UserSession.fixture(uid: "existing")
        let store = SpySessionStore(session: existing)
        let (signIn, _) = makeSUT(providers: [FailingAuthProvider(.apple, reportIssue: reportIssue)], store: store)

        let result = try await signIn(.apple, uiClients: [.apple: StubSignInUIClient.cancelling(.apple)])

        #expect(result == .cancelled)
        #expect(await store.calls.isEmpty)
        #expect(await store.session == existing)
    }

    @Test(
        "an error from the UI client or the auth provider is passed on, and the stored session stays",
        arguments: [
            AuthError.missingIdentityToken(.apple), .invalidIdentityToken(.replayed), .invalidIdentityToken(.expired),
            .uiClientFailed(.apple, reason: "sheet failed"), .backend(code: "QUOTA_EXCEEDED", message: ""),
        ])
    func failuresLeaveTheSession(error: AuthError) async {
        let existing = UserSession.fixture(uid: "existing")
        for inUIClient in [true, false] {
            let store = SpySessionStore(session: existing)
            let uiClient =
                inUIClient
                ? StubSignInUIClient(.apple, result: .failure(error)) : StubSignInUIClient.returning(.fixture())
            let provider = StubAuthProvider(.apple, result: inUIClient ? .success(.fixture()) : .failure(error))
            let (signIn, _) = makeSUT(providers: [provider], store: store)

            await #expect(throws: error) { try await signIn(.apple, uiClients: [.apple: uiClient]) }
            #expect(await store.session == existing)
            #expect(await store.calls.allSatisfy { $0 == .load })
        }
    }

    @Test(
        "where an error that is not an AuthError enters (a platform's, a transport's), it becomes 'unexpected', naming only its type"
    )
    func foreignError() {
        struct SomeLibraryError: Error {}
        #expect(AuthError.normalizing(SomeLibraryError()) == .unexpected(reason: "SomeLibraryError"))
        #expect(AuthError.normalizing(AuthError.wrongCredentials) == .wrongCredentials)
    }

    @Test("a fifth provider works with no change to Domain: an open ProviderType and any UI client")
    func fifthProvider() async throws {
        let github = ProviderType(rawValue: "github.com")
        let session = UserSession.fixture(providerIds: [github])
        let (signIn, _) = makeSUT(providers: [StubAuthProvider(github, result: .success(session))])
        let result = try await signIn(
            github,
            uiClients: [github: StubSignInUIClient.returning(AuthCredential(provider: github, accessToken: "t"))])
        #expect(result == .signedIn(session))
    }
}
