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
            } == .userNotFound)
    }

    @Test("an email change is mailed to the new email, and opening it makes that email the account's, verified")
    func changeEmail() throws {
        let session = try service.signUp(email: "sam@example.com", password: "sam password 1")
        try service.sendEmailChangeVerification(idToken: session.idToken, newEmail: "samuel@example.com")
        let mail = try #require(try harness.backend.outbox.messages().last)
        #expect(mail.to == "samuel@example.com", "the new email proves it is the user's")
        let pending = try #require(try service.pendingMailedCodes().last)
        #expect(pending.purpose == .verifyAndChangeEmail && pending.email == "sam@example.com")
        #expect(pending.newEmail == "samuel@example.com")
        let described = try service.describeMailedCode(pending.code)
        #expect(described.purpose == .verifyAndChangeEmail && described.newEmail == "samuel@example.com")
        #expect(try service.account(uid: session.localId)?.email == "sam@example.com", "nothing changes before")

        #expect(try service.applyEmailVerification(code: pending.code) == "samuel@example.com")
        let account = try #require(try service.account(uid: session.localId))
        #expect(account.email == "samuel@example.com" && account.emailVerified)
        // The password now signs in with the new email, not the old one.
        _ = try service.signInWithPassword(email: "samuel@example.com", password: "sam password 1")
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPassword(email: "sam@example.com", password: "sam password 1")
            } == .invalidLoginCredentials)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.applyEmailVerification(code: pending.code) }
                == .invalidOOBCode, "it works once")
    }

    @Test("attack: an email change cannot take another account's email, before or after the mail, nor reset a password")
    func changeEmailRefusals() throws {
        let sam = try service.signUp(email: "sam@example.com", password: "sam password 1")
        _ = try service.signUp(email: "taken@example.com", password: "sam password 1")
        #expect(
            errorCode { () throws(IdentityBackendError) in
                try service.sendEmailChangeVerification(idToken: sam.idToken, newEmail: "TAKEN@example.com")
            } == .emailExists)
        try service.sendEmailChangeVerification(idToken: sam.idToken, newEmail: "later@example.com")
        let code = try #require(try service.pendingMailedCodes().last).code
        #expect(
            errorCode { () throws(IdentityBackendError) in
                try service.confirmPasswordReset(code: code, newPassword: "new password 1")
            } == .invalidOOBCode, "a change code is no reset code")
        _ = try service.signUp(email: "later@example.com", password: "sam password 1")
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.applyEmailVerification(code: code) }
                == .emailExists)
        #expect(try service.account(uid: sam.localId)?.email == "sam@example.com")
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.applyEmailVerification(code: code) }
                == .invalidOOBCode, "the code is spent")
    }

    @Test("attack: a hijacked email change is undone from the old email, whose code gives it back, verified, once")
    func recoverEmail() throws {
        let session = try service.signUp(email: "sam@example.com", password: "sam password 1")
        _ = try service.updateProfile(idToken: session.idToken, displayName: nil, email: "thief@example.com")
        let mail = try #require(try harness.backend.outbox.messages().last)
        #expect(mail.to == "sam@example.com", "the old email hears of the change")
        let pending = try #require(try service.pendingMailedCodes().last)
        #expect(pending.purpose == .recoverEmail && pending.email == "sam@example.com")
        #expect(try service.account(uid: session.localId)?.initialEmail == "sam@example.com")
        #expect(try service.describeMailedCode(pending.code).purpose == .recoverEmail)

        #expect(try service.applyEmailVerification(code: pending.code) == "sam@example.com")
        let account = try #require(try service.account(uid: session.localId))
        #expect(account.email == "sam@example.com" && account.emailVerified)
        _ = try service.signInWithPassword(email: "sam@example.com", password: "sam password 1")
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.applyEmailVerification(code: pending.code) }
                == .invalidOOBCode, "it works once")
    }

    @Test("a recovery cannot take an email another account has since, and a guest's first email sends none")
    func recoverEmailRefusals() throws {
        let session = try service.signUp(email: "sam@example.com", password: "sam password 1")
        _ = try service.updateProfile(idToken: session.idToken, displayName: nil, email: "samuel@example.com")
        let code = try #require(try service.pendingMailedCodes().last).code
        _ = try service.signUp(email: "SAM@example.com", password: "sam password 1")
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.applyEmailVerification(code: code) }
                == .emailExists)
        #expect(try service.account(uid: session.localId)?.email == "samuel@example.com")

        let mails = try harness.backend.outbox.messages().count
        let guest = try service.signUpAnonymously()
        _ = try service.updateProfile(idToken: guest.idToken, displayName: nil, email: "guest@example.com")
        #expect(try harness.backend.outbox.messages().count == mails, "no old email to tell")
        #expect(try service.account(uid: guest.localId)?.initialEmail == nil)
    }
}
