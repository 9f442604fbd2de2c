import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInJOSE
import SignInTesting
import Testing

/// Recovery codes at the embedded backend: ten with the account's first authenticator, each once in place of a code,
/// kept only as keyed hashes, replaced on request after a recent sign-in, and gone with the last authenticator.
@Suite("Recovery codes")
struct RecoveryCodeTests {
    let factors = SecondFactorTests()
    var harness: BackendHarness { factors.harness }
    var service: EmbeddedIdentityService { factors.service }

    func finish(_ challenge: BackendSecondFactorChallenge, recovery code: Secret) throws -> BackendRecoveryCodeSignIn {
        try service.finalizeSecondFactorSignIn(pendingCredential: challenge.pendingCredential, recoveryCode: code)
    }

    @Test("the first authenticator brings ten distinct codes of the documented form; a second brings none")
    func firstEnrolment() throws {
        let (session, _, codes) = try factors.enrolled()
        #expect(codes.count == EmbeddedIdentityService.recoveryCodeCount && codes.count == 10)
        #expect(Set(codes).count == codes.count)
        for code in codes { #expect(try RecoveryCodeInput.validate(code) == code) }

        let enrollment = try service.startTOTPEnrollment(idToken: session.idToken)
        let second = try service.finalizeTOTPEnrollment(
            idToken: session.idToken, sessionInfo: enrollment.sessionInfo,
            code: try factors.code(enrollment.sharedSecretKey), displayName: "Tablet")
        #expect(second.recoveryCodes.isEmpty, "the set of the first authenticator stays the account's")
    }

    @Test("each code signs in once, in any case and grouping, and the answer says how many are left")
    func onceEach() throws {
        let (session, _, codes) = try factors.enrolled()
        let typed = Secret(RecoveryCodeInput.grouped(codes[3]).uppercased())
        let signedIn = try finish(try factors.challenge(), recovery: typed)
        #expect(signedIn.session.localId == session.localId)
        #expect(signedIn.codesLeft == 9)
        let parts = try #require(JWS.parse(signedIn.session.idToken.value))
        let claims = try JSONDecoder().decode(SessionTokenClaims.self, from: Data(parts.payload))
        #expect(claims.signInSecondFactor == "recovery_code", "the token says the sign-in gave a recovery code")

        let again = #expect(throws: IdentityBackendError.self) {
            try finish(try factors.challenge(), recovery: codes[3])
        }
        #expect(again?.code == .invalidRecoveryCode)
        var left = 9
        for code in codes where code != codes[3] {
            left -= 1
            #expect(try finish(try factors.challenge(), recovery: code).codesLeft == left)
        }
        #expect(left == 0)
    }

    @Test("attack: a pending credential finished with a recovery code cannot be finished again")
    func pendingCredentialOnce() throws {
        let (_, secret, codes) = try factors.enrolled()
        let asked = try factors.challenge()
        _ = try finish(asked, recovery: codes[0])
        let replay = #expect(throws: IdentityBackendError.self) { try finish(asked, recovery: codes[1]) }
        #expect(replay?.code == .invalidMFAPendingCredential)
        #expect(
            factors.codeOf { _ = try factors.finish(asked, try factors.code(secret)) } == .invalidMFAPendingCredential)
    }

    @Test("attack: guessing recovery codes is throttled with the authenticator's codes; the right one waits too")
    func bruteForce() throws {
        let (_, _, codes) = try factors.enrolled()
        let asked = try factors.challenge()
        let wrong = Secret(codes[0].value == "2222222222" ? "3333333333" : "2222222222")
        for _ in 0..<harness.configuration.passwordThrottle.freeAttempts {
            #expect(factors.codeOf { _ = try finish(asked, recovery: wrong) } == .invalidRecoveryCode)
        }
        #expect(factors.codeOf { _ = try finish(asked, recovery: codes[0]) } == .tooManyAttempts)
        harness.clock.advance(by: harness.configuration.passwordThrottle.baseLockout + 1)
        #expect(try finish(try factors.challenge(), recovery: codes[0]).codesLeft == 9)
    }

    @Test("attack: another account's code, or a hash copied from another account, opens nothing")
    func anotherAccount() throws {
        let (ada, _, adaCodes) = try factors.enrolled()
        let (bob, _, _) = try factors.enrolled(email: "bob@example.com")
        #expect(
            factors.codeOf { _ = try finish(try factors.challenge(email: "bob@example.com"), recovery: adaCodes[0]) }
                == .invalidRecoveryCode)
        // Someone who can write the accounts' rows, but has not the backend's keys, copies Ada's hashes to Bob.
        let hashes = try #require(try service.snapshot().accounts[ada.localId]?.recoveryCodes)
        try harness.backend.storage.update { state in
            state.identity.accounts[bob.localId]?.recoveryCodes = hashes
        }
        harness.clock.advance(by: harness.configuration.passwordThrottle.baseLockout + 1)
        #expect(
            factors.codeOf { _ = try finish(try factors.challenge(email: "bob@example.com"), recovery: adaCodes[1]) }
                == .invalidRecoveryCode)
    }

    @Test("the stored account holds keyed hashes, never a code")
    func hashedAtRest() throws {
        let (session, _, codes) = try factors.enrolled()
        let account = try #require(try service.snapshot().accounts[session.localId])
        let stored = String(decoding: try JSONEncoder().encode(account), as: UTF8.self)
        #expect(account.recoveryCodes?.count == 10)
        for code in codes {
            #expect(!stored.contains(code.value))
            #expect(!stored.contains(SHA256.hexDigest(code.value)), "an unkeyed hash could be searched offline")
        }
    }

    @Test("a new set needs a recent sign-in and replaces the old one, whose codes work no more")
    func newSet() throws {
        let (session, secret, old) = try factors.enrolled()
        harness.clock.advance(by: harness.configuration.recentSignInWindow + 1)
        #expect(factors.codeOf { _ = try service.newRecoveryCodes(idToken: session.idToken) } == .credentialTooOld)
        let recent = try factors.finish(try factors.challenge(), try factors.code(secret))
        let new = try service.newRecoveryCodes(idToken: recent.idToken)
        #expect(new.count == 10 && Set(new).isDisjoint(with: old))
        #expect(factors.codeOf { _ = try finish(try factors.challenge(), recovery: old[0]) } == .invalidRecoveryCode)
        #expect(try finish(try factors.challenge(), recovery: new[0]).codesLeft == 9)
    }

    @Test("without an authenticator there are no codes: none to ask for, and the last removal takes them away")
    func withoutFactor() throws {
        let plain = try service.signUp(email: "plain@example.com", password: factors.password)
        #expect(factors.codeOf { _ = try service.newRecoveryCodes(idToken: plain.idToken) } == .mfaEnrollmentNotFound)

        let (session, _, _) = try factors.enrolled()
        let factorID = try #require(try service.secondFactors(idToken: session.idToken).first?.mfaEnrollmentId)
        let after = try service.withdrawSecondFactor(idToken: session.idToken, enrollmentID: factorID)
        #expect(try service.snapshot().accounts[after.localId]?.recoveryCodes == nil)
        // Turned on again, the account gets a new set.
        let enrollment = try service.startTOTPEnrollment(idToken: after.idToken)
        let again = try service.finalizeTOTPEnrollment(
            idToken: after.idToken, sessionInfo: enrollment.sessionInfo,
            code: try factors.code(enrollment.sharedSecretKey), displayName: nil)
        #expect(again.recoveryCodes.count == 10)
    }
}
