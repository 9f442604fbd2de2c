import Foundation
import SignInDomain
import SignInTesting
import Testing

@Suite("Second-factor use cases")
struct SecondFactorUseCaseTests {
    let clock = TestClock()

    func manager(_ session: UserSession?) -> (SessionManager, SpySessionStore) {
        let store = SpySessionStore(session: session)
        return (SessionManager(store: store, tokenService: SpySessionTokenService(clock: clock), clock: clock), store)
    }

    var signedIn: UserSession {
        .fixture(uid: "u1", email: "ada@example.com", tokens: .fixture(expiresAt: clock.now() + 3600))
    }

    @Test("a sign-in that stops for a second factor is a result, not an error, and stores nothing")
    func signInStops() async throws {
        let challenge = SecondFactorChallenge.fixture()
        let (sessions, store) = manager(nil)
        let signIn = SignInUseCase(
            authProviders: [StubAuthProvider(.emailPassword, result: .failure(.secondFactorRequired(challenge)))],
            sessions: sessions)
        let ui: SignInUIClients = [
            .emailPassword: StubSignInUIClient.returning(
                AuthCredential(provider: .emailPassword, email: "ada@example.com", password: "pw"))
        ]
        #expect(try await signIn(.emailPassword, uiClients: ui) == .secondFactorRequired(challenge))
        #expect(await store.calls.isEmpty)
        #expect(try await sessions.currentSession() == nil)
    }

