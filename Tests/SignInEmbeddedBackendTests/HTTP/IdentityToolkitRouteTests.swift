import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInEmulator
import SignInTesting
import Testing

@Suite("EmbeddedHTTPFace: accounts:signUp, signInWithPassword, lookup, update and delete")
struct IdentityToolkitRouteTests {
    // MARK: - signUp

    @Test("signUp with no email or password creates a guest: Firebase's shape, expiresIn a string, no email")
    func anonymousSignUp() throws {
        let harness = FaceHarness()
        let reply = harness.accounts("signUp", ["returnSecureToken": true])
        #expect(reply.status == 200)
        #expect(reply.keys == ["expiresIn", "idToken", "kind", "localId", "refreshToken"])
        #expect(reply.string("kind") == "identitytoolkit#SignupNewUserResponse")
        #expect(reply.string("localId")?.count == 28)
        #expect(reply.string("expiresIn") == "3600")
        #expect(reply.string("idToken")?.split(separator: ".").count == 3)
        #expect(reply.string("refreshToken")?.isEmpty == false)
        let account = try #require(try harness.service.account(uid: reply.string("localId") ?? ""))
        #expect(account.isAnonymous)
    }

    @Test("signUp with email and password creates the account; the email comes back in lower case")
    func emailSignUp() {
        let harness = FaceHarness()
        let reply = harness.signUp("Jane@Example.com")
        #expect(reply.status == 200)
        #expect(reply.keys == ["email", "expiresIn", "idToken", "kind", "localId", "refreshToken"])
        #expect(reply.string("email") == "jane@example.com")
        #expect(reply.string("expiresIn") == "3600")
    }

    @Test("signUp with an email but no password, or a password but no email, names what is missing")
    func signUpMissingField() {
        let harness = FaceHarness()
        let noPassword = harness.accounts("signUp", ["email": "a@b.co", "returnSecureToken": true])
        #expect(noPassword.status == 400)
        #expect(noPassword.errorCode == "MISSING_PASSWORD")
        let noEmail = harness.accounts("signUp", ["password": "correct horse 1", "returnSecureToken": true])
        #expect(noEmail.status == 400)
        #expect(noEmail.errorCode == "MISSING_EMAIL")
    }

    @Test("an email already taken is EMAIL_EXISTS in Google's error envelope, the core's message as the detail")
    func duplicateEmail() throws {
        let harness = FaceHarness()
        _ = harness.signUp()
        let reply = harness.signUp("JANE@example.com", "another one 2")
        #expect(reply.status == 400)
        let error = try #require(reply.object("error"))
        let message = "EMAIL_EXISTS : the email already belongs to an account"
        #expect(error["code"] as? Int == 400)
        #expect(error["message"] as? String == message)
        #expect(error["status"] as? String == "INVALID_ARGUMENT")
        let errors = try #require(error["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors.first?["message"] as? String == message)
        #expect(errors.first?["domain"] as? String == "global")
        #expect(errors.first?["reason"] as? String == "invalid")
        #expect(reply.keys == ["error"])
    }

    @Test("a weak password is the core's WEAK_PASSWORD")
    func weakPassword() {
        let reply = FaceHarness().signUp("a@b.co", "short")
        #expect(reply.status == 400)
        #expect(reply.errorCode == "WEAK_PASSWORD")
    }

    @Test("signUp with a guest's idToken, email and password links the password: the same uid, no longer a guest")
    func linkPasswordToGuest() throws {
        let harness = FaceHarness()
        let guest = harness.accounts("signUp", ["returnSecureToken": true])
        let linked = harness.accounts(
            "signUp",
            [
                "idToken": guest.string("idToken") ?? "", "email": "guest@example.com", "password": "correct horse 1",
                "returnSecureToken": true,
            ])
        #expect(linked.status == 200)
        #expect(linked.string("localId") == guest.string("localId"))
        #expect(linked.string("email") == "guest@example.com")
        let account = try #require(try harness.service.account(uid: guest.string("localId") ?? ""))
        #expect(!account.isAnonymous)
        #expect(account.providerIds == ["password"])
    }

