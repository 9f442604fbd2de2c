import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@Suite("Phone sign-in in the Data layer")
struct BackendPhoneSignInServiceTests {
    let clock = TestClock()

    /// A verifier that answers one proof and records the numbers it was asked for.
    actor RecordingVerifier: PhoneAppVerifier {
        let answer: Result<PhoneAppProof, AuthError>
        private(set) var asked: [String] = []
        init(_ answer: Result<PhoneAppProof, AuthError>) { self.answer = answer }
        func proof(for phoneNumber: String) async throws(AuthError) -> PhoneAppProof {
            asked.append(phoneNumber)
            return try answer.get()
        }
    }

    @Test("a code is asked for with the app's proof; the sign-in sends its verification and code, without an ID token")
    func signsIn() async throws {
        let backend = SpyPhoneBackend(
            sessionInfo: "session-1", session: .success(.fixture(localId: "p1", email: nil, providerIds: ["phone"])))
        let verifier = RecordingVerifier(.success(.recaptcha("captcha-token")))
        let service = BackendPhoneSignInService(backend: backend, verifier: verifier, clock: clock)
        let sent = try await service.sendCode(to: "+15555550100")
        #expect(sent == PhoneVerification(phoneNumber: "+15555550100", id: "session-1"))
        let session = try await service.signIn(sent, code: "123456")
        #expect(session.uid == "p1" && session.providerIds == [.phone])
        #expect(await verifier.asked == ["+15555550100"])
        #expect(
            await backend.calls == [
                .sendPhoneCode(phoneNumber: "+15555550100", appProof: .recaptcha("captcha-token")),
                .signInWithPhoneCode(sessionInfo: "session-1", code: "123456", idToken: nil),
            ])
    }

    @Test("no proof from the platform: nothing is asked of the backend")
    func noProof() async {
        let backend = SpyPhoneBackend()
        let failure = AuthError.uiClientFailed(.phone, reason: "no APNs token yet")
        let service = BackendPhoneSignInService(backend: backend, verifier: RecordingVerifier(.failure(failure)))
        await #expect(throws: failure) { _ = try await service.sendCode(to: "+15555550100") }
        #expect(await backend.calls.isEmpty)
    }

    @Test("a link sends the session's ID token with the code")
    func links() async throws {
        let backend = SpyPhoneBackend()
        let service = BackendPhoneSignInService(backend: backend, clock: clock)
        let verification = PhoneVerification(phoneNumber: "+15555550100", id: "session-1")
        let session = UserSession.fixture(uid: "u1", tokens: .fixture(idToken: "id-token-1"))
        _ = try await service.link(verification, code: "123456", to: session)
        #expect(
            await backend.calls == [
                .signInWithPhoneCode(sessionInfo: "session-1", code: "123456", idToken: "id-token-1")
            ])
    }

    @Test(
        "Firebase's OPERATION_NOT_ALLOWED naming the region is the SMS region policy; without it, phone sign-in is off")
    func region() async {
        let region = IdentityBackendError(
            .unsupportedProvider, message: "SMS unable to be sent until this region enabled by the app developer.")
        let denied = BackendPhoneSignInService(backend: SpyPhoneBackend(failures: [region]))
        await #expect(throws: AuthError.phoneRegionNotAllowed) { _ = try await denied.sendCode(to: "+15555550100") }
        let off = BackendPhoneSignInService(
            backend: SpyPhoneBackend(failures: [IdentityBackendError(.unsupportedProvider)]))
        await #expect(throws: AuthError.operationNotAllowed(.phone)) { _ = try await off.sendCode(to: "+15555550100") }
    }

    @Test(
        "the backend's refusals are the phone's own: a bad number, a wrong code, a spent verification, a number in use",
        arguments: [
            (IdentityBackendError.Code.invalidPhoneNumber, AuthError.invalidPhoneNumber),
            (.invalidCode, .invalidPhoneCode), (.invalidSessionInfo, .phoneCodeExpired),
            (.sessionExpired, .phoneCodeExpired), (.phoneNumberExists, .phoneNumberAlreadyInUse),
            (.tooManyAttempts, .tooManyPhoneCodes), (.quotaExceeded, .tooManyPhoneCodes),
            (.userDisabled, .userDisabled),
        ])
    func refusals(code: IdentityBackendError.Code, expected: AuthError) async {
        let verification = PhoneVerification(phoneNumber: "+15555550100", id: "s")
        let signIn = BackendPhoneSignInService(backend: SpyPhoneBackend(failures: [IdentityBackendError(code)]))
        await #expect(throws: expected) { _ = try await signIn.signIn(verification, code: "123456") }
        let send = BackendPhoneSignInService(backend: SpyPhoneBackend(failures: [IdentityBackendError(code)]))
        await #expect(throws: expected) { _ = try await send.sendCode(to: "+15555550100") }
    }
}
