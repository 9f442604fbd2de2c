import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@Suite("Phone second factors in the Data layer")
struct BackendPhoneSecondFactorServiceTests {
    let clock = TestClock()

    /// A verifier that answers one reCAPTCHA token.
    struct Captcha: PhoneAppVerifier {
        func proof(for phoneNumber: String) async throws(AuthError) -> PhoneAppProof { .recaptcha("captcha") }
    }

    @Test("enrolment sends the ID token, the number and the proof; the code goes with its session info")
    func enrolls() async throws {
        let backend = SpyPhoneSecondFactorBackend(sessionInfo: "enrol-1")
        let service = BackendPhoneSecondFactorService(backend: backend, verifier: Captcha(), clock: clock)
        let session = UserSession.fixture(uid: "u1", tokens: .fixture(idToken: "id-1"))
        let sent = try await service.startEnrollment(phoneNumber: "+15555550100", for: session)
        #expect(sent == PhoneVerification(phoneNumber: "+15555550100", id: "enrol-1"))
        _ = try await service.finishEnrollment(sent, code: "123456", displayName: "Work", for: session)
        #expect(
            await backend.calls == [
                .startPhoneEnrollment(idToken: "id-1", phoneNumber: "+15555550100", appProof: .recaptcha("captcha")),
                .finalizePhoneEnrollment(idToken: "id-1", sessionInfo: "enrol-1", code: "123456", displayName: "Work"),
            ])
    }

    @Test("a sign-in's second step sends the pending credential and the factor; the code finishes it")
    func signsIn() async throws {
        let backend = SpyPhoneSecondFactorBackend(sessionInfo: "step-1")
        let service = BackendPhoneSecondFactorService(backend: backend, clock: clock)
        let factor = SecondFactor(
            id: "phone-1", kind: .phone, enrolledAt: Date(timeIntervalSince1970: 0), phoneNumber: "+*******0100")
        let challenge = SecondFactorChallenge.fixture(factors: [factor])
        let sent = try await service.sendSignInCode(challenge, factorID: "phone-1")
        let session = try await service.finishSignIn(challenge, verification: sent, code: "123456")
        #expect(session.signInProvider != nil)
        #expect(
            await backend.calls == [
                .startPhoneSecondFactorSignIn(pendingCredential: "pending-1", enrollmentID: "phone-1", appProof: .none),
                .finalizePhoneSecondFactorSignIn(pendingCredential: "pending-1", sessionInfo: "step-1", code: "123456"),
            ])
    }

    @Test(
        "the backend's refusals are the phone factor's own: no verified email, a number enrolled, a stale sign-in",
        arguments: [
            (IdentityBackendError.Code.unverifiedEmail, AuthError.secondFactorNeedsVerifiedEmail),
            (.secondFactorExists, .phoneFactorAlreadyEnrolled),
            (.credentialTooOld, .recentSignInRequired(.emailPassword)),
            (.invalidCode, .invalidPhoneCode), (.sessionExpired, .phoneCodeExpired),
            (.tooManyAttempts, .tooManyPhoneCodes),
            (.unsupportedFirstFactor, .secondFactorNeedsPermanentAccount),
        ])
    func refusals(code: IdentityBackendError.Code, expected: AuthError) async {
        let service = BackendPhoneSecondFactorService(
            backend: SpyPhoneSecondFactorBackend(failures: [IdentityBackendError(code)]))
        let session = UserSession.fixture(providerIds: [.emailPassword], signInProvider: .emailPassword)
        await #expect(throws: expected) {
            _ = try await service.startEnrollment(phoneNumber: "+15555550100", for: session)
        }
    }
}