    @Test("finishing stores the session; a malformed code is refused before any call")
    func finish() async throws {
        let session = signedIn
        let (sessions, store) = manager(nil)
        let spy = SpySecondFactorService(session: .success(session))
        let finish = FinishSecondFactorSignInUseCase(factors: spy, sessions: sessions)
        for typed in ["12345", "1234567", "12a456", "", "١٢٣٤٥٦"] {
            await #expect(throws: AuthError.invalidSecondFactorCode, "\(typed)") {
                _ = try await finish(.fixture(), code: Secret(typed))
            }
        }
        #expect(await spy.calls.isEmpty)
        #expect(try await finish(.fixture(), code: "123 456") == session)
        #expect(await spy.calls == [.finishSignIn(factorID: "factor-1", code: "123456")])
        #expect(await store.session == session)
        await #expect(throws: AuthError.secondFactorNotFound) {
            _ = try await finish(.fixture(), factorID: "another", code: "123456")
        }
    }

    @Test("with two factors, a code goes to the one chosen; with none chosen it is refused before any call")
    func twoFactors() async throws {
        let session = signedIn
        let (sessions, _) = manager(nil)
        let spy = SpySecondFactorService(session: .success(session))
        let finish = FinishSecondFactorSignInUseCase(factors: spy, sessions: sessions)
        let challenge = SecondFactorChallenge.fixture(factors: [
            .fixture(id: "phone", displayName: "Phone"), .fixture(id: "tablet", displayName: "Tablet"),
        ])
        // Trying the first would check a code from the second against the wrong secret, and count toward the lock.
        await #expect(throws: AuthError.secondFactorChoiceRequired) {
            _ = try await finish(challenge, code: "123456")
        }
        #expect(await spy.calls.isEmpty)
        #expect(try await finish(challenge, factorID: "tablet", code: "123456") == session)
        #expect(await spy.calls == [.finishSignIn(factorID: "tablet", code: "123456")])
        await #expect(throws: AuthError.secondFactorNotFound) {
            _ = try await finish(.fixture(factors: []), code: "123456")
        }
    }

    @Test("a wrong code leaves nobody signed in")
    func wrongCode() async throws {
        let (sessions, store) = manager(nil)
        let spy = SpySecondFactorService(failures: [.invalidSecondFactorCode])
        await #expect(throws: AuthError.invalidSecondFactorCode) {
            _ = try await FinishSecondFactorSignInUseCase(factors: spy, sessions: sessions)(.fixture(), code: "123456")
        }
        #expect(await store.calls.isEmpty)
    }

    @Test("enrolling: a guest is refused before any call; an old sign-in signs in again, then a code confirms")
    func enrol() async throws {
        let guest = UserSession.fixture(
            uid: "g", email: nil, providerIds: [], isAnonymous: true, tokens: .fixture(expiresAt: clock.now() + 3600))
        let idle = SpySecondFactorService()
        await #expect(throws: AuthError.secondFactorNeedsPermanentAccount) {
            _ = try await EnrollTOTPUseCase(factors: idle, sessions: manager(guest).0).start()
        }
        await #expect(throws: AuthError.notSignedIn) {
            _ = try await EnrollTOTPUseCase(factors: idle, sessions: manager(nil).0).start()
        }
        #expect(await idle.calls.isEmpty)

        let session = signedIn
        let (sessions, store) = manager(session)
        let spy = SpySecondFactorService(
            session: .success(session), failures: [.recentSignInRequired(.emailPassword)])
        let again = StubAuthProvider(.emailPassword, result: .success(session))
        let enroll = EnrollTOTPUseCase(factors: spy, sessions: sessions, authProviders: [again])
        // The backend wants a recent sign-in: the password given signs in again, and the start is made once more.
        let enrollment = try await enroll.start(currentPassword: "pw")
        await #expect(throws: AuthError.invalidSecondFactorCode) {
            _ = try await enroll.finish(enrollment, code: "12345")
        }
        #expect(try await enroll.finish(enrollment, code: "654321", displayName: "Phone").session == session)
        #expect(
            await spy.calls == [
                .startTOTPEnrollment(uid: "u1"), .startTOTPEnrollment(uid: "u1"),
                .finishTOTPEnrollment(code: "654321", displayName: "Phone", uid: "u1"),
            ])
        #expect(await store.session == session)
    }

    @Test("removing the last factor needs a confirmation; nothing is removed without it")
    func removeLast() async throws {
        let session = signedIn
        let spy = SpySecondFactorService(session: .success(session), factors: [.fixture()])
        let remove = RemoveSecondFactorUseCase(factors: spy, sessions: manager(session).0)
        await #expect(throws: AuthError.lastSecondFactor) { _ = try await remove(id: "factor-1") }
        await #expect(throws: AuthError.secondFactorNotFound) { _ = try await remove(id: "nope", confirmingLast: true) }
        #expect(await spy.calls == [.secondFactors(uid: "u1"), .secondFactors(uid: "u1")])
        #expect(try await remove(id: "factor-1", confirmingLast: true) == session)
        #expect(await spy.calls.last == .removeSecondFactor(id: "factor-1", uid: "u1"))

        let two = SpySecondFactorService(
            session: .success(session), factors: [.fixture(), .fixture(id: "factor-2", displayName: nil)])
        #expect(
            try await RemoveSecondFactorUseCase(factors: two, sessions: manager(session).0)(id: "factor-2") == session)
    }

    @Test("the otpauth:// URI percent-encodes the label and the issuer, and names every parameter")
    func uri() {
        let enrollment = TOTPEnrollment(
            secret: "JBSWY3DPEHPK3PXP", session: "s", expiresAt: Date(timeIntervalSince1970: 0))
        #expect(
            enrollment.uri(issuer: "Acme Co", accountName: "ada+2fa@example.com").value
                == "otpauth://totp/Acme%20Co:ada%2B2fa%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Acme%20Co"
                + "&algorithm=SHA1&digits=6&period=30")
        #expect(String(describing: enrollment.uri(issuer: "x", accountName: "y")) == Secret.redactedText)
    }

    @Test("a recovery code finishes the sign-in and says how many are left; a malformed one is refused before any call")
    func recoveryCode() async throws {
        let session = signedIn
        let (sessions, _) = manager(nil)
        let codes: [Secret] = ["k7m2px9q4r", "a3b4c5d6e7"]
        let spy = SpySecondFactorService(session: .success(session), recoveryCodes: codes)
        let finish = FinishSecondFactorSignInUseCase(factors: spy, sessions: sessions)
        for malformed: Secret in ["", "123456", "k7m2px9q4", "k7m2px9q4r2", "k7m2px9q4!", "o0l1ik7m2p"] {
            await #expect(throws: AuthError.invalidRecoveryCode) {
                _ = try await finish(.fixture(), recoveryCode: malformed)
            }
        }
        #expect(await spy.calls.isEmpty)

        let result = try await finish(.fixture(), recoveryCode: "K7M2P-X9Q4R")
        #expect(result == RecoveryCodeSignIn(session: session, codesLeft: 1))
        #expect(await spy.calls == [.finishSignInWithRecoveryCode(code: "k7m2px9q4r")], "sent as typed, normalised")
        #expect(try await sessions.currentSession() == session)
    }

    @Test("a new set of recovery codes: signed in only, never for a guest, and re-authenticated when asked")
    func newRecoveryCodes() async throws {
        let codes: [Secret] = ["k7m2px9q4r"]
        let (nobody, _) = manager(nil)
        let spy = SpySecondFactorService(recoveryCodes: codes, failures: [.recentSignInRequired(.emailPassword)])
        await #expect(throws: AuthError.notSignedIn) {
            _ = try await NewRecoveryCodesUseCase(factors: spy, sessions: nobody)()
        }
        let (guest, _) = manager(.fixture(uid: "g", providerIds: [], isAnonymous: true, tokens: signedIn.tokens))
        await #expect(throws: AuthError.secondFactorNeedsPermanentAccount) {
            _ = try await NewRecoveryCodesUseCase(factors: spy, sessions: guest)()
        }
        #expect(await spy.calls.isEmpty)

        let (sessions, _) = manager(signedIn)
        await #expect(throws: AuthError.recentSignInRequired(.emailPassword)) {
            _ = try await NewRecoveryCodesUseCase(factors: spy, sessions: sessions)()
        }
        #expect(try await NewRecoveryCodesUseCase(factors: spy, sessions: sessions)() == codes)
    }

    @Test("the first enrolment's recovery codes come back with its session")
    func enrolmentCodes() async throws {
        let codes: [Secret] = ["k7m2px9q4r"]
        let (sessions, _) = manager(signedIn)
        let spy = SpySecondFactorService(session: .success(signedIn), recoveryCodes: codes)
        let enroll = EnrollTOTPUseCase(factors: spy, sessions: sessions)
        let enrollment = try await enroll.start()
        let result = try await enroll.finish(enrollment, code: "123456")
        #expect(result == TOTPEnrollmentResult(session: signedIn, recoveryCodes: codes))
    }
}
