import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@testable import SignInFirebase

/// Every operation of the port against the documented request and answer of Identity Toolkit v1 and the Secure
/// Token API: URL, method, content type, body field by field, and the session made of the answer.
@Suite("FirebaseIdentityBackend: each REST operation's request and answer")
struct FirebaseOperationTests {
    @Test("a guest is accounts:signUp with no email, then accounts:lookup with the new ID token")
    func anonymousSignUp() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.tokens(uid: "guest-1", provider: "anonymous"), Wire.lookup(uid: "guest-1"),
        ])
        let session = try await Wire.backend(spy).signUpAnonymously()

        let requests = await spy.requests
        #expect(requests.count == 2)
        Wire.expectCall(requests[0], "accounts:signUp")
        let body = try Wire.json(requests[0])
        #expect(body.keys.sorted() == ["returnSecureToken"])
        #expect(body["returnSecureToken"] as? Bool == true)
        Wire.expectCall(requests[1], "accounts:lookup")
        #expect(try Wire.json(requests[1])["idToken"] as? String == Wire.idToken(uid: "guest-1", provider: "anonymous"))

        #expect(session.localId == "guest-1")
        #expect(session.isAnonymous && session.isNewUser)
        #expect(session.providerIds.isEmpty)
        #expect(session.expiresIn == 3600)
        #expect(session.refreshToken.value == "refresh-guest-1")
        #expect(session.signInProvider == "anonymous")
    }

    @Test("a photo is accounts:update photoUrl, an empty one deleteAttribute PHOTO_URL; lookup's photoUrl is read")
    func updatePhoto() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.tokens(uid: "u1", provider: "password"),
            Wire.lookup(
                uid: "u1", email: "j@example.com", providers: [("password", "j@example.com")],
                photoURL: "https://example.com/j.png"),
            Wire.tokens(uid: "u1", provider: "password"),
            Wire.lookup(uid: "u1", email: "j@example.com", providers: [("password", "j@example.com")]),
        ])
        let backend = Wire.backend(spy)
        let set = try await backend.updateProfile(
            idToken: "tok", displayName: nil, email: nil, photoURL: "https://example.com/j.png")
        #expect(set.photoURL == "https://example.com/j.png")
        #expect(set.toDomain(now: Date()).photoURL == "https://example.com/j.png")
        let removed = try await backend.updateProfile(idToken: "tok", displayName: nil, email: nil, photoURL: "")
        #expect(removed.photoURL == nil)
        let requests = await spy.requests
        #expect(
            try Wire.json(requests[0]) as NSDictionary
                == ["idToken": "tok", "photoUrl": "https://example.com/j.png", "returnSecureToken": true])
        #expect(
            try Wire.json(requests[2]) as NSDictionary
                == ["idToken": "tok", "deleteAttribute": ["PHOTO_URL"], "returnSecureToken": true])
    }

    @Test("a profile change is accounts:update with the ID token; an empty name is deleteAttribute DISPLAY_NAME")
    func updateProfile() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.tokens(uid: "u1", provider: "password", extra: ["email": "new@example.com"]),
            Wire.lookup(
                uid: "u1", email: "new@example.com", displayName: "Jane", providers: [("password", "new@example.com")]),
            Wire.tokens(uid: "u1", provider: "password"),
            Wire.lookup(uid: "u1", email: "new@example.com", providers: [("password", "new@example.com")]),
        ])
        let backend = Wire.backend(spy)
        let session = try await backend.updateProfile(idToken: "tok", displayName: "Jane", email: "new@example.com")
        #expect(session.email == "new@example.com" && session.displayName == "Jane")
        _ = try await backend.updateProfile(idToken: "tok", displayName: "", email: nil)
        let requests = await spy.requests
        Wire.expectCall(requests[0], "accounts:update")
        #expect(
            try Wire.json(requests[0]) as NSDictionary
                == ["idToken": "tok", "displayName": "Jane", "email": "new@example.com", "returnSecureToken": true])
        #expect(
            try Wire.json(requests[2]) as NSDictionary
                == ["idToken": "tok", "deleteAttribute": ["DISPLAY_NAME"], "returnSecureToken": true])
    }

    @Test("email verification: sendOobCode VERIFY_EMAIL with the ID token, then accounts:update with the mailed code")
    func emailVerification() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.ok(["kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": "jane@example.com"]),
            Wire.ok([
                "kind": "identitytoolkit#SetAccountInfoResponse", "email": "jane@example.com", "emailVerified": true,
            ]),
        ])
        let backend = Wire.backend(spy)
        try await backend.sendEmailVerification(idToken: "session-id-token")
        #expect(try await backend.applyEmailVerification(code: "mailed-code") == "jane@example.com")
        let requests = await spy.requests
        Wire.expectCall(requests[0], "accounts:sendOobCode")
        #expect(
            try Wire.json(requests[0]) as NSDictionary == [
                "requestType": "VERIFY_EMAIL", "idToken": "session-id-token",
            ])
        Wire.expectCall(requests[1], "accounts:update")
        #expect(try Wire.json(requests[1]) as NSDictionary == ["oobCode": "mailed-code"])
        // A used code: the service says it is the verification link that is no good, not a reset code.
        let used = BackendEmailVerificationService(
            backend: Wire.backend(SpyHTTPTransport(responses: [Wire.failure("INVALID_OOB_CODE")])))
        await #expect(throws: AuthError.invalidVerificationLink) {
            _ = try await used.applyEmailVerification(code: "used")
        }
    }

    @Test("a custom token is accounts:signInWithCustomToken with the token; the account comes from accounts:lookup")
    func customToken() async throws {
        // Firebase's answer has the tokens and isNewUser, no localId.
        let spy = SpyHTTPTransport(responses: [
            Wire.ok([
                "kind": "identitytoolkit#VerifyCustomTokenResponse",
                "idToken": Wire.idToken(uid: "team-7", provider: "custom"),
                "refreshToken": "refresh-team-7", "expiresIn": "3600", "isNewUser": true,
            ]),
            Wire.lookup(uid: "team-7"),
        ])
        let session = try await Wire.backend(spy).signInWithCustomToken("minted.by.server")
        let requests = await spy.requests
        Wire.expectCall(requests[0], "accounts:signInWithCustomToken")
        let body = try Wire.json(requests[0])
        #expect(body.keys.sorted() == ["returnSecureToken", "token"] && body["token"] as? String == "minted.by.server")
        Wire.expectCall(requests[1], "accounts:lookup")
        #expect(session.localId == "team-7" && session.isNewUser && session.signInProvider == "custom")
        let refused = SpyHTTPTransport(responses: [Wire.failure("INVALID_CUSTOM_TOKEN : expired")])
        let error = await #expect(throws: IdentityBackendError.self) {
            _ = try await Wire.backend(refused).signInWithCustomToken("old.token.x")
        }
        #expect(error?.code == .invalidCustomToken && error?.toDomain(provider: .customToken) == .invalidCustomToken)
    }

    @Test("an email/password account is accounts:signUp with email, password and returnSecureToken")
    func emailSignUp() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.tokens(uid: "u1", provider: "password", extra: ["email": "jane@example.com"]),
            Wire.lookup(uid: "u1", email: "jane@example.com", providers: [("password", "jane@example.com")]),
        ])
        let session = try await Wire.backend(spy).signUp(email: "jane@example.com", password: "correct horse")

        let request = try #require(await spy.requests.first)
        Wire.expectCall(request, "accounts:signUp")
        let body = try Wire.json(request)
        #expect(body.keys.sorted() == ["email", "password", "returnSecureToken"])
        #expect(body["email"] as? String == "jane@example.com")
        #expect(body["password"] as? String == "correct horse")
        #expect(session.providerIds == ["password"] && !session.isAnonymous && session.isNewUser)
        #expect(session.email == "jane@example.com")
        #expect(session.providerUserIds == ["password": "jane@example.com"])
    }

    @Test("linking email and password sends accounts:signUp with the user's idToken, and keeps the uid")
    func linkPassword() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.tokens(uid: "guest-1", provider: "anonymous", extra: ["email": "jane@example.com"]),
            Wire.lookup(uid: "guest-1", email: "jane@example.com", providers: [("password", "jane@example.com")]),
        ])
        let session = try await Wire.backend(spy).linkWithPassword(
            idToken: "session-id-token", email: "jane@example.com", password: "correct horse")

        let request = try #require(await spy.requests.first)
        Wire.expectCall(request, "accounts:signUp")
        let body = try Wire.json(request)
        #expect(body.keys.sorted() == ["email", "idToken", "password", "returnSecureToken"])
        #expect(body["idToken"] as? String == "session-id-token")
        #expect(session.localId == "guest-1" && !session.isAnonymous && !session.isNewUser)
    }

    @Test("a password sign-in is accounts:signInWithPassword")
    func passwordSignIn() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.tokens(uid: "u1", provider: "password", extra: ["registered": true, "email": "jane@example.com"]),
            Wire.lookup(uid: "u1", email: "jane@example.com", providers: [("password", "jane@example.com")]),
        ])
        let session = try await Wire.backend(spy).signInWithPassword(email: "jane@example.com", password: "pw 12345")

        let request = try #require(await spy.requests.first)
        Wire.expectCall(request, "accounts:signInWithPassword")
        let body = try Wire.json(request)
        #expect(body.keys.sorted() == ["email", "password", "returnSecureToken"])
        #expect(body["password"] as? String == "pw 12345")
        #expect(session.signInProvider == "password" && !session.isNewUser)
    }

    @Test("Apple is accounts:signInWithIdp: requestUri, a form-encoded postBody with the raw nonce and the first name")
    func appleSignIn() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.tokens(uid: "a1", provider: "apple.com", extra: ["isNewUser": true, "providerId": "apple.com"]),
            Wire.lookup(
                uid: "a1", email: "j@privaterelay.appleid.com", displayName: "Jane O'Hara-Åberg",
                providers: [("apple.com", "001234.abcd")]),
        ])
        let request = IdPSignInRequest(
            providerId: "apple.com", idToken: "eyJ.apple+token/==", rawNonce: "raw nonce&=+?",
            fullName: PersonName(givenName: "Jane", familyName: "O'Hara-Åberg"), email: "j@privaterelay.appleid.com")
        let session = try await Wire.backend(spy).signInWithIdP(request)

        let sent = try #require(await spy.requests.first)
        Wire.expectCall(sent, "accounts:signInWithIdp")
        let body = try Wire.json(sent)
        #expect(body.keys.sorted() == ["postBody", "requestUri", "returnIdpCredential", "returnSecureToken"])
        #expect(body["requestUri"] as? String == "http://localhost")
        #expect(body["returnIdpCredential"] as? Bool == true)
        let postBody = try #require(body["postBody"] as? String)
        // Form encoding: reserved characters escaped, spaces as '+', nothing left raw that would split a field.
        #expect(postBody.contains("id_token=eyJ.apple%2Btoken%2F%3D%3D"))
        #expect(postBody.contains("nonce=raw+nonce%26%3D%2B%3F"))
        let fields = Wire.form(postBody)
        #expect(fields["providerId"] == "apple.com")
        #expect(fields["id_token"] == "eyJ.apple+token/==")
        #expect(fields["nonce"] == "raw nonce&=+?")
        #expect(fields["access_token"] == nil)
        let user = try #require(
            try JSONSerialization.jsonObject(with: Data((fields["user"] ?? "").utf8)) as? [String: Any])
        let name = try #require(user["name"] as? [String: String])
        #expect(name == ["firstName": "Jane", "lastName": "O'Hara-Åberg"])

        #expect(session.isNewUser && session.displayName == "Jane O'Hara-Åberg")
        #expect(session.providerUserIds == ["apple.com": "001234.abcd"])
    }

    @Test("Google sends its access token in postBody; a returning user's sign-in carries no user field")
    func googleSignIn() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.tokens(uid: "g1", provider: "google.com", extra: ["isNewUser": false]),
            Wire.lookup(uid: "g1", email: "jane@gmail.com", providers: [("google.com", "1098")]),
        ])
        _ = try await Wire.backend(spy).signInWithIdP(
            IdPSignInRequest(providerId: "google.com", idToken: "g-id", rawNonce: "n", accessToken: "ya29.access"))
        let sent = try #require(await spy.requests.first)
        let postBody = try #require(try Wire.json(sent)["postBody"] as? String)
        let fields = Wire.form(postBody)
        #expect(
            fields == ["providerId": "google.com", "id_token": "g-id", "access_token": "ya29.access", "nonce": "n"])
    }

    @Test("linking an identity provider is accounts:signInWithIdp with the user's idToken")
    func linkIdP() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.tokens(uid: "guest-1", provider: "anonymous"),
            Wire.lookup(uid: "guest-1", email: "jane@gmail.com", providers: [("google.com", "1098")]),
        ])
        let session = try await Wire.backend(spy).linkWithIdP(
            idToken: "session-id-token", IdPSignInRequest(providerId: "google.com", idToken: "g-id", rawNonce: "n"))
        let body = try Wire.json(try #require(await spy.requests.first))
        #expect(body["idToken"] as? String == "session-id-token")
        #expect(body["autoCreate"] == nil)
        #expect(session.localId == "guest-1" && session.providerIds == ["google.com"])
    }

    @Test("re-authenticating never creates an account: autoCreate false, and the uid must be the session's")
    func reauthenticate() async throws {
        let mine = Wire.idToken(uid: "u1", provider: "google.com")
        let spy = SpyHTTPTransport(responses: [
            Wire.tokens(uid: "u1", provider: "google.com"), Wire.lookup(uid: "u1", providers: [("google.com", "1")]),
        ])
        let renewed = try await Wire.backend(spy).reauthenticate(
            idToken: Secret(mine), with: IdPSignInRequest(providerId: "google.com", idToken: "g"))
        #expect(renewed.localId == "u1")
        let body = try Wire.json(try #require(await spy.requests.first))
        #expect(body["autoCreate"] as? Bool == false)
        #expect(body["idToken"] == nil)

        // Another account's credential: refused, whatever the backend said.
        let other = SpyHTTPTransport(responses: [
            Wire.tokens(uid: "u2", provider: "password"), Wire.lookup(uid: "u2", providers: [("password", "x@y.z")]),
        ])
        await #expect(throws: IdentityBackendError(.userMismatch, message: "the credential is another account's")) {
            try await Wire.backend(other).reauthenticate(
                idToken: Secret(mine), email: "x@y.z", password: "pw 12345")
        }
        // A credential no account has: USER_NOT_FOUND is the mismatch it means.
        let none = SpyHTTPTransport(responses: [Wire.failure("USER_NOT_FOUND")])
        await #expect(throws: IdentityBackendError(.userMismatch, message: "no account has this credential")) {
            try await Wire.backend(none).reauthenticate(
                idToken: Secret(mine), with: IdPSignInRequest(providerId: "apple.com", idToken: "a"))
        }
    }

    @Test("a refresh is a form POST to securetoken.googleapis.com/v1/token with snake_case answers")
    func refresh() async throws {
        let newID = Wire.idToken(uid: "u1", provider: "apple.com")
        let spy = SpyHTTPTransport(responses: [
            Wire.ok([
                "access_token": newID, "expires_in": "3600", "token_type": "Bearer", "refresh_token": "rotated/+=",
                "id_token": newID, "user_id": "u1", "project_id": "1234",
            ]),
            Wire.lookup(uid: "u1", email: "j@example.com", providers: [("apple.com", "001")]),
        ])
        let session = try await Wire.backend(spy).refreshSession(refreshToken: "old refresh/+=")

        let request = try #require(await spy.requests.first)
        #expect(request.url.absoluteString == "https://securetoken.googleapis.com/v1/token?key=\(Wire.apiKey)")
        #expect(request.method == "POST")
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded")
        let body = String(decoding: try #require(request.body), as: UTF8.self)
        #expect(body == "grant_type=refresh_token&refresh_token=old+refresh%2F%2B%3D")
        #expect(session.refreshToken.value == "rotated/+=" && session.idToken.value == newID)
        #expect(session.signInProvider == "apple.com" && !session.isNewUser)
    }

    @Test("unlinking is accounts:update with deleteProvider; the answer is the account, without tokens")
    func unlink() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.ok([
                "kind": "identitytoolkit#SetAccountInfoResponse", "localId": "u1", "email": "jane@example.com",
                "providerUserInfo": [["providerId": "password", "rawId": "jane@example.com"]],
            ])
        ])
        let account = try await Wire.backend(spy).unlink(idToken: "session-id-token", providerId: "google.com")
        let request = try #require(await spy.requests.first)
        Wire.expectCall(request, "accounts:update")
        let body = try Wire.json(request)
        #expect(body["idToken"] as? String == "session-id-token")
        #expect(body["deleteProvider"] as? [String] == ["google.com"])
        #expect(body["password"] == nil)
        #expect(
            account
                == BackendAccountInfo(
                    localId: "u1", email: "jane@example.com", providerIds: ["password"],
                    providerUserIds: ["password": "jane@example.com"]))
        #expect(await spy.requests.count == 1)
    }

    @Test("changing the password is accounts:update with password; Firebase answers new tokens")
    func changePassword() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.tokens(uid: "u1", provider: "password"),
            Wire.lookup(uid: "u1", email: "j@example.com", providers: [("password", "j@example.com")]),
        ])
        let session = try await Wire.backend(spy).changePassword(idToken: "old-id", newPassword: "new pass 99")
        let request = try #require(await spy.requests.first)
        Wire.expectCall(request, "accounts:update")
        let body = try Wire.json(request)
        #expect(body.keys.sorted() == ["idToken", "password", "returnSecureToken"])
        #expect(body["password"] as? String == "new pass 99")
        #expect(session.refreshToken.value == "refresh-u1")
    }

    @Test("deletion is accounts:delete with the idToken")
    func delete() async throws {
        let spy = SpyHTTPTransport(responses: [Wire.ok(["kind": "identitytoolkit#DeleteAccountResponse"])])
        try await Wire.backend(spy).deleteAccount(idToken: "session-id-token", revoking: nil)
        let request = try #require(await spy.requests.first)
        Wire.expectCall(request, "accounts:delete")
        #expect(try Wire.json(request).mapValues { "\($0)" } == ["idToken": "session-id-token"])
    }

    @Test("deleting with Apple's code is v2 accounts:revokeToken (token type CODE), then accounts:delete")
    func deleteRevokingApple() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.ok([:]), Wire.ok(["kind": "identitytoolkit#DeleteAccountResponse"]),
        ])
        try await Wire.backend(spy).deleteAccount(
            idToken: "session-id-token",
            revoking: ProviderRevocation(provider: .apple, authorizationCode: "apple-code"))
        let requests = await spy.requests
        try #require(requests.count == 2)
        Wire.expectCall(requests[0], "accounts:revokeToken", version: "v2")
        #expect(
            try Wire.json(requests[0]).mapValues { "\($0)" } == [
                "idToken": "session-id-token", "providerId": "apple.com", "tokenType": "CODE", "token": "apple-code",
            ])
        Wire.expectCall(requests[1], "accounts:delete")
    }

    @Test(
        "a refused revocation sends no deletion; a refused session keeps its own code",
        arguments: [
            ("INVALID_IDP_RESPONSE", IdentityBackendError.Code.idpRevocationFailed),
            ("INVALID_REQUEST", .idpRevocationFailed),
            ("CREDENTIAL_TOO_OLD_LOGIN_AGAIN", .credentialTooOld),
            ("INVALID_ID_TOKEN", .invalidIDToken),
        ])
    func refusedRevocation(answer: String, expected: IdentityBackendError.Code) async throws {
        // Firebase's message quotes what it was sent; none of it may reach the error.
        let spy = SpyHTTPTransport(responses: [Wire.failure("\(answer) : token apple-code for session-id-token")])
        let error = await #expect(throws: IdentityBackendError.self) {
            try await Wire.backend(spy).deleteAccount(
                idToken: "session-id-token",
                revoking: ProviderRevocation(provider: .apple, authorizationCode: "apple-code"))
        }
        #expect(error?.code == expected)
        #expect(await spy.requests.count == 1)
        let text = error.map { String(describing: $0) } ?? ""
        #expect(text.contains(answer))
        #expect(!text.contains("apple-code") && !text.contains("session-id-token"))
    }

    @Test("a reset mail is accounts:sendOobCode PASSWORD_RESET; a project that tells about unknown emails is heard")
    func sendOobCode() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.ok(["kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": "j@example.com"])
        ])
        try await Wire.backend(spy).sendPasswordResetEmail(email: "j@example.com")
        let request = try #require(await spy.requests.first)
        Wire.expectCall(request, "accounts:sendOobCode")
        #expect(
            try Wire.json(request).mapValues { "\($0)" } == ["requestType": "PASSWORD_RESET", "email": "j@example.com"])

        // A project without email enumeration protection tells which emails have no account: its setting, passed on.
        let unknown = SpyHTTPTransport(responses: [Wire.failure("EMAIL_NOT_FOUND")])
        await #expect {
            try await Wire.backend(unknown).sendPasswordResetEmail(email: "nobody@example.com")
        } throws: { ($0 as? IdentityBackendError)?.toDomain(provider: .emailPassword) == .emailNotFound }
    }

    @Test("checking a reset code is accounts:resetPassword with the oobCode alone; the answer's email is the result")
    func checkResetCode() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.ok([
                "kind": "identitytoolkit#ResetPasswordResponse", "email": "jane@example.com",
                "requestType": "PASSWORD_RESET",
            ]),
            Wire.ok(["kind": "identitytoolkit#ResetPasswordResponse", "email": "j@x.co", "requestType": "VERIFY_EMAIL"]
            ),
        ])
        let backend = Wire.backend(spy)
        #expect(try await backend.checkPasswordResetCode("oob-code") == "jane@example.com")
        let request = try #require(await spy.requests.first)
        Wire.expectCall(request, "accounts:resetPassword")
        #expect(try Wire.json(request) as NSDictionary == ["oobCode": "oob-code"])
        await #expect(throws: IdentityBackendError.self) { _ = try await backend.checkPasswordResetCode("other") }
        let expired = BackendPasswordResetCodeService(
            backend: Wire.backend(SpyHTTPTransport(responses: [Wire.failure("EXPIRED_OOB_CODE")])))
        await #expect(throws: AuthError.resetCodeExpired) { _ = try await expired.checkPasswordResetCode("old") }
    }

    @Test("a reset is accounts:resetPassword with oobCode and newPassword")
    func resetPassword() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.ok(["kind": "identitytoolkit#ResetPasswordResponse", "requestType": "PASSWORD_RESET"])
        ])
        try await Wire.backend(spy).confirmPasswordReset(code: "oob-code", newPassword: "new pass 99")
        let request = try #require(await spy.requests.first)
        Wire.expectCall(request, "accounts:resetPassword")
        #expect(try Wire.json(request).mapValues { "\($0)" } == ["oobCode": "oob-code", "newPassword": "new pass 99"])
    }

    @Test("sign-out is local: no request at all")
    func revokeIsLocal() async throws {
        let spy = SpyHTTPTransport(status: 500)
        try await Wire.backend(spy).revokeRefreshToken("refresh")
        #expect(await spy.requests.isEmpty)
    }

    @Test("a tenant id goes in every Identity Toolkit body")
    func tenant() async throws {
        let spy = SpyHTTPTransport(responses: [Wire.tokens(uid: "g", provider: "anonymous"), Wire.lookup(uid: "g")])
        _ = try await Wire.backend(spy, tenant: "tenant-a1").signUpAnonymously()
        for request in await spy.requests {
            #expect(try Wire.json(request)["tenantId"] as? String == "tenant-a1")
        }
    }

    @Test("with an emulator host, the same paths go over plain HTTP to host:port/<production host>/v1/…")
    func emulatorURLs() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.ok([
                "id_token": Wire.idToken(uid: "u", provider: "anonymous"), "refresh_token": "r", "expires_in": "3600",
            ]),
            Wire.lookup(uid: "u"),
        ])
        _ = try await Wire.backend(spy, emulator: "127.0.0.1:9099").refreshSession(refreshToken: "r0")
        let urls = await spy.requests.map(\.url.absoluteString)
        #expect(
            urls == [
                "http://127.0.0.1:9099/securetoken.googleapis.com/v1/token?key=\(Wire.apiKey)",
                "http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:lookup?key=\(Wire.apiKey)",
            ])
    }
}
