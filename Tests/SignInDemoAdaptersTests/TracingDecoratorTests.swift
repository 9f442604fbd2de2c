import Foundation
import SignInData
import SignInDataTesting
import SignInDemoAdapters
import SignInDemoTrace
import SignInDomain
import SignInPresentation
import SignInTesting
import Testing

/// The demo's trace is made by decorators around the ports: each records its crossing with the right layer, lets
/// every answer and error through unchanged, and never shows a secret.
@Suite("Tracing decorators")
struct TracingDecoratorTests {
    let reportIssue: IssueReporter = { Issue.record(Comment(rawValue: $0)) }

    /// The secrets the fixtures carry: none may appear in any step.
    static let secrets = [
        "fixture-id-token", "fixture-refresh-token", "fixture-apple-identity-token", "fixture-raw-nonce",
        "fixture-code", "hunter2 password", "live-reset-code", "live-custom-token",
    ]

    static func expectNoSecret(_ tracer: RecordingFlowTracer, sourceLocation: SourceLocation = #_sourceLocation) {
        let texts = tracer.steps.map { "\($0.component) \($0.message.description)" }
        for secret in secrets {
            #expect(!texts.contains { $0.contains(secret) }, "\(secret)", sourceLocation: sourceLocation)
        }
    }

    @Test("the identity backend's calls: a Data step for what is sent, a Backend step for the answer")
    func identityBackend() async throws {
        let tracer = RecordingFlowTracer()
        let backend = TracingIdentityBackend.wrapping(
            StubIdentityBackend(result: .success(.fixture(isNewUser: true))).capabilities, tracer: tracer)
        let request = IdPSignInRequest(
            providerId: "apple.com", idToken: "fixture-apple-identity-token", rawNonce: "fixture-raw-nonce")
        let response = try await #require(backend.identityProviders).signInWithIdP(request)
        #expect(response == .fixture(isNewUser: true))
        #expect(tracer.steps.map(\.layer) == [.data, .backend])
        #expect(tracer.steps.map(\.component) == ["IdentityBackend.signInWithIdP", "StubIdentityBackend"])
        #expect(tracer.steps.map(\.message.key) == ["data.sendIdPTokenWithNonce", "backend.newAccount"])
        _ = try await #require(backend.passwords).signInWithPassword(
            email: "jane@example.com", password: "hunter2 password")
        try await #require(backend.passwordReset).confirmPasswordReset(
            code: "live-reset-code", newPassword: "hunter2 password")
        _ = try await #require(backend.customTokens).signInWithCustomToken("live-custom-token")
        #expect(tracer.steps.map(\.message.key).contains("data.sendCustomToken"))
        Self.expectNoSecret(tracer)
    }

    @Test("the traced set has exactly the ports of the backend's set")
    func samePorts() {
        let sessionsOnly = IdentityBackendCapabilities(sessions: StubIdentityBackend(result: .success(.fixture())))
        let traced = TracingIdentityBackend.wrapping(sessionsOnly, tracer: RecordingFlowTracer())
        #expect(traced.passwords == nil && traced.guests == nil && traced.identityProviders == nil)
        #expect(traced.linking == nil && traced.passwordReset == nil && traced.accountDeletion == nil)
        #expect(traced.customTokens == nil && traced.passwordResetCodes == nil && traced.emailVerification == nil)
        let all = TracingIdentityBackend.wrapping(
            StubIdentityBackend(result: .success(.fixture())).capabilities, tracer: RecordingFlowTracer())
        #expect(all.passwords != nil && all.guests != nil && all.identityProviders != nil && all.linking != nil)
        #expect(all.customTokens != nil && all.passwordResetCodes != nil && all.emailVerification != nil)
        #expect(all.profile != nil && all.passwordChange != nil && all.passwordReset != nil)
    }

    @Test("the traced feature groups keep every service present, and record the reset-code check without the code")
    func accountServicesKeepTheirPorts() async throws {
        let tracer = RecordingFlowTracer()
        let sessions = SessionManager.fixture(reportIssue: reportIssue)
        let every = StubIdentityBackend(result: .success(.fixture())).capabilities.features(
            sessions: sessions, authProviders: [])
        let traced = TracingAccountServices.wrapping(every, tracer: tracer)
        let passwords = try #require(traced.passwords)
        #expect(passwords.signUpService is TracingAccountServices)
        #expect(passwords.resetService != nil && passwords.resetCodeService != nil && passwords.changeService != nil)
        #expect(traced.account?.unlinkService != nil && traced.account?.deletionService != nil)
        #expect(traced.profile?.emailVerificationService != nil && traced.profile?.service is TracingAccountServices)
        #expect(traced.secondFactors?.service is TracingAccountServices && traced.passkeys != nil)
        let none = TracingAccountServices.wrapping(SignInFeatures(), tracer: tracer)
        #expect(none.passwords == nil && none.profile == nil && none.account == nil)
        let checker = try #require(passwords.resetCodeService)
        _ = try await checker.checkPasswordResetCode("live-reset-code")
        #expect(tracer.steps.map(\.message.key) == ["data.passwordResetCodeChecked"])
        Self.expectNoSecret(tracer)
    }

    @Test("a refusal is recorded by its code and thrown unchanged")
    func identityBackendRefusal() async throws {
        let tracer = RecordingFlowTracer()
        let refusal = IdentityBackendError(.invalidLoginCredentials)
        let backend = TracingIdentityBackend.wrapping(
            StubIdentityBackend(result: .failure(refusal)).capabilities, tracer: tracer)
        let passwords = try #require(backend.passwords)
        await #expect(throws: refusal) {
            try await passwords.signInWithPassword(email: "jane@example.com", password: "hunter2 password")
        }
        #expect(tracer.steps.last?.layer == .backend)
        #expect(tracer.steps.last?.message.description == "refused: INVALID_LOGIN_CREDENTIALS")
        Self.expectNoSecret(tracer)
    }

    @Test("a UI client's question and answer are Infrastructure steps; a cancel and an error pass through")
    func uiClient() async throws {
        let tracer = RecordingFlowTracer()
        let client = TracingSignInUIClient(StubSignInUIClient.returning(.fixture()), tracer: tracer)
        #expect(client.providerType == .apple)
        #expect(try await client.getCredential() == .credential(.fixture()))
        #expect(tracer.steps.allSatisfy { $0.layer == .infrastructure })
        #expect(
            tracer.steps.last?.message.description
                == "got an AuthCredential with idToken, rawNonce, authorizationCode")
        let cancelling = TracingSignInUIClient(StubSignInUIClient.cancelling(.google), tracer: tracer)
        #expect(try await cancelling.getCredential() == .cancelled)
        #expect(tracer.steps.last?.message.key == "infrastructure.credentialCancelled")
        let failing = TracingSignInUIClient(
            StubSignInUIClient(.google, result: .failure(.uiClientFailed(.google, reason: "boom"))), tracer: tracer)
        await #expect(throws: AuthError.uiClientFailed(.google, reason: "boom")) { try await failing.getCredential() }
        #expect(tracer.steps.last?.message.key == "infrastructure.failed")
        Self.expectNoSecret(tracer)
    }

    @Test("an auth provider's exchange is a Data step with the session it got, or the error it threw")
    func authProvider() async throws {
        let tracer = RecordingFlowTracer()
        let provider = TracingAuthProvider(
            StubAuthProvider(.apple, result: .success(.fixture(uid: "u1"))), tracer: tracer)
        #expect(provider.type == .apple)
        #expect(try await provider.signIn(with: .fixture()).uid == "u1")
        #expect(try await provider.reauthenticate(.fixture(), session: .fixture(uid: "u1")).uid == "u1")
        #expect(tracer.steps.allSatisfy { $0.layer == .data })
        #expect(tracer.steps.map(\.component).first == "StubAuthProvider.signIn")
        let refusing = TracingAuthProvider(
            StubAuthProvider(.apple, result: .failure(.userMismatch(.apple))), tracer: tracer)
        await #expect(throws: AuthError.userMismatch(.apple)) {
            try await refusing.reauthenticate(.fixture(), session: .fixture())
        }
        #expect(tracer.steps.last?.message.description == "threw userMismatch")
        Self.expectNoSecret(tracer)
    }

    @Test("an HTTP call shows its method and path: never the query, the body or the bearer token")
    func httpTransport() async throws {
        let tracer = RecordingFlowTracer()
        let transport = TracingHTTPTransport(
            SpyHTTPTransport(responses: [.success(HTTPResponse(status: 200, body: Data()))]), answeredBy: "API",
            tracer: tracer)
        var request = HTTPRequest(url: try #require(URL(string: "https://api.invalid/v1/me?key=live-reset-code")))
        request.headers["Authorization"] = "Bearer fixture-id-token"
        request.body = Data("hunter2 password".utf8)
        _ = try await transport.send(request)
        #expect(
            tracer.steps.map(\.message.description) == [
                "GET /v1/me with Authorization: Bearer <redacted>", "answered 200",
            ])
        #expect(tracer.steps.map(\.layer) == [.data, .backend])
        Self.expectNoSecret(tracer)
    }

    @Test("the session store's writes are Infrastructure steps; a failed write records nothing and throws")
    func sessionStore() async throws {
        let tracer = RecordingFlowTracer()
        let store = TracingSessionStore(SpySessionStore(), tracer: tracer)
        try await store.save(.fixture(uid: "u1"))
        try await store.clear()
        #expect(tracer.steps.map(\.message.description) == ["stored the session of u1", "removed the stored session"])
        let failing = TracingSessionStore(
            SpySessionStore(saveError: .sessionStorage(reason: "full")), tracer: tracer)
        await #expect(throws: AuthError.sessionStorage(reason: "full")) { try await failing.save(.fixture()) }
        #expect(tracer.steps.count == 2)
    }

    @MainActor
    @Test("the screen records the action by its short name, the use case it starts, and what it shows after")
    func screen() async throws {
        let tracer = RecordingFlowTracer()
        let sessions = SessionManager.fixture(reportIssue: reportIssue)
        let accounts = SpyAccountService(error: .invalidResetCode)
        let viewModel = SignInViewModel(
            signIn: SignInUseCase(
                authProviders: [StubAuthProvider(.apple, result: .success(.fixture(uid: "u1")))], sessions: sessions),
            signOut: SignOutUseCase(
                sessions: sessions, tokenService: FailingSessionTokenService(reportIssue: reportIssue)),
            uiClients: [.apple: StubSignInUIClient.returning(.fixture())])
        let screen = TracedScreen(viewModel: viewModel, tracer: tracer)
        await screen.send(.clickProvider(.apple))
        #expect(
            tracer.steps.map { "\($0.layer.rawValue) \($0.component) \($0.message.description)" } == [
                "Presentation SignInViewModel.dispatch the screen sends clickProvider(apple.com)",
                "Domain SignInUseCase sign in with apple.com",
                "Presentation SignInViewModel.state signed in as u1; the home screen opens",
            ])
        let link = "signin-demo://reset-password?code=live-reset-code"
        let confirm = ConfirmPasswordResetUseCase(accounts: accounts, sessions: sessions)
        await screen.send(.account(.openResetLink(confirm, Secret(link), newPassword: Secret("hunter2 password"))))
        let texts = tracer.steps.map(\.message.description)
        #expect(texts.contains("the screen sends openResetLink"))
        #expect(!texts.contains { $0.contains("SignInPresentation.") })
        #expect(SignInAction.signInWithEmail(email: "a@b.co", password: "secret pass").name == "signInWithEmail")
        Self.expectNoSecret(tracer)
    }
}