    // MARK: - signInWithPassword

    @Test("signInWithPassword answers Firebase's VerifyPasswordResponse with registered: true")
    func passwordSignIn() {
        let harness = FaceHarness()
        let created = harness.signUp()
        let reply = harness.accounts(
            "signInWithPassword",
            ["email": "jane@example.com", "password": "correct horse 1", "returnSecureToken": true])
        #expect(reply.status == 200)
        #expect(
            reply.keys == ["email", "expiresIn", "idToken", "kind", "localId", "refreshToken", "registered"])
        #expect(reply.string("kind") == "identitytoolkit#VerifyPasswordResponse")
        #expect(reply.string("localId") == created.string("localId"))
        #expect(reply.bool("registered") == true)
        #expect(reply.string("expiresIn") == "3600")
    }

    @Test("a wrong password and an unknown email are both INVALID_LOGIN_CREDENTIALS; missing fields are named")
    func passwordRefusals() {
        let harness = FaceHarness()
        _ = harness.signUp()
        let wrong = harness.accounts("signInWithPassword", ["email": "jane@example.com", "password": "wrong one 11"])
        let unknown = harness.accounts(
            "signInWithPassword", ["email": "nobody@example.com", "password": "wrong one 11"])
        #expect(wrong.status == 400 && unknown.status == 400)
        #expect(wrong.errorCode == "INVALID_LOGIN_CREDENTIALS")
        #expect(wrong.text == unknown.text)
        #expect(harness.accounts("signInWithPassword", ["password": "x"]).errorCode == "MISSING_EMAIL")
        #expect(harness.accounts("signInWithPassword", ["email": "a@b.co"]).errorCode == "MISSING_PASSWORD")
    }

    @Test("guesses are throttled by the core: after five, TOO_MANY_ATTEMPTS_TRY_LATER, even for the right password")
    func throttled() {
        let harness = FaceHarness()
        _ = harness.signUp()
        for _ in 0..<5 {
            #expect(
                harness.accounts("signInWithPassword", ["email": "jane@example.com", "password": "wrong one 11"])
                    .errorCode == "INVALID_LOGIN_CREDENTIALS")
        }
        let locked = harness.accounts(
            "signInWithPassword", ["email": "jane@example.com", "password": "correct horse 1"])
        #expect(locked.status == 400)
        #expect(locked.errorCode == "TOO_MANY_ATTEMPTS_TRY_LATER")
    }

    // MARK: - lookup

    @Test("lookup of a guest: no email, an empty providerUserInfo, validSince, createdAt and lastLoginAt as strings")
    func lookupGuest() throws {
        let harness = FaceHarness()
        let guest = harness.accounts("signUp", ["returnSecureToken": true])
        let reply = harness.accounts("lookup", ["idToken": guest.string("idToken") ?? ""])
        #expect(reply.status == 200)
        #expect(reply.string("kind") == "identitytoolkit#GetAccountInfoResponse")
        let users = reply.objects("users")
        #expect(users.count == 1)
        let user = try #require(users.first)
        #expect(
            user.keys.sorted() == [
                "createdAt", "disabled", "emailVerified", "lastLoginAt", "lastRefreshAt", "localId", "providerUserInfo",
                "validSince",
            ])
        #expect(user["localId"] as? String == guest.string("localId"))
        #expect((user["providerUserInfo"] as? [Any])?.isEmpty == true)
        let now = Int(harness.clock.now().timeIntervalSince1970)
        #expect(user["createdAt"] as? String == String(now * 1000))
        #expect(user["lastLoginAt"] as? String == String(now * 1000), "signing up is signing in")
        #expect(user["passwordUpdatedAt"] == nil, "a guest has no password")
        #expect(user["validSince"] as? String == String(now))
        #expect(user["disabled"] as? Bool == false)
        #expect(user["emailVerified"] as? Bool == false)
    }

    @Test("lookup of an email account lists the password identity (rawId the email) and never a hash")
    func lookupPassword() throws {
        let harness = FaceHarness()
        let created = harness.signUp()
        let reply = harness.accounts("lookup", ["idToken": created.string("idToken") ?? ""])
        let user = try #require(reply.objects("users").first)
        #expect(user["email"] as? String == "jane@example.com")
        let identities = try #require(user["providerUserInfo"] as? [[String: Any]])
        #expect(identities.count == 1)
        #expect(identities.first?["providerId"] as? String == "password")
        #expect(identities.first?["rawId"] as? String == "jane@example.com")
        #expect(identities.first?["federatedId"] as? String == "jane@example.com")
        #expect(identities.first?["email"] as? String == "jane@example.com")
        let hash = try #require(try harness.service.account(uid: created.string("localId") ?? "")?.passwordHash)
        #expect(!reply.text.contains(hash.hash))
        #expect(!reply.text.contains(hash.salt))
        #expect(!reply.text.lowercased().contains("pbkdf2"))
        #expect(!reply.text.contains("passwordHash"))
    }

    @Test("lookup without an idToken is MISSING_ID_TOKEN; with a forged one, the core's INVALID_ID_TOKEN")
    func lookupRefusals() {
        let harness = FaceHarness()
        #expect(harness.accounts("lookup", [:]).errorCode == "MISSING_ID_TOKEN")
        let forged = harness.accounts("lookup", ["idToken": "eyJhbGciOiJub25lIn0.e30."])
        #expect(forged.status == 400)
        #expect(forged.errorCode == "INVALID_ID_TOKEN")
    }

    // MARK: - update

    @Test("update with a password: new tokens for the caller; every earlier session ends")
    func changePassword() throws {
        let harness = FaceHarness()
        let created = harness.signUp()
        let reply = harness.accounts(
            "update",
            ["idToken": created.string("idToken") ?? "", "password": "brand new one 3", "returnSecureToken": true])
        #expect(reply.status == 200)
        #expect(
            reply.keys == [
                "email", "expiresIn", "idToken", "kind", "localId", "providerUserInfo", "refreshToken",
            ])
        #expect(reply.string("kind") == "identitytoolkit#SetAccountInfoResponse")
        #expect(reply.string("expiresIn") == "3600")
        #expect(reply.objects("providerUserInfo").first?["providerId"] as? String == "password")
        let oldRefresh = harness.token(
            form: "grant_type=refresh_token&refresh_token=\(created.string("refreshToken") ?? "")")
        #expect(oldRefresh.errorCode == "INVALID_REFRESH_TOKEN")
        #expect(
            harness.accounts("lookup", ["idToken": created.string("idToken") ?? ""]).errorCode == "TOKEN_EXPIRED")
        #expect(harness.accounts("lookup", ["idToken": reply.string("idToken") ?? ""]).status == 200)
        let signIn = harness.accounts(
            "signInWithPassword", ["email": "jane@example.com", "password": "brand new one 3"])
        #expect(signIn.status == 200)
    }

    @Test("update with deleteProvider unlinks it and sends no tokens: the session's tokens stay valid")
    func unlink() throws {
        let harness = FaceHarness()
        let created = harness.signUp()
        let linked = harness.googleSignIn("sam.rivera@gmail.com", extra: ["idToken": created.string("idToken") ?? ""])
        #expect(linked.status == 200)
        #expect(linked.string("localId") == created.string("localId"))
        let idToken = linked.string("idToken") ?? ""
        let reply = harness.accounts("update", ["idToken": idToken, "deleteProvider": ["google.com"]])
        #expect(reply.status == 200)
        #expect(reply.keys == ["displayName", "email", "kind", "localId", "providerUserInfo"])
        #expect(reply.string("kind") == "identitytoolkit#SetAccountInfoResponse")
        #expect(reply.string("displayName") == "Sam Rivera")
        #expect(reply.objects("providerUserInfo").map { $0["providerId"] as? String } == ["password"])
        #expect(harness.accounts("lookup", ["idToken": idToken]).status == 200)
        let account = try #require(try harness.service.account(uid: created.string("localId") ?? ""))
        #expect(account.providerIds == ["password"])
    }

    @Test("update with two providers to delete, or a password and a provider, is INVALID_REQUEST; nothing changes")
    func invalidUpdates() throws {
        let harness = FaceHarness()
        let created = harness.signUp()
        let idToken = created.string("idToken") ?? ""
        let before = try harness.service.snapshot()
        let two = harness.accounts("update", ["idToken": idToken, "deleteProvider": ["password", "google.com"]])
        #expect(two.status == 400)
        #expect(two.errorCode == "INVALID_REQUEST")
        let both = harness.accounts(
            "update", ["idToken": idToken, "password": "brand new one 3", "deleteProvider": ["password"]])
        #expect(both.errorCode == "INVALID_REQUEST")
        #expect(try harness.service.snapshot() == before)
    }

    @Test("update with neither answers the account's lookup fields, without tokens")
    func updateNothing() throws {
        let harness = FaceHarness()
        let created = harness.signUp()
        let reply = harness.accounts("update", ["idToken": created.string("idToken") ?? "", "returnSecureToken": true])
        #expect(reply.status == 200)
        #expect(reply.string("kind") == "identitytoolkit#SetAccountInfoResponse")
        #expect(reply.string("localId") == created.string("localId"))
        #expect(reply.string("email") == "jane@example.com")
        #expect(reply.json["idToken"] == nil && reply.json["refreshToken"] == nil)
        #expect(reply.objects("providerUserInfo").count == 1)
    }

    @Test("a password change five minutes after sign-in is the core's CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
    func recentSignInRequired() {
        let harness = FaceHarness()
        let created = harness.signUp()
        harness.clock.advance(by: 301)
        let reply = harness.accounts(
            "update", ["idToken": created.string("idToken") ?? "", "password": "brand new one 3"])
        #expect(reply.status == 400)
        #expect(reply.errorCode == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
        let delete = harness.accounts("delete", ["idToken": created.string("idToken") ?? ""])
        #expect(delete.errorCode == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
    }

    // MARK: - delete

    @Test("delete removes the account; its ID token is refused afterwards")
    func deleteAccount() throws {
        let harness = FaceHarness()
        let created = harness.signUp()
        let reply = harness.accounts("delete", ["idToken": created.string("idToken") ?? ""])
        #expect(reply.status == 200)
        #expect(reply.keys == ["kind"])
        #expect(reply.string("kind") == "identitytoolkit#DeleteAccountResponse")
        #expect(try harness.service.account(uid: created.string("localId") ?? "") == nil)
        #expect(
            harness.accounts("lookup", ["idToken": created.string("idToken") ?? ""]).errorCode == "USER_NOT_FOUND")
        #expect(harness.accounts("delete", [:]).errorCode == "MISSING_ID_TOKEN")
    }

    @Test("the face names the peer as the client: one address past its reset mails is refused, another is served")
    func resetLimitPerPeer() {
        let harness = FaceHarness()
        let reset = { (email: String, client: String) in
            harness.accounts("sendOobCode", ["requestType": "PASSWORD_RESET", "email": email], from: client)
        }
        for index in 0..<20 { #expect(reset("someone-\(index)@example.com", "192.0.2.1").status == 200) }
        let refused = reset("someone-else@example.com", "192.0.2.1")
        #expect(refused.status == 400)
        #expect(refused.errorCode == "RESET_PASSWORD_EXCEED_LIMIT")
        #expect(reset("someone-else@example.com", "192.0.2.2").status == 200)
    }
}
