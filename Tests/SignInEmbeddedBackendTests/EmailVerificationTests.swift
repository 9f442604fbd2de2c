import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInJOSE
import SignInTesting
import Testing

/// Email verification at the embedded backend: a mailed code, used once, verifies the email it was mailed to.
@Suite("Email verification at the embedded backend")
struct EmailVerificationTests {
    let harness = BackendHarness()
    var service: EmbeddedIdentityService { harness.service }

    func mailedCode(_ purpose: EmbeddedIdentityService.PendingMailedCode.Purpose) throws -> Secret {
        try #require(try service.pendingMailedCodes().last { $0.purpose == purpose }).code
    }

    @Test("the mailed code verifies the email once; the next ID token says so")
    func verify() throws {
        let session = try service.signUp(email: "sam@example.com", password: "sam password 1")
        #expect(try service.verifySessionToken(session.idToken.value).emailVerified == false)
        try service.sendEmailVerification(idToken: session.idToken)
        let verification = try mailedCode(.verifyEmail)
        #expect(try service.applyEmailVerification(code: verification) == "sam@example.com")
        #expect(try service.account(uid: session.localId)?.emailVerified == true)
        let refreshed = try service.refreshSession(refreshToken: session.refreshToken)
        #expect(try service.verifySessionToken(refreshed.idToken.value).emailVerified == true)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.applyEmailVerification(code: verification) }
                == .invalidOOBCode)
    }

    @Test("attack: a verification code does not reset a password, a reset code does not verify, an old one expires")
    func crossedCodes() throws {
        let session = try service.signUp(email: "sam@example.com", password: "sam password 1")
        try service.sendEmailVerification(idToken: session.idToken)
        try service.sendPasswordResetEmail(email: "sam@example.com")
        let verification = try mailedCode(.verifyEmail)
        let reset = try mailedCode(.passwordReset)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                try service.confirmPasswordReset(code: verification, newPassword: "taken over 1")
            } == .invalidOOBCode)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.applyEmailVerification(code: reset) }
                == .invalidOOBCode)
        harness.clock.advance(by: 3601)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.applyEmailVerification(code: verification) }
                == .expiredOOBCode)
        #expect(try service.account(uid: session.localId)?.emailVerified == false)
    }

    @Test("a code verifies only the email it was mailed to; a guest has none to verify")
    func changedEmailAndGuest() throws {
        let session = try service.signUp(email: "sam@example.com", password: "sam password 1")
        try service.sendEmailVerification(idToken: session.idToken)
        let verification = try mailedCode(.verifyEmail)
        try service.updateAccount(uid: session.localId, .init(email: "samuel@example.com"))
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.applyEmailVerification(code: verification) }
                == .invalidOOBCode)
        #expect(try service.account(uid: session.localId)?.emailVerified == false)
        let guest = try service.signUpAnonymously()
        #expect(
            errorCode { () throws(IdentityBackendError) in try service.sendEmailVerification(idToken: guest.idToken) }
                == .missingEmail)
    }

    @Test("an administrator's verification link works as a mailed one, and no mail is sent")
    func adminLink() throws {
        let session = try service.signUp(email: "sam@example.com", password: "sam password 1")
        let link = try service.emailVerificationLink(email: "SAM@example.com")
        #expect(try service.pendingMailedCodes().isEmpty)
        let code = try #require(URLComponents(string: link)?.queryItems?.first { $0.name == "code" }?.value)
        #expect(try service.applyEmailVerification(code: Secret(code)) == "sam@example.com")
        #expect(try service.account(uid: session.localId)?.emailVerified == true)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.emailVerificationLink(email: "nobody@example.com")
            } == .emailNotFound)
    }
}
