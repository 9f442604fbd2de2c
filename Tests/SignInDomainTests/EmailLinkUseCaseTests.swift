import Foundation
import SignInDomain
import SignInTesting
import Testing

@Suite("Email-link sign-in use cases")
struct EmailLinkUseCaseTests {
    let clock = TestClock()

    func manager() -> (SessionManager, SpySessionStore) {
        let store = SpySessionStore(session: nil)
        return (SessionManager(store: store, tokenService: SpySessionTokenService(clock: clock), clock: clock), store)
    }

    var linked: UserSession {
        .fixture(
            uid: "u1", email: "ada@example.com", providerIds: [.emailPassword],
            tokens: .fixture(expiresAt: clock.now() + 3600), signInProvider: .emailPassword)
    }

    @Test("sending: the email is checked first, sent trimmed, and remembered only once the mail went")
    func send() async throws {
        let service = SpyEmailLinkSignInService(failures: [nil, .tooManyResetEmails])
        let emails = SpySignInEmailStore()
        let send = SendSignInLinkUseCase(service: service, emails: emails)
        await #expect(throws: AuthError.invalidEmail) { try await send(email: "not an email") }
        #expect(await service.calls.isEmpty, "nothing is sent for a bad email")

        try await send(email: "  ada@example.com ")
        #expect(await service.calls == [.sendSignInLink(email: "ada@example.com")])
        #expect(await emails.email == "ada@example.com")

        await #expect(throws: AuthError.tooManyResetEmails) { try await send(email: "bob@example.com") }
        #expect(await emails.remembered == ["ada@example.com"], "a refused send remembers nothing")
    }

    @Test(
        "on the device that asked: the remembered email goes with the code, the session is stored, the email forgotten")
    func sameDevice() async throws {
        let (sessions, store) = manager()
        let service = SpyEmailLinkSignInService(session: .success(linked))
        let emails = SpySignInEmailStore(email: "ada@example.com")
        let signIn = SignInWithEmailLinkUseCase(service: service, emails: emails, sessions: sessions)
        #expect(await signIn.pendingEmail() == "ada@example.com")
        #expect(try await signIn(code: "link-code") == .signedIn(linked))
        #expect(await service.calls == [.signIn(email: "ada@example.com", code: "link-code")])
        #expect(await store.calls.contains(.save(linked)))
        #expect(await emails.email == nil)
    }

    @Test("on another device: without a typed email nothing is sent; the typed email goes, and one mistyped is refused")
    func otherDevice() async throws {
        let (sessions, store) = manager()
        let service = SpyEmailLinkSignInService(session: .success(linked), failures: [.signInLinkEmailMismatch])
        let signIn = SignInWithEmailLinkUseCase(service: service, emails: SpySignInEmailStore(), sessions: sessions)
        await #expect(throws: AuthError.signInLinkNeedsEmail) { _ = try await signIn(code: "link-code") }
        await #expect(throws: AuthError.signInLinkNeedsEmail) { _ = try await signIn(code: "link-code", email: "  ") }
        await #expect(throws: AuthError.invalidEmail) { _ = try await signIn(code: "link-code", email: "ada@") }
        #expect(await service.calls.isEmpty)

        await #expect(throws: AuthError.signInLinkEmailMismatch) {
            _ = try await signIn(code: "link-code", email: "eve@example.com")
        }
        #expect(await store.calls.allSatisfy { if case .save = $0 { false } else { true } }, "nothing stored")
        #expect(try await signIn(code: "link-code", email: "ada@example.com") == .signedIn(linked))
        #expect(
            await service.calls == [
                .signIn(email: "eve@example.com", code: "link-code"),
                .signIn(email: "ada@example.com", code: "link-code"),
            ])
    }

    @Test("a typed email wins over the remembered one; a refused link keeps the remembered email for a retry")
    func typedWins() async throws {
        let (sessions, _) = manager()
        let service = SpyEmailLinkSignInService(session: .success(linked), failures: [.signInLinkExpired])
        let emails = SpySignInEmailStore(email: "old@example.com")
        let signIn = SignInWithEmailLinkUseCase(service: service, emails: emails, sessions: sessions)
        await #expect(throws: AuthError.signInLinkExpired) { _ = try await signIn(code: "c", email: "ada@example.com") }
        #expect(await service.calls == [.signIn(email: "ada@example.com", code: "c")])
        #expect(await emails.email == "old@example.com")
    }

    @Test("an account with a second factor: the challenge comes back and nothing is stored yet")
    func secondFactor() async throws {
        let (sessions, store) = manager()
        let challenge = SecondFactorChallenge.fixture()
        let service = SpyEmailLinkSignInService(failures: [.secondFactorRequired(challenge)])
        let signIn = SignInWithEmailLinkUseCase(
            service: service, emails: SpySignInEmailStore(email: "ada@example.com"), sessions: sessions)
        #expect(try await signIn(code: "c") == .secondFactorRequired(challenge))
        #expect(await store.calls.allSatisfy { if case .save = $0 { false } else { true } })
    }
}
