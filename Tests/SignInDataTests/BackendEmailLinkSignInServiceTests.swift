import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@Suite("Email-link sign-in in the Data layer")
struct BackendEmailLinkSignInServiceTests {
    let clock = TestClock()

    @Test("a sign-in sends the email and code, and answers the backend's session")
    func signsIn() async throws {
        let backend = SpyEmailLinkBackend(
            session: .success(.fixture(localId: "u1", email: "ada@example.com", providerIds: ["password"])))
        let service = BackendEmailLinkSignInService(backend: backend, clock: clock)
        try await service.sendSignInLink(email: "ada@example.com")
        let session = try await service.signIn(email: "ada@example.com", code: "code-1")
        #expect(session.uid == "u1" && session.email == "ada@example.com")
        #expect(
            await backend.calls == [
                .sendSignInLink(email: "ada@example.com"),
                .signInWithEmailLink(email: "ada@example.com", code: "code-1"),
            ])
    }

    @Test(
        "a sign-in's refusals are the link's own: a used code, an expired one, another email",
        arguments: [
            (IdentityBackendError.Code.invalidOOBCode, AuthError.invalidSignInLink),
            (.expiredOOBCode, .signInLinkExpired), (.invalidEmail, .signInLinkEmailMismatch),
            (.userDisabled, .userDisabled),
        ])
    func refusals(code: IdentityBackendError.Code, expected: AuthError) async {
        let service = BackendEmailLinkSignInService(
            backend: SpyEmailLinkBackend(failures: [IdentityBackendError(code)]))
        await #expect(throws: expected) { _ = try await service.signIn(email: "ada@example.com", code: "c") }
    }

    @Test(
        "sending: a bad email, too many mails, or links turned off, each with its own error",
        arguments: [
            (IdentityBackendError.Code.invalidEmail, AuthError.invalidEmail),
            (.resetPasswordExceedLimit, .tooManyResetEmails),
            (.unsupportedProvider, .operationNotAllowed(.emailPassword)),
        ])
    func sendRefusals(code: IdentityBackendError.Code, expected: AuthError) async {
        let service = BackendEmailLinkSignInService(
            backend: SpyEmailLinkBackend(failures: [IdentityBackendError(code)]))
        await #expect(throws: expected) { try await service.sendSignInLink(email: "ada@example.com") }
    }

    @Test("the features offer sign-in links where the backend has the port, and not where it has none")
    func features() async throws {
        let sessions = SessionManager(
            store: SpySessionStore(session: nil), tokenService: SpySessionTokenService(clock: clock), clock: clock)
        #expect(
            StubIdentityBackend(result: .success(.fixture())).capabilities.features(
                sessions: sessions, authProviders: []
            ).emailLinks != nil)
        let without = IdentityBackendCapabilities(sessions: StubIdentityBackend(result: .success(.fixture())))
        #expect(without.features(sessions: sessions, authProviders: []).emailLinks == nil)
    }
}
