import Foundation
import SignInDomain
import SignInTesting
import Testing

@Suite("Phone second factor use cases")
struct PhoneSecondFactorUseCaseTests {
    let clock = TestClock()

    func manager(signedIn session: UserSession?) -> (SessionManager, SpySessionStore) {
        let store = SpySessionStore(session: session)
        return (SessionManager(store: store, tokenService: SpySessionTokenService(clock: clock), clock: clock), store)
    }

    func session(uid: String, anonymous: Bool = false) -> UserSession {
        .fixture(
            uid: uid, email: anonymous ? nil : "ada@example.com", providerIds: anonymous ? [] : [.emailPassword],
            isAnonymous: anonymous, tokens: .fixture(expiresAt: clock.now() + 3600), signInProvider: .emailPassword)
    }

    let phoneFactor = SecondFactor(
        id: "phone-1", kind: .phone, displayName: "Work", enrolledAt: Date(timeIntervalSince1970: 0),
        phoneNumber: "+*******0100")

    @Test("enrolling: signed out, a guest, or a national number is refused before any call; the number goes in E.164")
    func enrollStart() async throws {
        let service = SpyPhoneSecondFactorService()
        let signedOut = EnrollPhoneFactorUseCase(factors: service, sessions: manager(signedIn: nil).0)
        await #expect(throws: AuthError.notSignedIn) { _ = try await signedOut.start(phoneNumber: "+15555550100") }
        let guest = EnrollPhoneFactorUseCase(
            factors: service, sessions: manager(signedIn: session(uid: "g", anonymous: true)).0)
        await #expect(throws: AuthError.secondFactorNeedsPermanentAccount) {
            _ = try await guest.start(phoneNumber: "+15555550100")
        }
        let enroll = EnrollPhoneFactorUseCase(factors: service, sessions: manager(signedIn: session(uid: "u1")).0)
        await #expect(throws: AuthError.invalidPhoneNumber) { _ = try await enroll.start(phoneNumber: "555-0100") }
        #expect(await service.calls.isEmpty)
        let sent = try await enroll.start(phoneNumber: "+1 555 555 0100")
        #expect(sent.phoneNumber == "+15555550100")
        #expect(await service.calls == [.startEnrollment(phoneNumber: "+15555550100", uid: "u1")])
    }

    @Test("enrolling: a code that is not 6 digits is refused before any call; a good one stores the new session")
    func enrollFinish() async throws {
        let current = session(uid: "u1")
        var after = current
        after.tokens = .fixture(idToken: "after-enrolment", expiresAt: clock.now() + 3600)
        let service = SpyPhoneSecondFactorService(session: .success(after), failures: [.invalidPhoneCode])
        let (sessions, store) = manager(signedIn: current)
        let enroll = EnrollPhoneFactorUseCase(factors: service, sessions: sessions)
        let verification = PhoneVerification(phoneNumber: "+15555550100", id: "v")
        await #expect(throws: AuthError.invalidPhoneCode) { _ = try await enroll.finish(verification, code: "12345") }
        #expect(await service.calls.isEmpty)
        await #expect(throws: AuthError.invalidPhoneCode) { _ = try await enroll.finish(verification, code: "000000") }
        let result = try await enroll.finish(verification, code: "123456", displayName: "Work")
        #expect(result.session == after && result.recoveryCodes.isEmpty)
        #expect(await store.calls.contains(.save(after)))
    }

    @Test(
        "signing in: a code goes only to a phone factor of the challenge; the code signs in and the session is stored")
    func signIn() async throws {
        let totp = SecondFactor.fixture()
        let challenge = SecondFactorChallenge.fixture(factors: [totp, phoneFactor])
        let signedIn = session(uid: "u1")
        let service = SpyPhoneSecondFactorService(session: .success(signedIn), failures: [nil, .invalidPhoneCode])
        let (sessions, store) = manager(signedIn: nil)
        let phone = PhoneSecondFactorSignInUseCase(factors: service, sessions: sessions)
        await #expect(throws: AuthError.secondFactorNotFound) {
            _ = try await phone.sendCode(challenge, factorID: totp.id)
        }
        await #expect(throws: AuthError.secondFactorNotFound) {
            _ = try await phone.sendCode(challenge, factorID: "nope")
        }
        #expect(await service.calls.isEmpty)
        let sent = try await phone.sendCode(challenge, factorID: "phone-1")
        #expect(sent.phoneNumber == "+*******0100")
        await #expect(throws: AuthError.invalidPhoneCode) {
            _ = try await phone.finish(challenge, verification: sent, code: "1")
        }
        await #expect(throws: AuthError.invalidPhoneCode) {
            _ = try await phone.finish(challenge, verification: sent, code: "000000")
        }
        #expect(try await phone.finish(challenge, verification: sent, code: "123456") == signedIn)
        #expect(await store.calls.contains(.save(signedIn)))
    }
}
