import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@Suite("Second factors in the Data layer")
struct SecondFactorDataTests {
    let clock = TestClock()
    let backendChallenge = BackendSecondFactorChallenge(
        pendingCredential: "pending",
        factors: [
            BackendSecondFactor(mfaEnrollmentId: "f1", displayName: "Phone", enrolledAt: Date(timeIntervalSince1970: 0))
        ],
        email: "ada@example.com")

    @Test("a first step that meets a second factor is the Domain's challenge, with the first step's provider")
    func challenge() async throws {
        let backend = StubIdentityBackend(result: .failure(.secondFactorRequired(backendChallenge)))
        let password = AuthCredential(provider: .emailPassword, email: "ada@example.com", password: "pw")
        let expected = SecondFactorChallenge(
            pendingCredential: "pending",
            factors: [SecondFactor(id: "f1", displayName: "Phone", enrolledAt: Date(timeIntervalSince1970: 0))],
            provider: .emailPassword, email: "ada@example.com")
        await #expect(throws: AuthError.secondFactorRequired(expected)) {
            try await EmailPasswordAuthProvider(backend: backend, clock: clock).signIn(with: password)
        }
        let google = AuthCredential(provider: .google, idToken: "g")
        var forGoogle = expected
        forGoogle.provider = .google
        await #expect(throws: AuthError.secondFactorRequired(forGoogle)) {
            try await GoogleAuthProvider(backend: backend, clock: clock).signIn(with: google)
        }
    }

    @Test(
        "the backend's refusals become the Domain's second-factor errors",
        arguments: [
            (IdentityBackendError.Code.invalidCode, AuthError.invalidSecondFactorCode),
            (.invalidMFAPendingCredential, .secondFactorChallengeExpired),
            (.mfaEnrollmentNotFound, .secondFactorNotFound), (.invalidSessionInfo, .secondFactorEnrollmentExpired),
            (.tooManyAttempts, .tooManySecondFactorAttempts),
            (.unsupportedFirstFactor, .secondFactorNeedsPermanentAccount),
            (.credentialTooOld, .recentSignInRequired(.emailPassword)),
        ])
    func refusals(code: IdentityBackendError.Code, expected: AuthError) async {
        let service = BackendSecondFactorService(
            backend: StubIdentityBackend(result: .failure(IdentityBackendError(code))), clock: clock)
        let session = UserSession.fixture(providerIds: [.emailPassword], signInProvider: .emailPassword)
        await #expect(throws: expected) { _ = try await service.removeSecondFactor(id: "f1", for: session) }
        if code != .credentialTooOld {
            await #expect(throws: expected) {
                _ = try await service.finishSignIn(.fixture(), factorID: "f1", code: "123456")
            }
        }
    }

    @Test("the finished sign-in is the first step's provider's when the backend does not say")
    func provider() async throws {
        var response = BackendSessionResponse.fixture()
        response.signInProvider = nil
        let service = BackendSecondFactorService(backend: StubIdentityBackend(result: .success(response)), clock: clock)
        var challenge = SecondFactorChallenge.fixture()
        challenge.provider = .google
        #expect(try await service.finishSignIn(challenge, factorID: "f1", code: "123456").signInProvider == .google)
    }

    @Test("the capabilities with a multi-factor port make the service; without it, none")
    func offered() {
        let backend = StubIdentityBackend(result: .success(.fixture()))
        #expect(
            backend.capabilities.features(sessions: .fixture(reportIssue: { _ in }), authProviders: []).secondFactors
                != nil)
        #expect(
            IdentityBackendCapabilities(sessions: backend, passkeys: backend).features(
                sessions: .fixture(reportIssue: { _ in }), authProviders: []
            ).secondFactors == nil)
    }
}
