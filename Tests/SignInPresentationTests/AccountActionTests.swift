import Foundation
import SignInDomain
import SignInTesting
import Testing

@testable import SignInPresentation

@Suite("DeepLink")
struct DeepLinkTests {
    @Test("parses the reset link from the mail")
    func valid() throws {
        #expect(
            try DeepLink.parse("signin-demo://reset-password?code=abc_DEF-123")
                == .resetPassword(code: "abc_DEF-123"))
        #expect(try DeepLink.parse(" SIGNIN-DEMO://reset-password/?code=x ") == .resetPassword(code: "x"))
        #expect(try DeepLink.parse("signin-demo://verify-email?code=v_1") == .verifyEmail(code: "v_1"))
    }

    @Test("parses Firebase's reset link, as Firebase mails it and as its Auth emulator lists it")
    func firebase() throws {
        #expect(
            try DeepLink.parse(
                "https://demo-app.firebaseapp.com/__/auth/action?mode=resetPassword&oobCode=Ab-9_z&apiKey=AIza1&lang=en"
            )
                == .resetPassword(code: "Ab-9_z"))
        #expect(
            try DeepLink.parse("http://127.0.0.1:9099/emulator/action?mode=resetPassword&lang=en&oobCode=X1&apiKey=k")
                == .resetPassword(code: "X1"))
        #expect(
            try DeepLink.parse("https://p.firebaseapp.com/__/auth/action?mode=verifyEmail&oobCode=V2")
                == .verifyEmail(code: "V2"))
    }

    @Test(
        "refuses malformed links, saying what is wrong",
        arguments: [
            ("", "not a URL"), ("reset-password?code=x", "not a URL"),
            ("ftp://reset-password?code=x", "the scheme is not 'signin-demo'"),
            ("https://reset-password?code=x", "unknown link"),
            (
                "https://p.firebaseapp.com/__/auth/action?mode=recoverEmail&oobCode=abc",
                "not a password-reset, email-verification or sign-in link"
            ),
            (
                "https://p.firebaseapp.com/__/auth/action?mode=signIn&mode=resetPassword&oobCode=abc",
                "not a password-reset, email-verification or sign-in link"
            ),
            ("https://p.firebaseapp.com/__/auth/action?mode=resetPassword", "no code"),
            ("https://p.firebaseapp.com/__/auth/action?mode=resetPassword&oobCode=a&oobCode=b", "more than one code"),
            (
                "https://u:p@p.firebaseapp.com/__/auth/action?mode=resetPassword&oobCode=a",
                "a user or a password in the link"
            ),
            (
                "https://p.firebaseapp.com/__/auth/action?mode=resetPassword&oobCode=%2F..",
                "the code has characters a code never has"
            ),
            ("signin-demo://delete-account?code=x", "unknown link"),
            ("signin-demo://reset-password/extra?code=x", "unknown link"),
            // Someone else's link dressed as ours, and links no mail of ours has: refused, not stripped.
            ("signin-demo://user:pw@reset-password?code=abc", "a user or a password in the link"),
            ("signin-demo://user@reset-password?code=abc", "a user or a password in the link"),
            ("signin-demo://reset-password:8080?code=abc", "a port or an '@' in the link"),
            ("signin-demo://reset-password?code=abc#evil", "a fragment in the link"),
            ("signin-demo://reset-password?code=" + String(repeating: "a", count: 3000), "longer than 2048 bytes"),
            ("signin-demo://reset-password", "no code"), ("signin-demo://reset-password?code=", "no code"),
            ("signin-demo://reset-password?code=a&code=b", "more than one code"),
            ("signin-demo://reset-password?code=%3Cscript%3E", "the code has characters a code never has"),
        ])
    func invalid(link: String, detail: String) {
        #expect(throws: AuthError.invalidDeepLink(detail)) { try DeepLink.parse(link) }
    }
}

@Suite("SignInReducer: account actions")
struct AccountReducerTests {
    let reducer = SignInReducer(messages: AuthErrorMessages(language: "en"))

