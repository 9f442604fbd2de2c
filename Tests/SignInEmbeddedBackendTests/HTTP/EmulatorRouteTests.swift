import Foundation
import SignInData
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInEmulator
import SignInTesting
import Testing

@Suite("EmbeddedHTTPFace: password reset over HTTP and the emulator's test endpoints")
struct EmulatorRouteTests {
    static let oobCodesPath = "/emulator/v1/projects/demo-signin/oobCodes"

    @Test("sendOobCode answers the same for an email with an account and one without; only the first gets a code")
    func sendOobCode() {
        let harness = FaceHarness()
        _ = harness.signUp()
        let known = harness.accounts("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "jane@example.com"])
        #expect(known.status == 200)
        #expect(known.keys == ["email", "kind"])
        #expect(known.string("kind") == "identitytoolkit#GetOobConfirmationCodeResponse")
        #expect(known.string("email") == "jane@example.com")
        let unknown = harness.accounts("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "nobody@example.com"])
        #expect(unknown.status == 200)
        #expect(unknown.keys == known.keys)
        #expect(harness.call("GET", Self.oobCodesPath).objects("oobCodes").count == 1)
    }

    @Test("another requestType is INVALID_REQ_TYPE; a missing email is MISSING_EMAIL, a verification's ID token too")
    func sendOobCodeRefusals() {
        let harness = FaceHarness()
        let other = harness.accounts("sendOobCode", ["requestType": "RECOVER_EMAIL", "email": "a@b.co"])
        #expect(other.status == 400)
        #expect(other.errorCode == "INVALID_REQ_TYPE")
        let verify = harness.accounts("sendOobCode", ["requestType": "VERIFY_EMAIL", "email": "a@b.co"])
        #expect(verify.errorCode == "INVALID_ID_TOKEN", "a verification mail is for the signed-in user")
        #expect(harness.accounts("sendOobCode", ["requestType": "PASSWORD_RESET"]).errorCode == "MISSING_EMAIL")
    }

    @Test("oobCodes lists the pending code with its mailed link; resetPassword uses it; then it is gone")
    func resetWithListedCode() throws {
        let harness = FaceHarness()
        _ = harness.signUp()
        _ = harness.accounts("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "jane@example.com"])
        let listing = harness.call("GET", Self.oobCodesPath)
        #expect(listing.status == 200)
        let codes = listing.objects("oobCodes")
        #expect(codes.count == 1)
        let entry = try #require(codes.first)
        #expect(entry.keys.sorted() == ["email", "oobCode", "oobLink", "requestType"])
        #expect(entry["email"] as? String == "jane@example.com")
        #expect(entry["requestType"] as? String == "PASSWORD_RESET")
        let code = try #require(entry["oobCode"] as? String)
        #expect(entry["oobLink"] as? String == "signin-demo://reset-password?code=\(code)")
        let mail = try #require(try harness.base.backend.outbox.messages().last)
        #expect(mail.link == entry["oobLink"] as? String)

        // Without a new password the code is only checked (verifyPasswordResetCode): it names the email, stays usable.
        let check = harness.accounts("resetPassword", ["oobCode": code])
        #expect(check.status == 200)
        #expect(check.keys == ["email", "kind", "requestType"])
        #expect(check.string("email") == "jane@example.com")
        #expect(harness.call("GET", Self.oobCodesPath).objects("oobCodes").count == 1, "a check does not use the code")
        let reset = harness.accounts("resetPassword", ["oobCode": code, "newPassword": "brand new one 3"])
        #expect(reset.status == 200)
        #expect(reset.keys == ["email", "kind", "requestType"])
        #expect(reset.string("kind") == "identitytoolkit#ResetPasswordResponse")
        #expect(reset.string("requestType") == "PASSWORD_RESET")
        #expect(harness.call("GET", Self.oobCodesPath).objects("oobCodes").isEmpty)
        #expect(
            harness.accounts("signInWithPassword", ["email": "jane@example.com", "password": "brand new one 3"])
                .status == 200)
        let again = harness.accounts("resetPassword", ["oobCode": code, "newPassword": "another one 44"])
        #expect(again.status == 400)
        #expect(again.errorCode == "INVALID_OOB_CODE")
        #expect(harness.accounts("resetPassword", ["oobCode": code]).errorCode == "INVALID_OOB_CODE", "checked: used")
    }

    @Test("checking a reset code: an expired one is EXPIRED_OOB_CODE, a verification code is not a reset code")
    func checkResetCodeRefusals() throws {
        let harness = FaceHarness()
        let jane = harness.signUp()
        _ = harness.accounts("sendOobCode", ["requestType": "VERIFY_EMAIL", "idToken": jane.string("idToken") ?? ""])
        let verification = try #require(
            harness.call("GET", Self.oobCodesPath).objects("oobCodes").first?["oobCode"] as? String)
        // Without a new password the code is only described; with one, a verification code resets nothing.
        #expect(harness.accounts("resetPassword", ["oobCode": verification]).string("requestType") == "VERIFY_EMAIL")
        #expect(
            harness.accounts("resetPassword", ["oobCode": verification, "newPassword": "new password 1"]).errorCode
                == "INVALID_OOB_CODE")
        _ = harness.accounts("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "jane@example.com"])
        let code = try #require(
            harness.call("GET", Self.oobCodesPath).objects("oobCodes").first {
                $0["requestType"] as? String == "PASSWORD_RESET"
            }?[
                "oobCode"] as? String)
        harness.clock.advance(by: 3601)
        #expect(harness.accounts("resetPassword", ["oobCode": code]).errorCode == "EXPIRED_OOB_CODE")
        #expect(
            harness.accounts("resetPassword", ["oobCode": String(repeating: "a", count: 300)]).errorCode
                == "INVALID_OOB_CODE")
    }

    @Test("an expired code is not listed")
    func expiredCodeNotListed() {
        let harness = FaceHarness()
        _ = harness.signUp()
        _ = harness.accounts("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "jane@example.com"])
        #expect(harness.call("GET", Self.oobCodesPath).objects("oobCodes").count == 1)
        harness.clock.advance(by: 3601)
        #expect(harness.call("GET", Self.oobCodesPath).objects("oobCodes").isEmpty)
    }

    @Test("resetPassword names a missing oobCode; an unknown one is INVALID_OOB_CODE, checked or used")
    func resetRefusals() {
        let harness = FaceHarness()
        #expect(harness.accounts("resetPassword", ["newPassword": "brand new one 3"]).errorCode == "MISSING_OOB_CODE")
        #expect(harness.accounts("resetPassword", ["oobCode": "abc"]).errorCode == "INVALID_OOB_CODE")
        #expect(
            harness.accounts("resetPassword", ["oobCode": "abc", "newPassword": "brand new one 3"]).errorCode
                == "INVALID_OOB_CODE")
    }

    @Test("DELETE accounts removes every account, identity, refresh token and reset code; old tokens fail")
    func deleteAllAccounts() throws {
        let harness = FaceHarness()
        let jane = harness.signUp()
        _ = harness.googleSignIn("sam.rivera@gmail.com")
        _ = harness.accounts("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "jane@example.com"])
        #expect(try harness.service.snapshot().accounts.count == 2)
        let reply = harness.call("DELETE", "/emulator/v1/projects/demo-signin/accounts")
        #expect(reply.status == 200)
        #expect(reply.text == "{}")
        let state = try harness.service.snapshot()
        #expect(state.accounts.isEmpty)
        #expect(state.identities.isEmpty)
        #expect(state.refreshTokens.isEmpty)
        #expect(state.rotatedRefreshTokens.isEmpty)
        #expect(state.passwordResetCodes.isEmpty)
        #expect(harness.accounts("lookup", ["idToken": jane.string("idToken") ?? ""]).errorCode == "USER_NOT_FOUND")
        #expect(
            harness.token(form: "grant_type=refresh_token&refresh_token=\(jane.string("refreshToken") ?? "")")
                .errorCode == "INVALID_REFRESH_TOKEN")
        #expect(harness.signUp().status == 200)
    }

    @Test("the emulator's endpoints need no key but their own method")
    func emulatorMethods() {
        let harness = FaceHarness()
        let wrong = harness.call("POST", Self.oobCodesPath)
        #expect(wrong.status == 405)
        #expect(wrong.headers["Allow"] == "GET")
        #expect(harness.call("GET", "/emulator/v1/projects/demo-signin/accounts").status == 405)
        #expect(harness.call("GET", "/emulator/v1/projects//oobCodes").status == 404)
    }

    static let configPath = "/emulator/v1/projects/demo-signin/config"

    @Test("config: email enumeration protection is on by default; PATCH turns it off and sign-in and reset tell")
    func enumerationProtectionSetting() {
        let harness = FaceHarness()
        _ = harness.signUp()
        let initial = harness.call("GET", Self.configPath)
        #expect(initial.status == 200)
        #expect(initial.object("emailPrivacyConfig")?["enableImprovedEmailPrivacy"] as? Bool == true)
        #expect(initial.object("signIn")?["allowDuplicateEmails"] as? Bool == false)
        func signIn(_ email: String, _ password: String) -> Reply {
            harness.accounts("signInWithPassword", ["email": email, "password": password, "returnSecureToken": true])
        }
        #expect(signIn("nobody@example.com", "correct horse 1").errorCode == "INVALID_LOGIN_CREDENTIALS")
        #expect(signIn("jane@example.com", "wrong horse 1").errorCode == "INVALID_LOGIN_CREDENTIALS")

        let off = harness.call("PATCH", Self.configPath, ["emailPrivacyConfig": ["enableImprovedEmailPrivacy": false]])
        #expect(off.status == 200)
        #expect(off.object("emailPrivacyConfig")?["enableImprovedEmailPrivacy"] as? Bool == false)
        #expect(signIn("nobody@example.com", "correct horse 1").errorCode == "EMAIL_NOT_FOUND")
        #expect(signIn("jane@example.com", "wrong horse 1").errorCode == "INVALID_PASSWORD")
        #expect(signIn("jane@example.com", "correct horse 1").status == 200)
        let reset = harness.accounts("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "nobody@example.com"])
        #expect(reset.errorCode == "EMAIL_NOT_FOUND")
        #expect(harness.call("GET", Self.oobCodesPath).objects("oobCodes").isEmpty, "no code for nobody, not a decoy")

        let on = harness.call("PATCH", Self.configPath, ["emailPrivacyConfig": ["enableImprovedEmailPrivacy": true]])
        #expect(on.object("emailPrivacyConfig")?["enableImprovedEmailPrivacy"] as? Bool == true)
        #expect(signIn("nobody@example.com", "correct horse 1").errorCode == "INVALID_LOGIN_CREDENTIALS")
        let silent = harness.accounts("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "nobody@example.com"])
        #expect(silent.status == 200)
    }

    @Test("config: duplicate emails are a setting; an empty PATCH changes nothing; a wrong type or POST is refused")
    func configRefusals() {
        let harness = FaceHarness()
        let duplicates = harness.call("PATCH", Self.configPath, ["signIn": ["allowDuplicateEmails": true]])
        #expect(duplicates.object("signIn")?["allowDuplicateEmails"] as? Bool == true, "\(duplicates.text)")
        #expect(harness.service.projectSettings.allowsDuplicateEmails)
        let after = harness.call("PATCH", Self.configPath, [:])
        #expect(after.object("emailPrivacyConfig")?["enableImprovedEmailPrivacy"] as? Bool == true)
        #expect(after.object("signIn")?["allowDuplicateEmails"] as? Bool == true, "an empty PATCH changes nothing")
        let wrongType = harness.call(
            "PATCH", Self.configPath, ["emailPrivacyConfig": ["enableImprovedEmailPrivacy": "no"]])
        #expect(wrongType.status == 400)
        let post = harness.call("POST", Self.configPath)
        #expect(post.status == 405 && post.headers["Allow"] == "GET, PATCH", "both methods the path takes")
    }

    @Test("the test endpoints answer for this emulator's project only: another is PROJECT_NOT_FOUND, and unchanged")
    func otherProject() {
        let harness = FaceHarness()
        _ = harness.signUp()
        _ = harness.accounts("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "jane@example.com"])
        let other = "/emulator/v1/projects/other-project"
        #expect(harness.call("GET", other + "/oobCodes").errorCode == "PROJECT_NOT_FOUND")
        let patch = harness.call(
            "PATCH", other + "/config", ["emailPrivacyConfig": ["enableImprovedEmailPrivacy": false]])
        #expect(patch.status == 400 && patch.errorCode == "PROJECT_NOT_FOUND")
        #expect(patch.errorMessage?.contains("single project mode") == true, "\(patch.text)")
        #expect(harness.call("DELETE", other + "/accounts").status == 400)
        let mine = harness.call("GET", Self.configPath)
        #expect(mine.object("emailPrivacyConfig")?["enableImprovedEmailPrivacy"] as? Bool == true, "not changed")
        #expect(harness.call("GET", Self.oobCodesPath).objects("oobCodes").count == 1, "nothing deleted")
    }
}
