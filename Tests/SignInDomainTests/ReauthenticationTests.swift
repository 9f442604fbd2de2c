import Foundation
import SignInDomain
import SignInTesting
import Testing

@Suite("Sensitive operations and re-authentication")
struct ReauthenticationTests {
    let reportIssue: IssueReporter = { Issue.record(Comment(rawValue: $0)) }
    let clock = TestClock()

    var signedIn: UserSession {
        .fixture(
            uid: "jane", providerIds: [.google, .emailPassword], tokens: .fixture(expiresAt: clock.now() + 3600),
            signInProvider: .google)
    }

    func manager(_ session: UserSession?, tokenService: SpySessionTokenService? = nil) -> (
        SessionManager, SpySessionStore
    ) {
        let store = SpySessionStore(session: session)
        return (
            SessionManager(
                store: store, tokenService: tokenService ?? SpySessionTokenService(clock: clock), clock: clock),
            store
        )
    }

    @Test("a sign-in that is too old makes the use case ask the same provider again, then retry once")
    func deleteAfterSigningInAgain() async throws {
        let (sessions, _) = manager(signedIn)
        var renewed = signedIn
        renewed.tokens = .fixture(idToken: "renewed-id", refreshToken: "renewed-refresh", expiresAt: clock.now() + 3600)
        let google = SpyAuthProvider(.google, result: .success(renewed))
        let accounts = SpyAccountService(sensitiveFailures: [.recentSignInRequired(.emailPassword)])
        let credential = AuthCredential(provider: .google, idToken: "fresh-google-token", rawNonce: "n")
        let useCase = DeleteAccountUseCase(accounts: accounts, sessions: sessions, authProviders: [google])

        try await useCase(uiClients: [.google: StubSignInUIClient.returning(credential)])

        // The session's own provider (Google), not the one the backend error named, was asked.
        #expect(await google.reauthentications.map(\.credential) == [credential])
        #expect(
            await accounts.calls == [
                .deleteAccount(uid: "jane", revoking: nil), .deleteAccount(uid: "jane", revoking: nil),
            ])
        #expect(try await sessions.currentSession() == nil)
    }

    @Test("a current password the screen gave signs an account with a password in again, whatever it signed in with")
    func currentPasswordWins() async throws {
        let (sessions, _) = manager(signedIn)  // signed in with Google, and has a password too
        var renewed = signedIn
        renewed.tokens = .fixture(idToken: "renewed-id", refreshToken: "renewed-refresh", expiresAt: clock.now() + 3600)
        let email = SpyAuthProvider(.emailPassword, result: .success(renewed))
        let google = SpyAuthProvider(.google, result: .success(renewed))
        let accounts = SpyAccountService(sensitiveFailures: [.recentSignInRequired(.google)])
        let useCase = UnlinkProviderUseCase(accounts: accounts, sessions: sessions, authProviders: [email, google])

        _ = try await useCase(
            .google, uiClients: [.google: FailingSignInUIClient(.google, reportIssue: reportIssue)],
            currentPassword: "current pass 1")

        let expected = AuthCredential(provider: .emailPassword, email: signedIn.email, password: "current pass 1")
        #expect(await email.reauthentications.map(\.credential) == [expected])
        #expect(await google.reauthentications.isEmpty)
        #expect(await accounts.calls.count == 2, "refused once, then run again")
    }

    @Test("without the current password, an email account's re-authentication asks for it instead of guessing")
    func emailNeedsThePassword() async {
        var emailUser = signedIn
        emailUser.providerIds = [.emailPassword]
        emailUser.signInProvider = .emailPassword
        let (sessions, _) = manager(emailUser)
        let accounts = SpyAccountService(sensitiveFailures: [.recentSignInRequired(.emailPassword)])
        let email = SpyAuthProvider(.emailPassword, result: .success(emailUser))
        let useCase = DeleteAccountUseCase(accounts: accounts, sessions: sessions, authProviders: [email])
        await #expect(throws: AuthError.recentSignInRequired(.emailPassword)) { try await useCase() }
        #expect(await email.reauthentications.isEmpty)
        #expect(await accounts.calls.count == 1)
    }

    var appleUser: UserSession {
        .fixture(
            uid: "jane", providerIds: [.google, .apple], tokens: .fixture(expiresAt: clock.now() + 3600),
            signInProvider: .google)
    }

    @Test(
        "deleting an account with Apple signs in with Apple first, whatever the backend asks, and revokes with its code"
    )
    func deletionRevokesApple() async throws {
        let (sessions, _) = manager(appleUser)
        var renewed = appleUser
        renewed.tokens = .fixture(idToken: "after-apple", expiresAt: clock.now() + 3600)
        let apple = SpyAuthProvider(.apple, result: .success(renewed))
        let accounts = SpyAccountService()
        let credential = AuthCredential(
            provider: .apple, idToken: "apple-token", rawNonce: "n", authorizationCode: "fresh-code")
        let useCase = DeleteAccountUseCase(accounts: accounts, sessions: sessions, authProviders: [apple])

        try await useCase(uiClients: [.apple: StubSignInUIClient.returning(credential)])

        #expect(await apple.reauthentications.map(\.uid) == ["jane"])
        #expect(
            await accounts.calls == [
                .deleteAccount(
                    uid: "jane", revoking: ProviderRevocation(provider: .apple, authorizationCode: "fresh-code"))
            ])
        #expect(try await sessions.currentSession() == nil)
    }

    /// How the Apple step before a deletion can go wrong.
    enum AppleStepFailure: String, CaseIterable {
        case cancelled, noUIClient, noAuthorizationCode, otherAccount, revocationRefused
    }

    @Test(
        "a deletion whose Apple step fails deletes nothing and keeps the user signed in",
        arguments: AppleStepFailure.allCases)
    func deletionNeedsApple(failure: AppleStepFailure) async throws {
        let (sessions, store) = manager(appleUser)
        let withCode = AuthCredential(provider: .apple, idToken: "t", rawNonce: "n", authorizationCode: "code")
        var uiClients: SignInUIClients = [.apple: StubSignInUIClient.returning(withCode)]
        var result = Result<UserSession, AuthError>.success(appleUser)
        var accounts = SpyAccountService()
        let expected: AuthError
        switch failure {
        case .cancelled:
            uiClients = [.apple: StubSignInUIClient.cancelling(.apple)]
            expected = .recentSignInRequired(.apple)
        case .noUIClient:
            uiClients = [:]
            expected = .recentSignInRequired(.apple)
        case .noAuthorizationCode:
            uiClients = [.apple: StubSignInUIClient.returning(AuthCredential(provider: .apple, idToken: "t"))]
            expected = .providerRevocationFailed(.apple)
        case .otherAccount:
            result = .success(.fixture(uid: "sam", providerIds: [.apple]))
            expected = .userMismatch(.apple)
        case .revocationRefused:
            accounts = SpyAccountService(error: .providerRevocationFailed(.apple))
            expected = .providerRevocationFailed(.apple)
        }
        let useCase = DeleteAccountUseCase(
            accounts: accounts, sessions: sessions, authProviders: [SpyAuthProvider(.apple, result: result)])
        await #expect(throws: expected) { try await useCase(uiClients: uiClients) }
        #expect(try await sessions.currentSession()?.uid == "jane")
        #expect(await store.session?.uid == "jane")
        let deletions = await accounts.calls.count
        #expect(deletions == (failure == .revocationRefused ? 1 : 0))
    }

    @Test("declining to sign in again changes nothing and says a recent sign-in is needed")
    func cancelledReauthentication() async throws {
        let (sessions, store) = manager(signedIn)
        let accounts = SpyAccountService(sensitiveFailures: [.recentSignInRequired(.google)])
        let useCase = UnlinkProviderUseCase(
            accounts: accounts, sessions: sessions,
            authProviders: [FailingAuthProvider(.google, reportIssue: reportIssue)])
        await #expect(throws: AuthError.recentSignInRequired(.google)) {
            _ = try await useCase(.emailPassword, uiClients: [.google: StubSignInUIClient.cancelling(.google)])
        }
        #expect(await accounts.calls == [.unlink(.emailPassword, uid: "jane")])
        #expect(try await sessions.currentSession() == signedIn)
        #expect(await store.session == signedIn)
    }

    @Test("signing in again as another account is refused and changes nothing")
    func otherAccount() async throws {
        let (sessions, _) = manager(signedIn)
        let other = UserSession.fixture(uid: "sam", providerIds: [.google])
        let accounts = SpyAccountService(sensitiveFailures: [.recentSignInRequired(.google)])
        let useCase = ChangePasswordUseCase(
            accounts: accounts, sessions: sessions, authProviders: [SpyAuthProvider(.google, result: .success(other))])
        await #expect(throws: AuthError.userMismatch(.google)) {
            _ = try await useCase(
                newPassword: "battery staple 9",
                uiClients: [.google: StubSignInUIClient.returning(AuthCredential(provider: .google, idToken: "t"))])
        }
        #expect(try await sessions.currentSession() == signedIn)
    }

    @Test("change-password checks the policy first, needs a password, and stores the new session")
    func changePassword() async throws {
        let (sessions, store) = manager(signedIn)
        var changed = signedIn
        changed.tokens = .fixture(idToken: "after-change", expiresAt: clock.now() + 3600)
        let accounts = SpyAccountService(session: .success(changed))
        let useCase = ChangePasswordUseCase(accounts: accounts, sessions: sessions)
        await #expect(throws: AuthError.weakPassword(.tooShort)) { _ = try await useCase(newPassword: "short") }
        #expect(try await useCase(newPassword: "battery staple 9") == changed)
        #expect(await store.session == changed)
        let (guestSessions, _) = manager(.fixture(uid: "g", providerIds: [.google]))
        await #expect(throws: AuthError.providerNotLinked(.emailPassword)) {
            _ = try await ChangePasswordUseCase(accounts: accounts, sessions: guestSessions)(
                newPassword: "battery staple 9")
        }
    }

    @Test("a call whose ID token is refused is retried once after a refresh; refused again, the user is signed out")
    func revokedTokenSignsOut() async throws {
        let tokenService = SpySessionTokenService(clock: clock)
        let (sessions, store) = manager(signedIn, tokenService: tokenService)
        // The backend refuses the token (revoked by a password reset elsewhere); the refresh is refused too.
        await tokenService.setRefreshError(.refreshTokenRejected)
        await #expect(throws: AuthError.signedOut(.sessionExpired)) {
            _ = try await sessions.authorized { _ throws(AuthError) -> Bool in
                throw AuthError.signedOut(.sessionExpired)
            }
        }
        #expect(try await sessions.currentSession() == nil)
        #expect(await store.session == nil)
    }

    @Test("a call refused again right after a successful refresh signs out: the account no longer takes this session")
    func refusedAfterRefreshSignsOut() async throws {
        let tokenService = SpySessionTokenService(clock: clock)
        let (sessions, store) = manager(signedIn, tokenService: tokenService)
        await #expect(throws: AuthError.signedOut(.sessionExpired)) {
            _ = try await sessions.authorized { _ throws(AuthError) -> Bool in
                throw AuthError.signedOut(.sessionExpired)
            }
        }
        #expect(await tokenService.refreshCount == 1)
        #expect(try await sessions.currentSession() == nil)
        #expect(await store.session == nil)
    }

    @Test("a refresh token another process exchanged moments ago: its stored session is adopted, never a sign-out")
    func supersededRefreshAdoptsTheStoredSession() async throws {
        var expired = signedIn
        expired.tokens = .fixture(refreshToken: "mine", expiresAt: clock.now() - 10)
        let tokenService = SpySessionTokenService(clock: clock, refreshError: .refreshTokenSuperseded, gated: true)
        let (sessions, store) = manager(expired, tokenService: tokenService)
        async let refreshed = sessions.validSession()
        while await tokenService.refreshCount == 0 { await Task.yield() }
        // While this process's refresh is on its way, the other process's result lands in the shared store.
        var winner = expired
        winner.tokens = .fixture(refreshToken: "theirs", expiresAt: clock.now() + 3600)
        try await store.save(winner)
        await tokenService.open()

        #expect(try await refreshed == winner)
        #expect(try await sessions.currentSession() == winner)
        #expect(await store.session == winner)
    }

    @Test(
        "a call refused because the account is gone or disabled signs out at once, without a refresh",
        arguments: [
            (AuthError.signedOut(.accountDeleted), SignOutReason.accountDeleted),
            (.userDisabled, .accountDisabled),
        ])
    func accountGoneOrDisabled(refusal: AuthError, reason: SignOutReason) async throws {
        let tokens = SpySessionTokenService(clock: clock)
        let (sessions, store) = manager(signedIn, tokenService: tokens)
        await #expect(throws: AuthError.signedOut(reason)) {
            try await sessions.authorized { _ throws(AuthError) -> Int in throw refusal }
        }
        #expect(try await sessions.currentSession() == nil)
        #expect(await store.session == nil)
        #expect(await tokens.refreshCount == 0)
    }

    @Test("a call refused because its account is gone does not sign out another user who signed in meanwhile")
    func otherUserStays() async throws {
        let (sessions, store) = manager(signedIn)
        var someoneElse = signedIn
        someoneElse.uid = "sam"
        let other = someoneElse
        await #expect(throws: AuthError.signedOut(.accountDeleted)) {
            try await sessions.authorized { _ throws(AuthError) -> Int in
                try await sessions.establish(other)
                throw AuthError.signedOut(.accountDeleted)
            }
        }
        #expect(try await sessions.currentSession()?.uid == "sam")
        #expect(await store.session?.uid == "sam")
    }

    @Test("a refresh refused because the account is disabled signs out with that reason")
    func refreshOfDisabledAccount() async throws {
        var expired = signedIn
        expired.tokens = .fixture(expiresAt: clock.now() - 10)
        let (sessions, _) = manager(
            expired, tokenService: SpySessionTokenService(clock: clock, refreshError: .userDisabled))
        await #expect(throws: AuthError.signedOut(.accountDisabled)) { try await sessions.validSession() }
        #expect(try await sessions.currentSession() == nil)
    }
}
