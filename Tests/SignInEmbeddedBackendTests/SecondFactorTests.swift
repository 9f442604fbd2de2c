import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInJOSE
import SignInTesting
import Testing

/// TOTP second factors at the embedded backend: enrolment confirmed by a first code, a sign-in that stops after its
/// first step, and every way a code or a pending credential could be abused.
@Suite("Second factors (TOTP)")
struct SecondFactorTests {
    let harness = BackendHarness()
    var service: EmbeddedIdentityService { harness.service }
    let email = "ada@example.com"
    let password: Secret = "correct horse battery"

    /// The authenticator app's code for `secret`, `steps` periods from the clock's now.
    func code(_ secret: Secret, steps: Int = 0) throws -> Secret {
        let key = try #require(Base32.decode(secret.value))
        let time = Int64(harness.clock.now().timeIntervalSince1970) + Int64(steps * 30)
        return Secret(OneTimeCodeGenerator.standard.code(secret: key, at: time))
    }

    /// An email account with a confirmed TOTP factor, its secret, and the recovery codes its enrolment gave.
    func enrolled(email: String? = nil) throws -> (
        session: BackendSessionResponse, secret: Secret, recoveryCodes: [Secret]
    ) {
        let session = try service.signUp(email: email ?? self.email, password: password)
        let enrollment = try service.startTOTPEnrollment(idToken: session.idToken)
        let confirmed = try service.finalizeTOTPEnrollment(
            idToken: session.idToken, sessionInfo: enrollment.sessionInfo, code: try code(enrollment.sharedSecretKey),
            displayName: "Phone")
        // The next code is a new step: the one that confirmed the enrolment works once.
        harness.clock.advance(by: 30)
        return (confirmed.session, enrollment.sharedSecretKey, confirmed.recoveryCodes)
    }