    @Test(
        "each account action starts loading and asks for its effect",
        arguments: [
            (AccountAction.signUp(TestUseCases.signUp, email: "a@b.co", password: "p"), "signUp"),
            (.link(TestUseCases.link, .google), "clickLink(google.com)"),
            (.linkEmail(TestUseCases.link, email: "a@b.co", password: "p"), "linkEmail"),
            (.unlink(TestUseCases.unlink, .apple), "clickUnlink(apple.com)"),
            (.requestPasswordReset(TestUseCases.requestReset, email: "a@b.co"), "requestPasswordReset"),
            (.checkAppleCredential(TestUseCases.check, .userAsked), "checkAppleCredential"),
            (.deleteAccount(TestUseCases.delete), "clickDeleteAccount"),
            (.changePassword(TestUseCases.change, newPassword: "n", currentPassword: "c"), "changePassword"),
            (
                .openResetLink(TestUseCases.confirmReset, "signin-demo://reset-password?code=c", newPassword: "n"),
                "openResetLink"
            ),
        ])
    func effects(action: AccountAction, name: String) {
        var state = SignInState(errorMessage: "old", error: .notSignedIn, completed: .signUp)
        let effect = reducer.reduce(&state, .account(action))
        guard case .account(let started)? = effect else {
            Issue.record("no account effect for \(name)")
            return
        }
        #expect(started.name == name)
        #expect(state == SignInState(isLoading: true))
        #expect(reducer.reduce(&state, .account(action)) == nil, "no double submit")
    }

    @Test("a malformed reset link shows why and runs nothing")
    func badLink() {
        var state = SignInState()
        #expect(
            reducer.reduce(&state, .account(.openResetLink(TestUseCases.confirmReset, "http://x", newPassword: "n")))
                == nil)
        #expect(state.errorMessage == "This link cannot be opened.")
        #expect(!state.isLoading)
    }

    @Test("a completed operation records itself and the session after it")
    func completed() {
        var state = SignInState(isLoading: true, session: .fixture(uid: "guest"))
        _ = reducer.reduce(&state, .accountResponse(.completed(.link(.emailPassword), session: .fixture(uid: "guest"))))
        #expect(state == SignInState(session: .fixture(uid: "guest"), completed: .link(.emailPassword)))
        _ = reducer.reduce(&state, .accountResponse(.completed(.deleteAccount, session: nil)))
        #expect(state.session == nil)
    }

    @Test(
        "launch, foreground and notice checks run beside a loading screen, show no progress, and no error of their own")
    func backgroundChecks() {
        var state = SignInState(isLoading: true, loadingProvider: .google, session: .fixture())
        for trigger in [AppleCredentialCheckTrigger.appLaunched, .appBecameActive, .revocationNotified] {
            let effect = reducer.reduce(&state, .account(.checkAppleCredential(TestUseCases.check, trigger)))
            #expect(effect?.name == "checkAppleCredential")
            #expect(state == SignInState(isLoading: true, loadingProvider: .google, session: .fixture()))
        }
        // Asked by the user, the check waits for the screen like any other account action.
        #expect(reducer.reduce(&state, .account(.checkAppleCredential(TestUseCases.check, .userAsked))) == nil)
    }

    @Test("a revoked Apple credential ends signed out with its message")
    func revoked() {
        var state = SignInState(isLoading: true, session: .fixture())
        _ = reducer.reduce(&state, .accountResponse(.completed(.checkAppleCredential(.revoked), session: nil)))
        #expect(state.session == nil)
        #expect(state.completed == .checkAppleCredential(.revoked))
        #expect(
            state.errorMessage == "You stopped using Sign in with Apple with this app, so you have been signed out.")
    }

    @Test("a failure keeps the session and shows the message; a cancel shows nothing")
    func failures() {
        var state = SignInState(isLoading: true, session: .fixture(uid: "guest"))
        _ = reducer.reduce(
            &state, .accountResponse(.failed(.credentialAlreadyInUse(AuthCredential(provider: .google)))))
        #expect(state.session?.uid == "guest")
        #expect(state.errorMessage?.contains("already belongs to another account") == true)
        state.isLoading = true
        _ = reducer.reduce(&state, .accountResponse(.cancelled))
        #expect(state.errorMessage == nil)
        #expect(!state.isLoading)
    }
}

@MainActor
@Suite("SignInViewModel: account flows")
struct AccountViewModelTests {
    let reportIssue: IssueReporter = { Issue.record(Comment(rawValue: $0)) }
    let clock = TestClock()

