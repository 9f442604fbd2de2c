import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@testable import SignInFirebase

/// Second factors in Identity Platform's shapes: the v2 `mfaEnrollment` and `mfaSignIn` calls, and a sign-in answered
/// with `mfaPendingCredential`.
@Suite("Firebase second factors")
struct FirebaseMultiFactorTests {
    @Test(
        "a password sign-in answered with mfaPendingCredential is the challenge, its SMS factors with their masked numbers"
    )
    func pendingCredential() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.ok([
                "kind": "identitytoolkit#VerifyPasswordResponse", "localId": "u1", "email": "jane@example.com",
                "mfaPendingCredential": "pending-1",
                "mfaInfo": [
                    [
                        "mfaEnrollmentId": "totp-1", "displayName": "Phone", "enrolledAt": "2026-01-01T00:00:00Z",
                        "totpInfo": [String: Any](),
                    ],
                    ["mfaEnrollmentId": "sms-1", "phoneInfo": "+1******1234", "enrolledAt": "2026-01-02T00:00:00Z"],
                ],
            ])
        ])
        let error = await #expect(throws: IdentityBackendError.self) {
            try await Wire.backend(spy).signInWithPassword(email: "jane@example.com", password: "pw 12345")
        }
        #expect(error?.code == .secondFactorRequired)
        let challenge = try #require(error?.secondFactor)
        #expect(challenge.pendingCredential == "pending-1" && challenge.email == "jane@example.com")
        #expect(
            challenge.factors == [
                BackendSecondFactor(
                    mfaEnrollmentId: "totp-1", displayName: "Phone",
                    enrolledAt: Date(timeIntervalSince1970: 1_767_225_600)),
                BackendSecondFactor(
                    mfaEnrollmentId: "sms-1", enrolledAt: Date(timeIntervalSince1970: 1_767_312_000),
                    phoneNumber: "+1******1234"),
            ])
        #expect(challenge.factors.map(\.domain.kind) == [.totp, .phone])
        #expect(await spy.requests.count == 1, "no lookup without tokens")
    }

    @Test("Firebase has no recovery codes: both calls are refused as not supported, before anything is sent")
    func noRecoveryCodes() async throws {
        let spy = SpyHTTPTransport(status: 500)
        let service = BackendSecondFactorService(backend: Wire.backend(spy))
        let challenge = SecondFactorChallenge(pendingCredential: "pending-1", factors: [], provider: .emailPassword)
        await #expect(throws: AuthError.notSupportedByBackend(.recoveryCodes)) {
            try await service.finishSignIn(challenge, recoveryCode: "k7m2px9q4r")
        }
        await #expect(throws: AuthError.notSupportedByBackend(.recoveryCodes)) {
            try await service.newRecoveryCodes(for: .fixture())
        }
        #expect(await spy.requests.isEmpty)
    }

    @Test("starting an enrolment is v2 mfaEnrollment:start with an empty totpEnrollmentInfo; HMAC_SHA1 is SHA1")
    func start() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.ok([
                "totpSessionInfo": [
                    "sharedSecretKey": "JBSWY3DPEHPK3PXP", "verificationCodeLength": 6, "hashingAlgorithm": "HMAC_SHA1",
                    "periodSec": 30, "sessionInfo": "session-1", "finalizeEnrollmentTime": "2026-01-01T00:10:00Z",
                ]
            ])
        ])
        let enrollment = try await Wire.backend(spy).startTOTPEnrollment(idToken: "id-1")
        let request = try #require(await spy.requests.first)
        Wire.expectCall(request, "accounts/mfaEnrollment:start", version: "v2")
        let body = try Wire.json(request)
        #expect(body["idToken"] as? String == "id-1")
        #expect((body["totpEnrollmentInfo"] as? [String: Any])?.isEmpty == true)
        #expect(enrollment.hashingAlgorithm == "SHA1" && enrollment.periodSec == 30)
        #expect(enrollment.sessionInfo == "session-1")
        #expect(enrollment.finalizeEnrollmentTime == Date(timeIntervalSince1970: 1_767_226_200))
    }

    @Test("finishing a sign-in is v2 mfaSignIn:finalize, then the account's lookup; a wrong code is INVALID_CODE")
    func finish() async throws {
        let idToken = Wire.idToken(uid: "u1", provider: "password")
        let spy = SpyHTTPTransport(responses: [
            Wire.ok(["idToken": idToken, "refreshToken": "refresh-u1"]),
            Wire.lookup(uid: "u1", email: "jane@example.com", providers: [("password", "jane@example.com")]),
            Wire.failure("INVALID_CODE"),
        ])
        let backend = Wire.backend(spy)
        let session = try await backend.finalizeSecondFactorSignIn(
            pendingCredential: "pending-1", enrollmentID: "totp-1", code: "123456")
        #expect(session.localId == "u1" && session.refreshToken == "refresh-u1" && session.signInProvider == "password")
        let request = try #require(await spy.requests.first)
        Wire.expectCall(request, "accounts/mfaSignIn:finalize", version: "v2")
        let body = try Wire.json(request)
        #expect(
            body["mfaPendingCredential"] as? String == "pending-1" && body["mfaEnrollmentId"] as? String == "totp-1")
        #expect((body["totpVerificationInfo"] as? [String: Any])?["verificationCode"] as? String == "123456")
        let refused = await #expect(throws: IdentityBackendError.self) {
            try await backend.finalizeSecondFactorSignIn(
                pendingCredential: "pending-1", enrollmentID: "totp-1", code: "654321")
        }
        #expect(refused?.code == .invalidCode)
        #expect(refused.map { $0.toDomain(provider: .emailPassword) } == .invalidSecondFactorCode)
        #expect(refused.map { !String(describing: $0).contains("654321") } == true, "the code never in an error")
    }

    @Test("the capabilities offer second factors")
    func offered() {
        #expect(Wire.backend(SpyHTTPTransport(status: 500)).capabilities.multiFactor != nil)
    }
}
