import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInTesting
import Testing

/// Email-link sign-in at the embedded backend: a mailed code signs in the email it was sent to, once, for an hour.
@Suite("Email-link sign-in at the embedded backend")
struct EmailLinkSignInTests {
    let harness = BackendHarness()
    var service: EmbeddedIdentityService { harness.service }

    func mailedLink() throws -> Secret {
        try #require(try service.pendingMailedCodes().last { $0.purpose == .emailSignIn }).code
    }

    @Test("a link makes the account on first use, verified, and works once; the account then signs in by link")
    func newAccount() throws {
        try service.sendSignInLink(email: "Link@Example.com")
        let code = try mailedLink()
        let first = try service.signInWithEmailLink(email: "link@example.com", code: code, idToken: nil)
        #expect(first.isNewUser)
        let account = try #require(try service.account(uid: first.session.localId))
        #expect(account.email == "link@example.com" && account.emailVerified && account.emailLinkSignIn == true)
        #expect(try service.signInMethods(email: "link@example.com") == .notTold, "protection is on by default")
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithEmailLink(email: "link@example.com", code: code, idToken: nil)
            } == .invalidOOBCode)

        try service.sendSignInLink(email: "link@example.com")
        let again = try service.signInWithEmailLink(email: "link@example.com", code: try mailedLink(), idToken: nil)
        #expect(!again.isNewUser && again.session.localId == first.session.localId)
    }

    @Test("attack: another email than the link's, an expired link, a reset code, a disabled account: refused")
    func refusals() throws {
        let signedUp = try service.signUp(email: "sam@example.com", password: "sam password 1")
        try service.sendSignInLink(email: "sam@example.com")
        let code = try mailedLink()
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithEmailLink(email: "mallory@example.com", code: code, idToken: nil)
            } == .invalidEmail)
        try service.sendPasswordResetEmail(email: "sam@example.com")
        let reset = try #require(try service.pendingMailedCodes().last { $0.purpose == .passwordReset }).code
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithEmailLink(email: "sam@example.com", code: reset, idToken: nil)
            } == .invalidOOBCode)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                try service.confirmPasswordReset(code: code, newPassword: "taken over 1")
            } == .invalidOOBCode, "a sign-in code sets no password")

        _ = try service.updateAccount(
            uid: signedUp.localId, EmbeddedIdentityService.AccountChanges(disabled: true))
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithEmailLink(email: "sam@example.com", code: code, idToken: nil)
            } == .userDisabled)

        try service.sendSignInLink(email: "late@example.com")
        let late = try mailedLink()
        harness.clock.advance(by: 3601)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithEmailLink(email: "late@example.com", code: late, idToken: nil)
            } == .expiredOOBCode)
    }

    @Test("with an ID token the signed-in account takes the email; one another account has is EMAIL_EXISTS")
    func linkToSignedIn() throws {
        let guest = try service.signUpAnonymously()
        try service.sendSignInLink(email: "guest@example.com")
        let linked = try service.signInWithEmailLink(
            email: "guest@example.com", code: try mailedLink(), idToken: guest.idToken)
        #expect(linked.session.localId == guest.localId && !linked.isNewUser)
        let account = try #require(try service.account(uid: guest.localId))
        #expect(account.email == "guest@example.com" && !account.isAnonymous)

        _ = try service.signUp(email: "taken@example.com", password: "taken password 1")
        try service.sendSignInLink(email: "taken@example.com")
        let takenCode = try mailedLink()
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithEmailLink(
                    email: "taken@example.com", code: takenCode, idToken: linked.session.idToken)
            } == .emailExists)
    }

    @Test("an email may have five links pending; the sixth is refused and mails nothing")
    func pendingLimit() throws {
        for _ in 0..<5 { try service.sendSignInLink(email: "flood@example.com") }
        let mailed = try harness.backend.outbox.messages().count
        #expect(
            errorCode { () throws(IdentityBackendError) in try service.sendSignInLink(email: "flood@example.com") }
                == .resetPasswordExceedLimit)
        #expect(try harness.backend.outbox.messages().count == mailed)
    }

    @Test("an account with a password that signs in by link lists both ways; an unknown email is unregistered")
    func methodsAndSecondFactor() throws {
        harness.backend.identityService.updateProjectSettings { $0.emailEnumerationProtection = false }
        let signedUp = try service.signUp(email: "both@example.com", password: "both password 1")
        #expect(
            try service.signInMethods(email: "both@example.com")
                == .registered(providers: ["password"], methods: ["password"]))
        try service.sendSignInLink(email: "both@example.com")
        let answer = try service.signInWithEmailLink(email: "both@example.com", code: try mailedLink(), idToken: nil)
        #expect(answer.session.localId == signedUp.localId)
        #expect(
            try service.signInMethods(email: "both@example.com")
                == .registered(providers: ["password"], methods: ["password", "emailLink"]))
        #expect(try service.signInMethods(email: "nobody@example.com") == .unregistered)
    }

    // MARK: - The 6-digit code in the same mail

    func mailedDigits(to email: String) throws -> Secret {
        Secret(try #require(try harness.backend.outbox.messages().last { $0.to == email }?.code))
    }

    @Test("the mail's 6 digits sign in as its link does, once, and only with the email they were mailed to")
    func digits() throws {
        try service.sendSignInLink(email: "ann@example.com")
        let mail = try #require(try harness.backend.outbox.messages().last)
        let digits = try mailedDigits(to: "ann@example.com")
        let link = try mailedLink()
        #expect(digits.value.count == 6 && digits.value.allSatisfy(\.isNumber))
        #expect(mail.body.contains(digits.value), "the mail shows the code")
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithEmailLink(email: "eve@example.com", code: digits, idToken: nil)
            } == .invalidOOBCode, "another email's pending links have no such code")
        let first = try service.signInWithEmailLink(email: "ann@example.com", code: digits, idToken: nil)
        #expect(first.isNewUser)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithEmailLink(email: "ann@example.com", code: digits, idToken: nil)
            } == .invalidOOBCode, "used with its link")
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithEmailLink(email: "ann@example.com", code: link, idToken: nil)
            } == .invalidOOBCode, "the link went with its code")
    }

    @Test(
        "attack: guessing the 6 digits is throttled per email; the right code waits too, and the stored rows hold none")
    func guessing() throws {
        try service.sendSignInLink(email: "ann@example.com")
        let digits = try mailedDigits(to: "ann@example.com")
        let wrong = Secret(digits.value == "000000" ? "000001" : "000000")
        var refusals: [IdentityBackendError.Code?] = []
        for _ in 0..<6 {
            refusals.append(
                errorCode { () throws(IdentityBackendError) in
                    _ = try service.signInWithEmailLink(email: "ann@example.com", code: wrong, idToken: nil)
                })
        }
        #expect(refusals.prefix(5).allSatisfy { $0 == .invalidOOBCode })
        #expect(refusals.last == .tooManyAttempts)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithEmailLink(email: "ann@example.com", code: digits, idToken: nil)
            } == .tooManyAttempts, "the lock holds for the right code too")
        // No row of the store holds the digits: they come from a key the rows do not have.
        let state = try #require(try harness.backend.storage.read { $0 } as EmbeddedBackendState?)
        let rows = String(decoding: try JSONEncoder().encode(state.identity), as: UTF8.self)
        #expect(!rows.contains(digits.value))
        // After the lock, the right code signs in, and clears the count.
        harness.clock.advance(by: 60)
        _ = try service.signInWithEmailLink(email: "ann@example.com", code: digits, idToken: nil)
    }
}
