import Foundation
import SignInDomain
import SignInTesting
import Testing

@Suite("Account use cases")
struct AccountUseCaseTests {
    let reportIssue: IssueReporter = { Issue.record(Comment(rawValue: $0)) }
    let clock = TestClock()

    func manager(_ session: UserSession?) -> (SessionManager, SpySessionStore) {
        let store = SpySessionStore(session: session)
        return (SessionManager(store: store, tokenService: SpySessionTokenService(clock: clock), clock: clock), store)
    }

    var guest: UserSession {
        .fixture(
            uid: "guest", email: nil, displayName: nil, providerIds: [], isAnonymous: true,
            tokens: .fixture(expiresAt: clock.now() + 3600))
    }

    // MARK: Email verification

    @Test("verifying the email: signed in, with an email, before any call; the mail goes for the stored session")
    func emailVerification() async throws {
        let nobody = manager(nil).0
        let failing = FailingAccountService(reportIssue: reportIssue)
        await #expect(throws: AuthError.notSignedIn) {
            _ = try await SendEmailVerificationUseCase(accounts: failing, sessions: nobody)()
        }
        await #expect(throws: AuthError.noEmailToVerify) {
            _ = try await SendEmailVerificationUseCase(accounts: failing, sessions: manager(guest).0)()
        }
        let session = UserSession.fixture(
            uid: "u1", email: "jane@example.com", tokens: .fixture(expiresAt: clock.now() + 3600))
        let spy = SpyAccountService(session: .success(session))
        #expect(
            try await SendEmailVerificationUseCase(accounts: spy, sessions: manager(session).0)() == "jane@example.com")
        #expect(try await ApplyEmailVerificationUseCase(accounts: spy)(code: "mailed-code") == "jane@example.com")
        #expect(await spy.calls == [.sendEmailVerification(uid: "u1"), .applyEmailVerification(code: "mailed-code")])
        let refused = SpyAccountService(error: .invalidVerificationLink)
        await #expect(throws: AuthError.invalidVerificationLink) {
            _ = try await ApplyEmailVerificationUseCase(accounts: refused)(code: "used")
        }
    }

    @Test("checking a reset code: an empty one is refused before any call; a good one names the email, unused")
    func resetCodeCheck() async throws {
        let failing = FailingAccountService(reportIssue: reportIssue)
        await #expect(throws: AuthError.invalidResetCode) {
            _ = try await CheckPasswordResetCodeUseCase(accounts: failing)(code: "")
        }
        let spy = SpyAccountService(session: .success(.fixture(email: "jane@example.com")))
        #expect(try await CheckPasswordResetCodeUseCase(accounts: spy)(code: "mailed") == "jane@example.com")
        #expect(await spy.calls == [.checkPasswordResetCode("mailed")])
        let expired = SpyAccountService(error: .resetCodeExpired)
        await #expect(throws: AuthError.resetCodeExpired) {
            _ = try await CheckPasswordResetCodeUseCase(accounts: expired)(code: "old")
        }
    }

    @Test(
        "a photo URL is http or https with a host, at most 2,048 bytes, no white space inside; empty removes it",
        arguments: [
            ("https://example.com/a.png", "https://example.com/a.png"),
            ("  HTTP://Example.com  ", "HTTP://Example.com"),
            ("", ""), ("   ", ""), ("javascript:alert(1)", nil), ("ftp://example.com", nil), ("https://", nil),
            ("https:///path", nil), ("https://exa mple.com", nil), ("https://@evil", nil),
            ("https://user:pw@example.com/x", nil),
            ("data:image/png;base64,AA", nil),
            ("https://example.com/\u{7}", nil), ("https://e.com/" + String(repeating: "a", count: 2040), nil),
        ] as [(String, String?)])
    func photoURLRule(text: String, expected: String?) {
        #expect((try? PhotoURL.validate(text)) == expected)
    }

    @Test("a profile change checks the email and the session before any call")
    func profileChecks() async {
        let failing = FailingAccountService(reportIssue: reportIssue)
        await #expect(throws: AuthError.invalidPhotoURL) {
            _ = try await UpdateProfileUseCase(accounts: failing, sessions: manager(guest).0)(photoURL: "file:///x")
        }
        await #expect(throws: AuthError.invalidEmail) {
            _ = try await UpdateProfileUseCase(accounts: failing, sessions: manager(guest).0)(email: "nope")
        }
        await #expect(throws: AuthError.notSignedIn) {
            _ = try await UpdateProfileUseCase(accounts: failing, sessions: manager(nil).0)(displayName: "Jane")
        }
    }

    // MARK: Sign-up

    @Test(
        "sign-up checks the email and the password before any call",
        arguments: [
            ("not-an-email", "long enough 1", AuthError.invalidEmail), ("a@b.co", "short", .weakPassword(.tooShort)),
            ("a@b.co", "zzzzzzzzz", .weakPassword(.allSameCharacter)),
        ])
    func signUpChecks(email: String, password: String, error: AuthError) async {
        let (sessions, store) = manager(nil)
        let useCase = SignUpUseCase(accounts: FailingAccountService(reportIssue: reportIssue), sessions: sessions)
        await #expect(throws: error) { try await useCase(email: email, password: Secret(password)) }
        #expect(await store.calls.isEmpty)
    }

    @Test("sign-up creates the account and stores its session")
    func signUp() async throws {
        let (sessions, store) = manager(nil)
        let created = UserSession.fixture(uid: "new", providerIds: [.emailPassword])
        let accounts = SpyAccountService(session: .success(created))
        let session = try await SignUpUseCase(accounts: accounts, sessions: sessions)(
            email: " a@b.co ", password: "long enough 1")
        #expect(session == created)
        #expect(await accounts.calls == [.signUp(email: "a@b.co", password: "long enough 1")])
        #expect(await store.session == created)
    }

    // MARK: Link

    @Test("linking keeps the uid and stores the updated session")
    func link() async throws {
        let (sessions, store) = manager(guest)
        var linked = guest
        linked.providerIds = [.emailPassword]
        linked.isAnonymous = false
        let provider = SpyAuthProvider(.emailPassword, result: .success(linked))
        let credential = AuthCredential(provider: .emailPassword, email: "a@b.co", password: "long enough 1")
        let useCase = LinkProviderUseCase(authProviders: [provider], sessions: sessions)

        let result = try await useCase(
            .emailPassword, uiClients: [.emailPassword: StubSignInUIClient.returning(credential)])

        #expect(result == .linked(linked))
        #expect(await provider.links.map(\.uid) == ["guest"])
        #expect(await store.session?.uid == "guest")
        #expect(await store.session?.providerIds == [.emailPassword])
    }

    @Test("a credential another account owns: a typed error carrying it, and the guest stays signed in, unchanged")
    func credentialInUse() async throws {
        let (sessions, store) = manager(guest)
        let credential = AuthCredential.fixture()
        struct OwnedElsewhere: AuthProvider {
            let type = ProviderType.apple
            let credential: AuthCredential
            func signIn(with credential: AuthCredential) async throws(AuthError) -> UserSession {
                .fixture(uid: "owner")
            }
            func link(_ credential: AuthCredential, to session: UserSession) async throws(AuthError) -> UserSession {
                throw AuthError.credentialAlreadyInUse(credential)
            }
        }
        let provider = OwnedElsewhere(credential: credential)
        let useCase = LinkProviderUseCase(authProviders: [provider], sessions: sessions)

        await #expect(throws: AuthError.credentialAlreadyInUse(credential)) {
            try await useCase(.apple, uiClients: [.apple: StubSignInUIClient.returning(credential)])
        }
        #expect(await store.session == guest)

        // The recovery the error makes possible: sign in to the owner with the same credential.
        let recovered = try await SignInUseCase(authProviders: [provider], sessions: sessions).signIn(with: credential)
        #expect(recovered.uid == "owner")
    }

    @Test("linking checks first: signed in, not linked yet, configured, and a good email and password")
    func linkChecks() async throws {
        let (signedOut, _) = manager(nil)
        let failing = FailingAuthProvider(.emailPassword, reportIssue: reportIssue)
        await #expect(throws: AuthError.notSignedIn) {
            try await LinkProviderUseCase(authProviders: [failing], sessions: signedOut)(.emailPassword, uiClients: [:])
        }
        var withEmail = guest
        withEmail.providerIds = [.emailPassword]
        let (linked, _) = manager(withEmail)
        await #expect(throws: AuthError.providerAlreadyLinked(.emailPassword)) {
            try await LinkProviderUseCase(authProviders: [failing], sessions: linked)(.emailPassword, uiClients: [:])
        }
        let (sessions, store) = manager(guest)
        let weak = AuthCredential(provider: .emailPassword, email: "a@b.co", password: "short")
        await #expect(throws: AuthError.weakPassword(.tooShort)) {
            try await LinkProviderUseCase(authProviders: [failing], sessions: sessions)(
                .emailPassword, uiClients: [.emailPassword: StubSignInUIClient.returning(weak)])
        }
        #expect(await store.session == guest)
    }

    @Test("a cancel while linking changes nothing")
    func linkCancel() async throws {
        let (sessions, store) = manager(guest)
        let useCase = LinkProviderUseCase(
            authProviders: [FailingAuthProvider(.google, reportIssue: reportIssue)], sessions: sessions)
        #expect(try await useCase(.google, uiClients: [.google: StubSignInUIClient.cancelling(.google)]) == .cancelled)
        #expect(await store.session == guest)
    }

    // MARK: Unlink

    @Test("unlink refuses a provider that is not linked and the last provider, without a call")
    func unlinkChecks() async {
        var apple = UserSession.fixture(tokens: .fixture(expiresAt: clock.now() + 3600))
        apple.providerIds = [.apple]
        let (sessions, _) = manager(apple)
        let useCase = UnlinkProviderUseCase(
            accounts: FailingAccountService(reportIssue: reportIssue), sessions: sessions)
        await #expect(throws: AuthError.providerNotLinked(.google)) { try await useCase(.google) }
        await #expect(throws: AuthError.cannotUnlinkLastProvider) { try await useCase(.apple) }
    }

    @Test("unlink stores the updated session")
    func unlink() async throws {
        let both = UserSession.fixture(providerIds: [.apple, .google], tokens: .fixture(expiresAt: clock.now() + 3600))
        let (sessions, store) = manager(both)
        let after = UserSession.fixture(providerIds: [.apple])
        let accounts = SpyAccountService(session: .success(after))
        #expect(try await UnlinkProviderUseCase(accounts: accounts, sessions: sessions)(.google) == after)
        #expect(await store.session == after)
        #expect(await accounts.calls == [.unlink(.google, uid: "uid-fixture")])
    }

    // MARK: Password reset

    @Test("asking for a reset checks the email first, then asks the service")
    func requestReset() async throws {
        await #expect(throws: AuthError.invalidEmail) {
            try await RequestPasswordResetUseCase(accounts: FailingAccountService(reportIssue: reportIssue))(email: "x")
        }
        let accounts = SpyAccountService()
        try await RequestPasswordResetUseCase(accounts: accounts)(email: "a@b.co")
        #expect(await accounts.calls == [.sendPasswordReset(email: "a@b.co")])
    }

    @Test("confirming a reset checks the new password and the code first")
    func confirmReset() async throws {
        let (sessions, store) = manager(guest)
        let failing = ConfirmPasswordResetUseCase(
            accounts: FailingAccountService(reportIssue: reportIssue), sessions: sessions)
        await #expect(throws: AuthError.weakPassword(.tooShort)) { try await failing(code: "c", newPassword: "x") }
        await #expect(throws: AuthError.invalidResetCode) { try await failing(code: "", newPassword: "long enough 1") }
        let accounts = SpyAccountService(error: .resetCodeExpired)
        await #expect(throws: AuthError.resetCodeExpired) {
            try await ConfirmPasswordResetUseCase(accounts: accounts, sessions: sessions)(
                code: "c", newPassword: "long enough 1")
        }
        #expect(await store.calls.filter { $0 != .load }.isEmpty, "a refused reset leaves the session alone")
    }

    @Test(
        "after a reset, this device's session is asked about once: refused, it ends; accepted or unanswered, it stays",
        arguments: [
            (AuthError?.some(.refreshTokenRejected), true), (.some(.userDisabled), true),
            (.some(.network(reason: "offline")), false), (nil, false),
        ])
    func resetChecksTheSession(refreshError: AuthError?, endsTheSession: Bool) async throws {
        let session = UserSession.fixture(
            uid: "u1", providerIds: [.emailPassword], tokens: .fixture(expiresAt: clock.now() + 3600))
        let tokens = SpySessionTokenService(clock: clock, refreshError: refreshError)
        let sessions = SessionManager(store: SpySessionStore(session: session), tokenService: tokens, clock: clock)
        let accounts = SpyAccountService()
        let after = try await ConfirmPasswordResetUseCase(accounts: accounts, sessions: sessions)(
            code: "c", newPassword: "long enough 1")
        #expect(await accounts.calls == [.confirmPasswordReset(code: "c", newPassword: "long enough 1")])
        #expect(await tokens.refreshCount == 1)
        #expect(try await sessions.currentSession() == nil ? endsTheSession : !endsTheSession)
        #expect((after == nil) == endsTheSession, "the use case returns the session it leaves")
    }

    @Test("a backend whose sessions cannot be refreshed is not asked, and the session is kept")
    func resetWithoutRefresh() async throws {
        let session = UserSession.fixture(uid: "u1", tokens: .fixture(expiresAt: clock.now() + 3600))
        let tokens = SpySessionTokenService(clock: clock, refreshError: .refreshTokenRejected, canRefresh: false)
        let sessions = SessionManager(store: SpySessionStore(session: session), tokenService: tokens, clock: clock)
        let after = try await ConfirmPasswordResetUseCase(accounts: SpyAccountService(), sessions: sessions)(
            code: "c", newPassword: "long enough 1")
        #expect(await tokens.refreshCount == 0)
        #expect(after?.uid == "u1")
        #expect(try await sessions.currentSession()?.uid == "u1")
    }

    @Test("a refresh in flight when the reset lands is not taken for the answer: the session is asked about again")
    func resetAfterARefreshInFlight() async throws {
        let session = UserSession.fixture(uid: "u1", tokens: .fixture(expiresAt: clock.now() + 3600))
        let tokens = FirstAcceptedThenRefused(clock: clock)
        let sessions = SessionManager(store: SpySessionStore(session: session), tokenService: tokens, clock: clock)
        let early = Task { try? await sessions.validSession(forceRefresh: true) }
        while await tokens.calls == 0 { await Task.yield() }
        let reset = Task {
            try await ConfirmPasswordResetUseCase(accounts: SpyAccountService(), sessions: sessions)(
                code: "c", newPassword: "long enough 1")
        }
        for _ in 0..<50 { await Task.yield() }
        await tokens.open()
        #expect(await early.value?.uid == "u1", "the refresh that started before the reset was accepted")
        #expect(try await reset.value == nil)
        #expect(await tokens.calls == 2)
        #expect(try await sessions.currentSession() == nil)
    }

    @Test("after a reset on a signed-out device, no session is asked about")
    func resetWhenSignedOut() async throws {
        let tokens = SpySessionTokenService(clock: clock)
        let sessions = SessionManager(store: SpySessionStore(), tokenService: tokens, clock: clock)
        try await ConfirmPasswordResetUseCase(accounts: SpyAccountService(), sessions: sessions)(
            code: "c", newPassword: "long enough 1")
        #expect(await tokens.refreshCount == 0)
    }

    // MARK: Apple credential state

    @Test(
        "an authorized Apple credential keeps the session; a revoked or unknown one signs out",
        arguments: [
            AppleCredentialState.authorized, .revoked, .notFound,
        ])
    func credentialState(state: AppleCredentialState) async throws {
        var session = UserSession.fixture()
        session.providerUserIDs = ["apple.com": "001.apple-user.002"]
        let (sessions, store) = manager(session)
        var events = sessions.authStateChanges.makeAsyncIterator()
        _ = await events.next()
        let checker = StubAppleCredentialStateChecker(state: state)

        #expect(try await CheckAppleCredentialUseCase(checker: checker, sessions: sessions)() == state)

        #expect(await checker.askedUserIDs == ["001.apple-user.002"])
        #expect((await store.session == nil) == (state != .authorized))
        if state != .authorized { #expect(await events.next() == .signedOut(.credentialRevoked)) }
    }

    @Test("the credential check needs a signed-in user with an Apple identity")
    func credentialChecks() async {
        let checker = StubAppleCredentialStateChecker(state: .authorized)
        await #expect(throws: AuthError.notSignedIn) {
            try await CheckAppleCredentialUseCase(checker: checker, sessions: manager(nil).0)()
        }
        await #expect(throws: AuthError.providerNotLinked(.apple)) {
            try await CheckAppleCredentialUseCase(checker: checker, sessions: manager(guest).0)()
        }
    }

    @Test(
        "at launch and on return to the foreground the check is quiet: nothing to check, or Apple unreachable, keeps everything",
        arguments: [AppleCredentialCheckTrigger.appLaunched, .appBecameActive])
    func quietChecks(trigger: AppleCredentialCheckTrigger) async throws {
        let checker = StubAppleCredentialStateChecker(state: .revoked)
        #expect(
            try await CheckAppleCredentialUseCase(checker: checker, sessions: manager(nil).0)(trigger: trigger) == nil)
        #expect(
            try await CheckAppleCredentialUseCase(checker: checker, sessions: manager(guest).0)(trigger: trigger) == nil
        )
        #expect(await checker.askedUserIDs.isEmpty)

        var session = UserSession.fixture()
        session.providerUserIDs = ["apple.com": "001.apple"]
        let (sessions, store) = manager(session)
        let offline = StubAppleCredentialStateChecker(error: .network(reason: "offline"))
        #expect(try await CheckAppleCredentialUseCase(checker: offline, sessions: sessions)(trigger: trigger) == nil)
        #expect(await store.session == session)
        // Asked by the user, the same failure is an error.
        await #expect(throws: AuthError.network(reason: "offline")) {
            try await CheckAppleCredentialUseCase(checker: offline, sessions: sessions)(trigger: .userAsked)
        }

        #expect(
            try await CheckAppleCredentialUseCase(checker: checker, sessions: sessions)(trigger: trigger) == .revoked)
        #expect(await store.session == nil)
    }

    @Test("a check that started for one user never signs out another who signed in while Apple answered")
    func checkKeepsANewUser() async throws {
        /// Answers `revoked`, but only when the test says so.
        actor GatedChecker: AppleCredentialStateChecker {
            private var asked: CheckedContinuation<Void, Never>?
            private var release: CheckedContinuation<Void, Never>?
            private var wasAsked = false
            func credentialState(forUserID userID: String) async throws(AuthError) -> AppleCredentialState {
                wasAsked = true
                asked?.resume()
                await withCheckedContinuation { release = $0 }
                return .revoked
            }
            func waitUntilAsked() async {
                if !wasAsked { await withCheckedContinuation { asked = $0 } }
            }
            func answer() { release?.resume() }
        }
        var jane = UserSession.fixture(uid: "jane", providerIds: [.apple])
        jane.providerUserIDs = ["apple.com": "001.jane"]
        let (sessions, store) = manager(jane)
        let checker = GatedChecker()
        let check = Task {
            try await CheckAppleCredentialUseCase(checker: checker, sessions: sessions)(trigger: .appBecameActive)
        }
        await checker.waitUntilAsked()
        let sam = UserSession.fixture(uid: "sam", providerIds: [.google])
        try await sessions.establish(sam)
        await checker.answer()
        #expect(try await check.value == nil)
        #expect(try await sessions.currentSession() == sam)
        #expect(await store.session == sam)
    }

    @Test("Apple's revocation notice signs an Apple account out without asking Apple; other accounts are left alone")
    func revocationNotice() async throws {
        let checker = StubAppleCredentialStateChecker(state: .authorized)
        let (sessions, store) = manager(.fixture(providerIds: [.apple]))
        var events = sessions.authStateChanges.makeAsyncIterator()
        _ = await events.next()
        #expect(
            try await CheckAppleCredentialUseCase(checker: checker, sessions: sessions)(trigger: .revocationNotified)
                == .revoked)
        #expect(await events.next() == .signedOut(.credentialRevoked))
        #expect(await store.session == nil)
        #expect(await checker.askedUserIDs.isEmpty)

        let (other, otherStore) = manager(guest)
        #expect(
            try await CheckAppleCredentialUseCase(checker: checker, sessions: other)(trigger: .revocationNotified)
                == nil)
        #expect(await otherStore.session == guest)
    }

    // MARK: Delete

    @Test("deleting the account signs out with its reason; deleting while signed out is refused")
    func delete() async throws {
        let (sessions, store) = manager(guest)
        let accounts = SpyAccountService()
        try await DeleteAccountUseCase(accounts: accounts, sessions: sessions)()
        #expect(await accounts.calls == [.deleteAccount(uid: "guest", revoking: nil)])
        #expect(await store.session == nil)
        await #expect(throws: AuthError.notSignedIn) {
            try await DeleteAccountUseCase(
                accounts: FailingAccountService(reportIssue: reportIssue), sessions: sessions)()
        }
    }

    @Test("a deletion the backend refuses keeps the account signed in")
    func deleteFails() async {
        let (sessions, store) = manager(guest)
        let accounts = SpyAccountService(error: .network(reason: "offline"))
        await #expect(throws: AuthError.network(reason: "offline")) {
            try await DeleteAccountUseCase(accounts: accounts, sessions: sessions)()
        }
        #expect(await store.session == guest)
    }
}

/// Holds its first refresh until ``open()`` and accepts it (its answer predates the reset); refuses every later one.
private actor FirstAcceptedThenRefused: SessionTokenService {
    let clock: TestClock
    private(set) var calls = 0
    private var gate: CheckedContinuation<Void, Never>?
    private var isOpen = false

    init(clock: TestClock) { self.clock = clock }

    nonisolated var canRefresh: Bool { true }

    func open() {
        isOpen = true
        gate?.resume()
        gate = nil
    }

    func refresh(_ session: UserSession) async throws(AuthError) -> UserSession {
        calls += 1
        guard calls == 1 else { throw AuthError.refreshTokenRejected }
        if !isOpen { await withCheckedContinuation { gate = $0 } }
        var next = session
        next.tokens = SessionTokens(
            idToken: "id-2", refreshToken: "refresh-2", expiresAt: clock.now().addingTimeInterval(3600))
        return next
    }

    func revoke(_ session: UserSession) async throws(AuthError) {}
}