    @Test("Apple's revocation notice signs out while another action is loading, and says why")
    func revocationNoticeWhileLoading() async throws {
        let sessions = SessionManager(
            store: SpySessionStore(
                session: .fixture(providerIds: [.apple], tokens: .fixture(expiresAt: clock.now() + 3600))),
            tokenService: SpySessionTokenService(clock: clock), clock: clock)
        let viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: [], sessions: sessions),
            signOut: SignOutUseCase(sessions: sessions, tokenService: SpySessionTokenService(clock: clock)),
            uiClients: [:], initialState: SignInState(isLoading: true, loadingProvider: .google, session: .fixture()))
        let check = CheckAppleCredentialUseCase(
            checker: StubAppleCredentialStateChecker(state: .authorized), sessions: sessions)
        await viewModel.dispatch(.account(.checkAppleCredential(check, .revocationNotified)))?.value
        #expect(viewModel.state.session == nil)
        #expect(viewModel.state.error == .signedOut(.credentialRevoked))
        #expect(try await sessions.currentSession() == nil)

        // At launch with nobody signed in, nothing shows.
        let quiet = SignInViewModel(
            signIn: SignInUseCase(authProviders: [], sessions: .fixture(reportIssue: reportIssue)),
            signOut: SignOutUseCase(sessions: sessions, tokenService: SpySessionTokenService(clock: clock)),
            uiClients: [:])
        let revoked = CheckAppleCredentialUseCase(
            checker: StubAppleCredentialStateChecker(state: .revoked), sessions: sessions)
        await quiet.dispatch(.account(.checkAppleCredential(revoked, .appLaunched)))?.value
        #expect(quiet.state == SignInState())
    }

    @Test("a guest links email through the view model, the email and password in the action, and keeps its uid")
    func link() async throws {
        let guest = UserSession.fixture(
            uid: "guest", providerIds: [], isAnonymous: true, tokens: .fixture(expiresAt: clock.now() + 3600))
        var linked = guest
        linked.providerIds = [.emailPassword]
        let sessions = SessionManager(
            store: SpySessionStore(session: guest), tokenService: SpySessionTokenService(clock: clock), clock: clock)
        let provider = StubAuthProvider(.emailPassword, result: .success(linked))
        let viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: [provider], sessions: sessions),
            signOut: SignOutUseCase(sessions: sessions, tokenService: SpySessionTokenService(clock: clock)),
            uiClients: [:])
        let link = LinkProviderUseCase(authProviders: [provider], sessions: sessions)
        await viewModel.dispatch(.account(.linkEmail(link, email: "a@b.co", password: "long enough 1")))?.value
        #expect(viewModel.state.session == linked)
        #expect(viewModel.state.completed == .link(.emailPassword))
    }

    @Test("delete-account and the reset request run their use cases")
    func deleteAndReset() async throws {
        let sessions = SessionManager(
            store: SpySessionStore(
                session: .fixture(providerIds: [.emailPassword], tokens: .fixture(expiresAt: clock.now() + 3600))),
            tokenService: SpySessionTokenService(clock: clock), clock: clock)
        let accounts = SpyAccountService()
        let viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: [], sessions: sessions),
            signOut: SignOutUseCase(sessions: sessions, tokenService: SpySessionTokenService(clock: clock)),
            uiClients: [:], initialState: SignInState(session: .fixture(providerIds: [.emailPassword])))
        let requestReset = RequestPasswordResetUseCase(accounts: accounts)
        await viewModel.dispatch(.account(.requestPasswordReset(requestReset, email: "a@b.co")))?.value
        #expect(viewModel.state.completed == .requestPasswordReset)
        let delete = DeleteAccountUseCase(accounts: accounts, sessions: sessions)
        await viewModel.dispatch(.account(.deleteAccount(delete)))?.value
        #expect(viewModel.state.completed == .deleteAccount)
        #expect(viewModel.state.session == nil)
        #expect(
            await accounts.calls == [
                .sendPasswordReset(email: "a@b.co"), .deleteAccount(uid: "uid-fixture", revoking: nil),
            ])
    }

    @Test("a reset link is checked before a password is asked: the email it is for, or why it is no good")
    func checkResetLink() async throws {
        let sessions = SessionManager.fixture(reportIssue: reportIssue)
        func viewModel() -> SignInViewModel {
            SignInViewModel(
                signIn: SignInUseCase(authProviders: [], sessions: sessions),
                signOut: SignOutUseCase(sessions: sessions, tokenService: SpySessionTokenService(clock: clock)),
                uiClients: [:])
        }
        let accounts = SpyAccountService(session: .success(.fixture(email: "jane@example.com")))
        let good = viewModel()
        let offer = CheckPasswordResetCodeUseCase(accounts: accounts)
        await good.dispatch(.account(.checkResetLink(offer, "signin-demo://reset-password?code=mailed")))?.value
        #expect(good.state.completed == .checkPasswordResetCode(email: "jane@example.com"))
        #expect(good.state.errorMessage == nil && !good.state.isLoading)
        // A verification link is not a reset link: said at once, no call.
        await good.dispatch(.account(.checkResetLink(offer, "signin-demo://verify-email?code=mailed")))?.value
        #expect(good.state.error == .invalidDeepLink("not a password-reset link"))
        #expect(await accounts.calls == [.checkPasswordResetCode("mailed")])

        let used = viewModel()
        let usedOffer = CheckPasswordResetCodeUseCase(accounts: SpyAccountService(error: .invalidResetCode))
        await used.dispatch(.account(.checkResetLink(usedOffer, "signin-demo://reset-password?code=used")))?.value
        #expect(used.state.error == .invalidResetCode && used.state.completed == nil)
    }

    @Test("after a reset that ended this device's session, the screen shows nobody signed in")
    func resetShowsTheSessionEnded() async throws {
        let session = UserSession.fixture(
            providerIds: [.emailPassword], tokens: .fixture(expiresAt: clock.now() + 3600))
        let tokens = SpySessionTokenService(clock: clock, refreshError: .refreshTokenRejected)
        let sessions = SessionManager(store: SpySessionStore(session: session), tokenService: tokens, clock: clock)
        let viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: [], sessions: sessions),
            signOut: SignOutUseCase(sessions: sessions, tokenService: tokens),
            uiClients: [:], initialState: SignInState(session: session))
        let offer = ConfirmPasswordResetUseCase(accounts: SpyAccountService(), sessions: sessions)
        await viewModel.dispatch(
            .account(.openResetLink(offer, "signin-demo://reset-password?code=c", newPassword: "long enough 1")))?.value
        #expect(viewModel.state.completed == .confirmPasswordReset)
        #expect(viewModel.state.session == nil)
        #expect(viewModel.state.errorMessage == nil)
    }

    @Test("the view model offers exactly the feature groups it was given: no action can be written for another")
    func featuresFollowTheWiring() {
        let sessions = SessionManager.fixture(reportIssue: reportIssue)
        let signOut = SignOutUseCase(sessions: sessions, tokenService: SpySessionTokenService(clock: clock))
        let none = SignInViewModel(
            signIn: SignInUseCase(authProviders: [], sessions: sessions), signOut: signOut, uiClients: [:])
        #expect(none.features.passwords == nil && none.features.account == nil && none.features.passkeys == nil)
        let accounts = SpyAccountService()
        let context = FeatureContext(sessions: sessions)
        let some = SignInViewModel(
            signIn: SignInUseCase(authProviders: [], sessions: sessions), signOut: signOut,
            features: SignInFeatures(
                passwords: PasswordFeatures(signUpService: accounts, context: context),
                account: AccountFeatures(unlinkService: accounts, context: context)),
            uiClients: [:])
        #expect(some.features.passwords != nil && some.features.account?.unlink != nil)
        #expect(some.features.account?.delete == nil && some.features.passwords?.change == nil)
        #expect(some.features.account?.link == nil && some.features.profile == nil)
    }

    @Test("an operation that does not change the session keeps the one the screen shows when it ends")
    func keepsTheSessionShownNow() async {
        let request = AccountAction.requestPasswordReset(
            RequestPasswordResetUseCase(accounts: SpyAccountService()), email: "a@b.co")
        let response = await request.response(in: AccountAction.Context())
        #expect(response == .completedKeepingSession(.requestPasswordReset))
        // Meanwhile the session changed (a refresh, another screen): the response does not bring the old one back.
        var state = SignInState(isLoading: true, session: .fixture(uid: "changed-meanwhile"))
        _ = SignInReducer().reduce(&state, .accountResponse(response))
        #expect(state.session?.uid == "changed-meanwhile" && state.completed == .requestPasswordReset)
    }

    @Test("an action shows only its name: not the code it carries, nor the use case and what its session holds")
    func actionsShowTheirNameOnly() {
        let actions: [SignInAction] = [
            .secondFactor(.submitCode(TestUseCases.finishSecondFactor, code: "314159")),
            .account(.signUp(TestUseCases.signUp, email: "ada@example.com", password: "correct horse")),
            .passkey(
                .remove(RemovePasskeyUseCase(passkeys: SpyPasskeyService(), sessions: TestUseCases.sessions), id: "k1")),
        ]
        for action in actions {
            var dumped = ""
            dump(action, to: &dumped)
            for text in [dumped, String(describing: action), String(reflecting: action)] {
                #expect(!text.contains("314159") && !text.contains("ada@example.com") && !text.contains("horse"))
                #expect(!text.contains("SessionManager") && !text.contains("UseCase"), "\(text)")
                #expect(text.contains(action.name))
            }
        }
    }

    @Test("a reset link is a secret: its code shows in no description, dump or trace of the action")
    func linkIsSecret() {
        let action = SignInAction.account(
            .openResetLink(
                TestUseCases.confirmReset, Secret("signin-demo://reset-password?code=LIVE-CODE-123"),
                newPassword: "new horse battery"))
        var dumped = ""
        dump(action, to: &dumped)
        #expect(!String(describing: action).contains("LIVE-CODE-123"))
        #expect(!String(reflecting: action).contains("LIVE-CODE-123"))
        #expect(!dumped.contains("LIVE-CODE-123"))
        #expect(
            DeepLink.redacted("signin-demo://reset-password?code=LIVE-CODE-123")
                == "signin-demo://reset-password?code=<redacted>")
    }
}