    /// The challenge a password sign-in of `email` answers with.
    func challenge(email: String? = nil) throws -> BackendSecondFactorChallenge {
        let error = #expect(throws: IdentityBackendError.self) {
            try service.signInWithPassword(email: email ?? self.email, password: password)
        }
        #expect(error?.code == .secondFactorRequired)
        return try #require(error?.secondFactor)
    }

    /// The code of the backend error `body` throws; `nil` when it throws none or another error.
    func codeOf(_ body: () throws -> Void) -> IdentityBackendError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? IdentityBackendError)?.code
        }
    }

    func finish(_ challenge: BackendSecondFactorChallenge, _ code: Secret) throws -> BackendSessionResponse {
        try service.finalizeSecondFactorSignIn(
            pendingCredential: challenge.pendingCredential,
            enrollmentID: try #require(challenge.factors.first?.mfaEnrollmentId), code: code)
    }

    @Test("an enrolled account's sign-in stops at the second factor, and the authenticator's code finishes it")
    func signIn() throws {
        let (enrolledSession, secret, _) = try enrolled()
        let factors = try service.secondFactors(idToken: enrolledSession.idToken)
        #expect(factors.map(\.displayName) == ["Phone"])
        let asked = try challenge()
        #expect(asked.factors == factors)
        #expect(asked.email == email)
        let session = try finish(asked, try code(secret))
        #expect(session.localId == enrolledSession.localId)
        #expect(session.signInProvider == "password")
    }

    @Test("the ID token of a two-step sign-in says which factor it gave, as Firebase's do; refreshed ones keep it")
    func claim() throws {
        let (enrolledSession, secret, _) = try enrolled()
        func claims(_ token: Secret) throws -> SessionTokenClaims {
            let parts = try #require(JWS.parse(token.value))
            return try JSONDecoder().decode(SessionTokenClaims.self, from: Data(parts.payload))
        }
        #expect(try claims(enrolledSession.idToken).signInSecondFactor == nil)
        let asked = try challenge()
        let session = try finish(asked, try code(secret))
        let first = try claims(session.idToken)
        #expect(first.signInSecondFactor == "totp")
        #expect(first.secondFactorIdentifier == asked.factors.first?.mfaEnrollmentId)
        let refreshed = try service.refreshSession(refreshToken: session.refreshToken)
        #expect(try claims(refreshed.idToken).signInSecondFactor == "totp")
        // The fast reader the backend checks tokens with reads the same claims.
        #expect(try service.lookupAccount(idToken: refreshed.idToken).uid == session.localId)
    }

    @Test("the enrolment answers a Base32 secret of 160 bits and the authenticator's defaults")
    func enrolmentShape() throws {
        let session = try service.signUp(email: email, password: password)
        let enrollment = try service.startTOTPEnrollment(idToken: session.idToken)
        #expect(Base32.decode(enrollment.sharedSecretKey.value)?.count == 20)
        #expect(enrollment.verificationCodeLength == 6)
        #expect(enrollment.hashingAlgorithm == "SHA1")
        #expect(enrollment.periodSec == 30)
    }

    @Test("attack: a code used once is refused a second time, within its own step")
    func replay() throws {
        let (_, secret, _) = try enrolled()
        let used = try code(secret)
        _ = try finish(try challenge(), used)
        let replayed = #expect(throws: IdentityBackendError.self) { try finish(try challenge(), used) }
        #expect(replayed?.code == .invalidCode)
        // An older step's code, still inside the window, is refused too: it is not later than the last one used.
        let older = #expect(throws: IdentityBackendError.self) {
            try finish(try challenge(), try code(secret, steps: -1))
        }
        #expect(older?.code == .invalidCode)
    }

    @Test("a code one step old or one step ahead is accepted; two steps either way is refused")
    func window() throws {
        let (_, secret, _) = try enrolled()
        // Two steps past the one the enrolment used, so that a step back is still a step not used.
        harness.clock.advance(by: 60)
        for steps in [-2, 2] {
            let refused = #expect(throws: IdentityBackendError.self) {
                try finish(try challenge(), try code(secret, steps: steps))
            }
            #expect(refused?.code == .invalidCode, "\(steps) steps")
        }
        _ = try finish(try challenge(), try code(secret, steps: -1))
        _ = try finish(try challenge(), try code(secret, steps: 1))
    }

    @Test("attack: a code of another account's secret is refused")
    func anotherAccountsCode() throws {
        let (_, secret, _) = try enrolled()
        let (_, otherSecret, _) = try enrolled(email: "bob@example.com")
        #expect(secret != otherSecret)
        let refused = #expect(throws: IdentityBackendError.self) { try finish(try challenge(), try code(otherSecret)) }
        #expect(refused?.code == .invalidCode)
    }

    @Test("attack: guessing codes is throttled per account; the right code waits out the lock too")
    func bruteForce() throws {
        let (_, secret, _) = try enrolled()
        let asked = try challenge()
        let right = try code(secret)
        let wrong = Secret(right.value == "000000" ? "111111" : "000000")
        for _ in 0..<harness.configuration.passwordThrottle.freeAttempts {
            #expect(codeOf { try _ = finish(asked, wrong) } == .invalidCode)
        }
        #expect(codeOf { try _ = finish(asked, right) } == .tooManyAttempts)
        harness.clock.advance(by: harness.configuration.passwordThrottle.baseLockout + 1)
        _ = try finish(try challenge(), try code(secret))
    }

    @Test("attack: an enrolment confirmed with a wrong code stores no factor; sign-in stays one step")
    func wrongEnrolmentCode() throws {
        let session = try service.signUp(email: email, password: password)
        let enrollment = try service.startTOTPEnrollment(idToken: session.idToken)
        let right = try code(enrollment.sharedSecretKey)
        let wrong = Secret(right.value == "000000" ? "111111" : "000000")
        let refused = #expect(throws: IdentityBackendError.self) {
            try service.finalizeTOTPEnrollment(
                idToken: session.idToken, sessionInfo: enrollment.sessionInfo, code: wrong, displayName: nil)
        }
        #expect(refused?.code == .invalidCode)
        #expect(try service.secondFactors(idToken: session.idToken).isEmpty)
        #expect(try service.signInWithPassword(email: email, password: password).localId == session.localId)
    }

    @Test("an enrolment not confirmed in time, or confirmed with another enrolment's handle, is refused")
    func enrolmentHandle() throws {
        let session = try service.signUp(email: email, password: password)
        let first = try service.startTOTPEnrollment(idToken: session.idToken)
        let second = try service.startTOTPEnrollment(idToken: session.idToken)
        let replaced = #expect(throws: IdentityBackendError.self) {
            try service.finalizeTOTPEnrollment(
                idToken: session.idToken, sessionInfo: first.sessionInfo, code: try code(first.sharedSecretKey),
                displayName: nil)
        }
        #expect(replaced?.code == .invalidSessionInfo)
        harness.clock.advance(by: TimeInterval(EmbeddedIdentityService.secondFactorEnrollmentLifetime + 1))
        let expired = #expect(throws: IdentityBackendError.self) {
            try service.finalizeTOTPEnrollment(
                idToken: session.idToken, sessionInfo: second.sessionInfo, code: try code(second.sharedSecretKey),
                displayName: nil)
        }
        #expect(expired?.code == .invalidSessionInfo)
    }

    @Test("attack: a pending credential works once, expires, and is refused at another backend or tampered")
    func pendingCredential() throws {
        let (_, secret, _) = try enrolled()
        let asked = try challenge()
        _ = try finish(asked, try code(secret))
        harness.clock.advance(by: 30)
        let reused = #expect(throws: IdentityBackendError.self) { try finish(asked, try code(secret)) }
        #expect(reused?.code == .invalidMFAPendingCredential)

        let late = try challenge()
        harness.clock.advance(by: TimeInterval(EmbeddedIdentityService.secondFactorSignInLifetime + 1))
        let expired = #expect(throws: IdentityBackendError.self) { try finish(late, try code(secret)) }
        #expect(expired?.code == .invalidMFAPendingCredential)

        let fresh = try challenge()
        var tampered = fresh
        tampered.pendingCredential = Secret(String(fresh.pendingCredential.value.dropLast(2)) + "AA")
        #expect(codeOf { try _ = finish(tampered, try code(secret)) } == .invalidMFAPendingCredential)
        let foreign = BackendHarness(seed: 9)
        #expect(
            codeOf {
                try _ = foreign.service.finalizeSecondFactorSignIn(
                    pendingCredential: fresh.pendingCredential,
                    enrollmentID: try #require(fresh.factors.first?.mfaEnrollmentId), code: try code(secret))
            } == .invalidMFAPendingCredential)
        // A pending credential is not an ID token.
        #expect(codeOf { try _ = service.secondFactors(idToken: fresh.pendingCredential) } == .invalidIDToken)
    }

    @Test("attack: a pending credential from before the account's sessions were revoked is refused")
    func pendingBeforeRevocation() throws {
        let (session, secret, _) = try enrolled()
        let asked = try challenge()
        harness.clock.advance(by: 1)
        let signedIn = try finish(try challenge(), try code(secret))
        _ = try service.changePassword(idToken: signedIn.idToken, newPassword: "another good password")
        harness.clock.advance(by: 30)
        #expect(codeOf { try _ = finish(asked, try code(secret)) } == .invalidMFAPendingCredential)
        _ = session
    }

    @Test("attack: removing a factor needs a recent sign-in; removing it ends the account's other sessions")
    func removal() throws {
        let (session, secret, _) = try enrolled()
        let other = try finish(try challenge(), try code(secret))
        let factorID = try #require(try service.secondFactors(idToken: session.idToken).first?.mfaEnrollmentId)
        harness.clock.advance(by: harness.configuration.recentSignInWindow + 1)
        let stale = #expect(throws: IdentityBackendError.self) {
            try service.withdrawSecondFactor(idToken: other.idToken, enrollmentID: factorID)
        }
        #expect(stale?.code == .credentialTooOld)
        #expect(try service.secondFactors(idToken: other.idToken).count == 1)

        let recent = try finish(try challenge(), try code(secret))
        let after = try service.withdrawSecondFactor(idToken: recent.idToken, enrollmentID: factorID)
        #expect(try service.secondFactors(idToken: after.idToken).isEmpty)
        #expect(codeOf { try _ = service.refreshSession(refreshToken: other.refreshToken) } != nil)
        #expect(try service.signInWithPassword(email: email, password: password).localId == session.localId)
        let unknown = #expect(throws: IdentityBackendError.self) {
            try service.withdrawSecondFactor(idToken: after.idToken, enrollmentID: factorID)
        }
        #expect(unknown?.code == .mfaEnrollmentNotFound)
    }

    @Test("attack: a stolen session and the password cannot remove the factor: signing in again asks for a code too")
    func reauthentication() throws {
        let (session, secret, _) = try enrolled()
        let factorID = try #require(try service.secondFactors(idToken: session.idToken).first?.mfaEnrollmentId)
        harness.clock.advance(by: harness.configuration.recentSignInWindow + 1)
        #expect(
            codeOf { _ = try service.withdrawSecondFactor(idToken: session.idToken, enrollmentID: factorID) }
                == .credentialTooOld)
        let again = #expect(throws: IdentityBackendError.self) {
            try service.reauthenticate(idToken: session.idToken, email: email, password: password)
        }
        #expect(again?.code == .secondFactorRequired)
        let asked = try #require(again?.secondFactor)
        #expect(
            codeOf { _ = try service.withdrawSecondFactor(idToken: session.idToken, enrollmentID: factorID) }
                == .credentialTooOld)
        let renewed = try finish(asked, try code(secret))
        #expect(renewed.localId == session.localId)
        let after = try service.withdrawSecondFactor(idToken: renewed.idToken, enrollmentID: factorID)
        #expect(try service.secondFactors(idToken: after.idToken).isEmpty)
    }

    @Test("a guest cannot enrol; an old sign-in cannot start an enrolment")
    func whoMayEnrol() throws {
        let guest = try service.signUpAnonymously()
        #expect(codeOf { try _ = service.startTOTPEnrollment(idToken: guest.idToken) } == .unsupportedFirstFactor)
        let session = try service.signUp(email: email, password: password)
        harness.clock.advance(by: harness.configuration.recentSignInWindow + 1)
        #expect(codeOf { try _ = service.startTOTPEnrollment(idToken: session.idToken) } == .credentialTooOld)
    }

    @Test("attack: an identity provider's token that met a second factor is spent: its replay is refused")
    func identityProviderNonce() throws {
        let first = try service.signInWithIdP(try harness.googleRequest(rawNonce: "nonce-g-1"))
        let enrollment = try service.startTOTPEnrollment(idToken: first.idToken)
        _ = try service.finalizeTOTPEnrollment(
            idToken: first.idToken, sessionInfo: enrollment.sessionInfo, code: try code(enrollment.sharedSecretKey),
            displayName: nil)
        let request = try harness.googleRequest(rawNonce: "nonce-g-2")
        let asked = #expect(throws: IdentityBackendError.self) { try service.signInWithIdP(request) }
        #expect(asked?.code == .secondFactorRequired)
        #expect(codeOf { try _ = service.signInWithIdP(request) } == .nonceAlreadyUsed)
    }

    @Test(
        "attack: the stored record holds the secret sealed; a factor record copied into another account does not open")
    func sealedAtRest() throws {
        let (session, secret, _) = try enrolled()
        let bob = try service.signUp(email: "bob@example.com", password: password)
        let record = try #require(try service.snapshot().accounts[session.localId]?.secondFactors?.first)
        let stored = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
        let raw = try #require(Base32.decode(secret.value))
        #expect(!stored.contains(secret.value) && !stored.contains(Base64URL.encode(raw)), "\(stored)")
        // Someone who can write the accounts' rows, but has not the backend's keys, copies Ada's factor to Bob.
        try harness.backend.storage.update { state in
            var account = state.identity.accounts[bob.localId]
            account?.secondFactors = [record]
            state.identity.accounts[bob.localId] = account
        }
        let asked = try challenge(email: "bob@example.com")
        #expect(codeOf { _ = try finish(asked, try code(secret)) } == .damagedRecord)
    }

    @Test("no answer about factors carries the secret")
    func secretNeverSent() throws {
        let (session, secret, _) = try enrolled()
        let asked = try challenge()
        for text in [
            String(describing: try service.secondFactors(idToken: session.idToken)), String(describing: asked),
        ] {
            #expect(!text.contains(secret.value))
        }
    }
}
