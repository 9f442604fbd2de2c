import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInJOSE
import SignInTesting
import Testing

@testable import SignInEmulator

/// Calls Google's Auth emulator answers and its own test suite makes: `createAuthUri`, the owner credential in place of
/// an API key, and `serve --as-google-emulator`'s bare error codes and 6-character passwords.
@Suite("EmbeddedHTTPFace: what Google's Auth emulator answers beside our own peers")
struct GoogleEmulatorContractTests {
    func setProtection(_ harness: FaceHarness, _ on: Bool) {
        let reply = harness.call(
            "PATCH", "/emulator/v1/projects/\(harness.base.configuration.projectID)/config",
            ["emailPrivacyConfig": ["enableImprovedEmailPrivacy": on]])
        #expect(reply.status == 200, "\(reply.text)")
    }

    @Test("createAuthUri tells how an email signs in: unregistered, password, then each identity; case does not matter")
    func createAuthUriMethods() {
        let harness = FaceHarness()
        setProtection(harness, false)
        let body = ["identifier": "Jane@Example.com", "continueUri": "http://example.com/"]
        let before = harness.accounts("createAuthUri", body)
        #expect(before.status == 200 && before.bool("registered") == false, "\(before.text)")
        #expect((before.string("sessionId") ?? "").count == 27)

        _ = harness.signUp("jane@example.com")
        let after = harness.accounts("createAuthUri", body.merging(["sessionId": "kept-session"]) { $1 })
        #expect(after.bool("registered") == true, "\(after.text)")
        #expect(after.json["allProviders"] as? [String] == ["password"])
        #expect(after.json["signinMethods"] as? [String] == ["password"])
        #expect(after.string("sessionId") == "kept-session")
    }

    @Test("under email enumeration protection createAuthUri answers the same for any email: a session id only")
    func createAuthUriUnderProtection() {
        let harness = FaceHarness()
        setProtection(harness, true)
        _ = harness.signUp("jane@example.com")
        for email in ["jane@example.com", "nobody@example.com"] {
            let reply = harness.accounts("createAuthUri", ["identifier": email, "continueUri": "http://example.com/"])
            #expect(reply.status == 200, "\(reply.text)")
            #expect(Set(reply.json.keys) == ["kind", "sessionId"], "\(email): \(reply.text)")
        }
    }

    @Test("createAuthUri refuses a missing or bad identifier or continueUri, and an identity provider's URI")
    func createAuthUriRefusals() {
        let harness = FaceHarness()
        let cases: [([String: Any], String)] = [
            (["continueUri": "http://example.com/"], "MISSING_IDENTIFIER"),
            (["identifier": "a@b.co"], "MISSING_CONTINUE_URI"),
            (["identifier": "not an email", "continueUri": "http://example.com/"], "INVALID_IDENTIFIER"),
            (["identifier": "a@b.co", "continueUri": "/relative/path"], "INVALID_CONTINUE_URI"),
            (
                ["identifier": "a@b.co", "continueUri": "http://example.com/", "providerId": "google.com"],
                "OPERATION_NOT_ALLOWED"
            ),
        ]
        for (body, code) in cases {
            let reply = harness.accounts("createAuthUri", body)
            #expect(reply.status == 400 && reply.errorCode == code, "\(body): \(reply.text)")
        }
    }

    @Test("the owner credential makes a v1 call the administrator's, with no API key; a user's bearer token does not")
    func ownerCredentialWithoutKey() throws {
        let harness = FaceHarness()
        let uid = try #require(harness.signUp().string("localId"))
        let owner = ["Content-Type": "application/json", "Authorization": "bEaReR OWNER"]
        let body = FaceHarness.json(["localId": [uid]])
        let lookup = harness.send(
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:lookup", key: nil, body: body, headers: owner)
        #expect(lookup.status == 200, "\(lookup.text)")
        #expect(lookup.objects("users").first?["localId"] as? String == uid)

        let update = harness.send(
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:update", key: nil,
            body: FaceHarness.json(["localId": uid, "displayName": "By Owner"]), headers: owner)
        #expect(update.status == 200 && update.string("displayName") == "By Owner", "\(update.text)")
        let noLocalID = harness.send(
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:update", key: nil,
            body: FaceHarness.json(["displayName": "x"]), headers: owner)
        #expect(noLocalID.errorCode == "MISSING_LOCAL_ID", "\(noLocalID.text)")

        // Anyone else still needs the key, and a user's token never reaches the administrator's call.
        let user = ["Content-Type": "application/json", "Authorization": "Bearer not-the-owner"]
        let asUser = harness.send(
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:lookup", key: nil, body: body, headers: user)
        #expect(asUser.status == 403 && asUser.errorCode == "MISSING_API_KEY", "\(asUser.text)")
        let withKey = harness.send(
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:lookup", body: body, headers: user)
        #expect(
            withKey.objects("users").isEmpty, "a user's lookup by localId is not an administrator's: \(withKey.text)")
    }

    @Test("bare error messages are the code alone; by default the detail follows ' : '")
    func bareMessages() {
        let detailed = FaceHarness()
        _ = detailed.signUp()
        let again = detailed.signUp()
        #expect(again.errorMessage?.hasPrefix("EMAIL_EXISTS : ") == true, "\(again.text)")

        var bare = EmbeddedHTTPFace(backend: .inMemory())
        bare.bareErrorMessages = true
        let request = { () -> Reply in
            guard let url = URL(string: FaceHarness.origin + "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k")
            else { return Reply(HTTPResponse(status: -1)) }
            return Reply(
                bare.handle(
                    HTTPRequest(
                        method: "POST", url: url, headers: ["Content-Type": "application/json"],
                        body: FaceHarness.json(["email": "a@example.com", "password": "a password 1"]))))
        }
        #expect(request().status == 200)
        let second = request()
        #expect(second.errorMessage == "EMAIL_EXISTS", "\(second.text)")
        let errors = second.object("error")?["errors"] as? [[String: Any]]
        #expect(errors?.first?["message"] as? String == "EMAIL_EXISTS")
    }

    @Test("a backend may keep Firebase's 6-character minimum; below it, and the policy's other rules, still refuse")
    func firebaseMinimumLength() throws {
        var settings = EmbeddedBackendConfiguration()
        settings.minimumPasswordLength = 6
        let service = EmbeddedBackend.inMemory(configuration: settings).identityService
        _ = try service.signUp(email: "six@example.com", password: Secret("sixsix"))
        #expect(throws: IdentityBackendError.self) {
            try service.signUp(email: "five@example.com", password: Secret("fives"))
        }
        #expect(throws: IdentityBackendError.self) {
            try service.signUp(email: "same@example.com", password: Secret("aaaaaa"))
        }
        let strict = EmbeddedBackend.inMemory().identityService
        #expect(throws: IdentityBackendError.self) {
            try strict.signUp(email: "six@example.com", password: Secret("sixsix"))
        }
    }

    @Test(
        "v2 config: the owner reads and changes email privacy, duplicate emails and blocking functions by mask")
    func adminConfig() {
        let harness = FaceHarness()
        let project = harness.base.configuration.projectID
        let path = "/identitytoolkit.googleapis.com/v2/projects/\(project)/config"
        let owner = ["Content-Type": "application/json", "Authorization": "Bearer owner"]
        func patch(_ body: [String: Any], mask: String? = nil) -> Reply {
            harness.send(
                "PATCH", path + (mask.map { "?updateMask=\($0)" } ?? ""), key: nil, body: FaceHarness.json(body),
                headers: owner)
        }
        let read = harness.send("GET", path, key: nil, headers: owner)
        #expect(read.status == 200 && read.object("signIn")?["allowDuplicateEmails"] as? Bool == false, "\(read.text)")
        #expect(read.object("blockingFunctions")?.isEmpty == true)
        #expect(harness.send("GET", path, key: nil).status == 401, "the owner credential only")

        let on = patch(["emailPrivacyConfig": ["enableImprovedEmailPrivacy": true]], mask: "emailPrivacyConfig")
        #expect(on.object("emailPrivacyConfig")?["enableImprovedEmailPrivacy"] as? Bool == true, "\(on.text)")
        let untouched = patch([:], mask: "displayName")
        #expect(untouched.object("emailPrivacyConfig")?["enableImprovedEmailPrivacy"] as? Bool == true)
        let full = patch([:])
        #expect(full.object("emailPrivacyConfig")?["enableImprovedEmailPrivacy"] as? Bool == false, "\(full.text)")

        let duplicates = patch(["signIn": ["allowDuplicateEmails": true]], mask: "signIn.allowDuplicateEmails")
        #expect(duplicates.object("signIn")?["allowDuplicateEmails"] as? Bool == true, "\(duplicates.text)")
        #expect(patch([:]).object("signIn")?["allowDuplicateEmails"] as? Bool == false, "a full update: the default")
        let badEvent = patch(["blockingFunctions": ["triggers": ["onSomething": ["functionUri": "http://localhost"]]]])
        #expect(badEvent.errorCode == "INVALID_BLOCKING_FUNCTION", "\(badEvent.text)")
        let badURI = patch(["blockingFunctions": ["triggers": ["beforeCreate": ["functionUri": "invalidUri"]]]])
        #expect(badURI.errorCode == "INVALID_BLOCKING_FUNCTION", "\(badURI.text)")
        let valid = patch(["blockingFunctions": ["triggers": ["beforeCreate": ["functionUri": "http://localhost/f"]]]])
        let triggers = valid.object("blockingFunctions")?["triggers"] as? [String: [String: String]]
        #expect(triggers == ["beforeCreate": ["functionUri": "http://localhost/f"]], "\(valid.text)")
        #expect(harness.service.projectSettings.blockingFunctions == [.beforeCreate: "http://localhost/f"])
        let email = patch([
            "blockingFunctions": ["triggers": ["beforeSendEmail": ["functionUri": "http://localhost/f"]]]
        ])
        #expect(email.errorCode == "UNSUPPORTED_BLOCKING_FUNCTION", "\(email.text)")
        #expect(harness.service.projectSettings.blockingFunctions.count == 1, "a refused change changes nothing")
        let forwarding = patch(
            ["blockingFunctions": ["forwardInboundCredentials": ["idToken": true, "accessToken": false]]],
            mask: "blockingFunctions.forwardInboundCredentials")
        let forwarded = forwarding.object("blockingFunctions")?["forwardInboundCredentials"] as? [String: Bool]
        #expect(forwarded == ["idToken": true], "\(forwarding.text)")
        #expect(harness.service.projectSettings.forwardedCredentials == [.idToken])
        #expect(harness.service.projectSettings.blockingFunctions.count == 1, "the mask named only the credentials")
        #expect(
            patch(["blockingFunctions": [:]], mask: "blockingFunctions").object("blockingFunctions")?.isEmpty == true)
    }

    @Test("email-link sign-in over HTTP: EMAIL_SIGNIN mails a code the emulator lists; signInWithEmailLink uses it")
    func emailLinkRoutes() throws {
        let harness = FaceHarness()
        let sent = harness.accounts("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "link@example.com"])
        #expect(sent.status == 200, "\(sent.text)")
        let listed = harness.call("GET", EmulatorRouteTests.oobCodesPath).objects("oobCodes")
        #expect(listed.first?["requestType"] as? String == "EMAIL_SIGNIN")
        let code = try #require(listed.first?["oobCode"] as? String)
        let mismatch = harness.accounts("signInWithEmailLink", ["email": "other@example.com", "oobCode": code])
        #expect(mismatch.errorCode == "INVALID_EMAIL", "\(mismatch.text)")
        let signedIn = harness.accounts("signInWithEmailLink", ["email": "link@example.com", "oobCode": code])
        #expect(signedIn.status == 200 && signedIn.bool("isNewUser") == true, "\(signedIn.text)")
        let idToken = try #require(signedIn.string("idToken"))
        let user = harness.accounts("lookup", ["idToken": idToken]).objects("users").first
        #expect(user?["emailLinkSignin"] as? Bool == true && user?["emailVerified"] as? Bool == true)
        let reused = harness.accounts("signInWithEmailLink", ["email": "link@example.com", "oobCode": code])
        #expect(reused.errorCode == "INVALID_OOB_CODE", "\(reused.text)")
    }

    @Test("refusals as Google's emulator words them: an empty email, a uid or another project from a client, a bad URI")
    func inputRefusals() {
        let harness = FaceHarness()
        let empty = harness.accounts("signUp", ["email": "", "password": ""])
        #expect(empty.errorCode == "INVALID_EMAIL", "an empty email is not a guest's sign-up: \(empty.text)")
        #expect(harness.accounts("signUp", ["localId": "chosen"]).errorCode == "UNEXPECTED_PARAMETER")
        let target = harness.accounts("signUp", ["targetProjectId": "another"])
        #expect(target.errorCode == "INSUFFICIENT_PERMISSION", "\(target.text)")
        for email in ["ill-formatted-email", ""] {
            let reply = harness.accounts("signInWithPassword", ["email": email, "password": "some password 1"])
            #expect(reply.errorCode == "INVALID_EMAIL", "\(email): \(reply.text)")
        }
        let session = harness.signUp()
        let bad = harness.accounts(
            "sendOobCode",
            [
                "requestType": "VERIFY_EMAIL", "idToken": session.string("idToken") ?? "",
                "continueUrl": "noSchemeOrHost",
            ])
        #expect(bad.errorCode == "INVALID_CONTINUE_URI", "\(bad.text)")
    }

    @Test("phone sign-in over HTTP: the code is listed by the emulator, signs in once, and lookup shows the number")
    func phoneRoutes() throws {
        let harness = FaceHarness()
        let invalid = harness.accounts("sendVerificationCode", ["phoneNumber": "5555550100"])
        #expect(invalid.errorCode == "INVALID_PHONE_NUMBER", "\(invalid.text)")
        #expect(invalid.errorMessage?.contains("E.164") == true, "the words show the expected form")
        let sent = harness.accounts("sendVerificationCode", ["phoneNumber": "+15555550100", "recaptchaToken": "x"])
        let sessionInfo = try #require(sent.string("sessionInfo"), "\(sent.text)")
        let listed = harness.call("GET", "/emulator/v1/projects/demo-signin/verificationCodes").objects(
            "verificationCodes")
        #expect(listed.count == 1 && listed.first?["phoneNumber"] as? String == "+15555550100")
        #expect(listed.first?["sessionInfo"] as? String == sessionInfo)
        let code = try #require(listed.first?["code"] as? String)
        #expect(harness.accounts("signInWithPhoneNumber", ["code": code]).errorCode == "MISSING_SESSION_INFO")
        #expect(harness.accounts("signInWithPhoneNumber", ["sessionInfo": sessionInfo]).errorCode == "MISSING_CODE")
        let signedIn = harness.accounts("signInWithPhoneNumber", ["sessionInfo": sessionInfo, "code": code])
        #expect(signedIn.status == 200 && signedIn.bool("isNewUser") == true, "\(signedIn.text)")
        #expect(signedIn.string("phoneNumber") == "+15555550100")
        let user = harness.accounts("lookup", ["idToken": signedIn.string("idToken") ?? ""]).objects("users").first
        #expect(user?["phoneNumber"] as? String == "+15555550100")
        let phone = (user?["providerUserInfo"] as? [[String: Any]])?.first { $0["providerId"] as? String == "phone" }
        #expect(phone?["phoneNumber"] as? String == "+15555550100")
        let reused = harness.accounts("signInWithPhoneNumber", ["sessionInfo": sessionInfo, "code": code])
        #expect(reused.errorCode == "INVALID_SESSION_INFO", "\(reused.text)")

        // Another account links the number: 200 with a temporary proof and the number, and no session; the proof
        // with the ID token again is PHONE_NUMBER_EXISTS.
        let other = try #require(harness.signUp("other@example.com").string("idToken"))
        let second = harness.accounts("sendVerificationCode", ["phoneNumber": "+15555550100"])
        let secondSession = try #require(second.string("sessionInfo"))
        let secondCode = try #require(
            harness.call("GET", "/emulator/v1/projects/demo-signin/verificationCodes").objects("verificationCodes")
                .first { $0["sessionInfo"] as? String == secondSession }?["code"] as? String)
        let trap = harness.accounts(
            "signInWithPhoneNumber", ["sessionInfo": secondSession, "code": secondCode, "idToken": other])
        #expect(trap.status == 200 && trap.string("idToken") == nil, "\(trap.text)")
        #expect(trap.string("phoneNumber") == "+15555550100")
        let proof = try #require(trap.string("temporaryProof"))
        let again = harness.accounts(
            "signInWithPhoneNumber", ["temporaryProof": proof, "phoneNumber": "+15555550100", "idToken": other])
        #expect(again.errorCode == "PHONE_NUMBER_EXISTS", "\(again.text)")
        #expect(
            harness.accounts("signInWithPhoneNumber", ["temporaryProof": proof]).errorCode == "MISSING_PHONE_NUMBER")
    }

    @Test("a phone second factor over HTTP: enrolled by its code, masked before the second step, shown to its owner")
    func phoneSecondFactorRoutes() throws {
        let harness = FaceHarness()
        let codes = "/emulator/v1/projects/demo-signin/verificationCodes"
        let signedUp = harness.signUp()
        let idToken = try #require(signedUp.string("idToken"))
        try harness.service.updateAccount(uid: signedUp.string("localId") ?? "", .init(emailVerified: true))
        let v2 = "/identitytoolkit.googleapis.com/v2/accounts/"
        func v2Call(_ name: String, _ body: [String: Any]) -> Reply {
            harness.send(
                "POST", v2 + name, body: FaceHarness.json(body), headers: ["Content-Type": "application/json"])
        }
        let started = v2Call(
            "mfaEnrollment:start", ["idToken": idToken, "phoneEnrollmentInfo": ["phoneNumber": "+15555550100"]])
        let sessionInfo = try #require(started.object("phoneSessionInfo")?["sessionInfo"] as? String, "\(started.text)")
        let code = try #require(harness.call("GET", codes).objects("verificationCodes").last?["code"] as? String)
        let finalized = v2Call(
            "mfaEnrollment:finalize",
            ["idToken": idToken, "phoneVerificationInfo": ["sessionInfo": sessionInfo, "code": code]])
        #expect(finalized.string("idToken") != nil, "\(finalized.text)")
        let lookup = harness.accounts("lookup", ["idToken": finalized.string("idToken") ?? ""])
        let owned = try #require((lookup.objects("users").first?["mfaInfo"] as? [[String: Any]])?.first)
        #expect(owned["phoneInfo"] as? String == "+15555550100" && owned["unobfuscatedPhoneInfo"] != nil)

        let first = harness.accounts(
            "signInWithPassword",
            ["email": "jane@example.com", "password": "correct horse 1", "returnSecureToken": true])
        #expect(first.string("idToken") == nil, "\(first.text)")
        let shown = try #require((first.json["mfaInfo"] as? [[String: Any]])?.first)
        #expect(shown["phoneInfo"] as? String == "+*******0100" && shown["unobfuscatedPhoneInfo"] == nil)
        let pending = try #require(first.string("mfaPendingCredential"))
        let step = v2Call(
            "mfaSignIn:start", ["mfaPendingCredential": pending, "mfaEnrollmentId": shown["mfaEnrollmentId"] ?? ""])
        let stepInfo = try #require(step.object("phoneResponseInfo")?["sessionInfo"] as? String, "\(step.text)")
        let stepCode = try #require(harness.call("GET", codes).objects("verificationCodes").last?["code"] as? String)
        let done = v2Call(
            "mfaSignIn:finalize",
            ["mfaPendingCredential": pending, "phoneVerificationInfo": ["sessionInfo": stepInfo, "code": stepCode]])
        #expect(done.string("idToken") != nil && done.string("refreshToken") != nil, "\(done.text)")

        // A client may not give a new account second factors unless the face takes them as Google's emulator does.
        let refused = harness.accounts(
            "signUp",
            ["email": "new@example.com", "password": "correct horse 1", "mfaInfo": [["phoneInfo": "+15555550101"]]])
        #expect(refused.errorCode == "UNEXPECTED_PARAMETER", "\(refused.text)")
    }

    @Test("RS256 keys where Google publishes Firebase's: a JWK Set and certificates, cached an hour; a rotation")
    func publishedKeys() throws {
        var configuration = BackendHarness.fastConfiguration
        configuration.sessionTokenAlgorithm = .rs256
        let face = EmbeddedHTTPFace(backend: BackendHarness(configuration: configuration).backend)
        func get(_ path: String, method: String = "GET") throws -> Reply {
            let url = try #require(URL(string: FaceHarness.origin + path))
            return Reply(face.handle(HTTPRequest(method: method, url: url, headers: [:], body: nil)))
        }
        let jwks = try get("/www.googleapis.com/service_accounts/v1/jwk/securetoken%40system.gserviceaccount.com")
        let key = try #require(jwks.objects("keys").first, "\(jwks.text)")
        #expect(key["kty"] as? String == "RSA" && key["alg"] as? String == "RS256" && key["e"] as? String == "AQAB")
        #expect(jwks.headers["Cache-Control"] == "public, max-age=3600")
        let kid = try #require(key["kid"] as? String)
        let certificates = try get("/www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com")
        let pem = try #require(certificates.string(kid), "\(certificates.text)")
        #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----\n") && pem.hasSuffix("-----END CERTIFICATE-----\n"))
        #expect(certificates.headers["Cache-Control"] == "public, max-age=3600")

        let rotated = try get("/emulator/v1/projects/demo-signin/sessionKeys:rotate", method: "POST")
        let newKid = try #require(rotated.string("kid"), "\(rotated.text)")
        let after = try get("/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com")
        #expect(after.objects("keys").compactMap { $0["kid"] as? String } == [newKid, kid])
        // An HS256 backend has no key to publish or rotate.
        let plain = FaceHarness()
        #expect(plain.call("POST", "/emulator/v1/projects/demo-signin/sessionKeys:rotate").status == 404)
    }

    @Test("an email change over HTTP: mailed to the new email, described without use, applied by its code alone")
    func emailChangeRoutes() throws {
        let harness = FaceHarness()
        let signedUp = harness.accounts(
            "signUp", ["email": "jane@example.com", "password": "correct horse 1", "displayName": "Jane"])
        #expect(signedUp.string("displayName") == "Jane", "a sign-up keeps the name it gives")
        let idToken = try #require(signedUp.string("idToken"))
        #expect(
            harness.accounts("sendOobCode", ["requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": idToken])
                .errorCode == "MISSING_NEW_EMAIL")
        #expect(
            harness.accounts("sendOobCode", ["requestType": "VERIFY_AND_CHANGE_EMAIL", "newEmail": "j@example.com"])
                .errorCode == "MISSING_ID_TOKEN")
        let sent = harness.accounts(
            "sendOobCode", ["requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": idToken, "newEmail": "j@example.com"])
        #expect(sent.string("email") == "jane@example.com", "\(sent.text)")
        let listed = try #require(
            harness.call("GET", "/emulator/v1/projects/demo-signin/oobCodes").objects("oobCodes").last)
        #expect(listed["requestType"] as? String == "VERIFY_AND_CHANGE_EMAIL")
        #expect(listed["email"] as? String == "jane@example.com" && listed["newEmail"] as? String == "j@example.com")
        let code = try #require(listed["oobCode"] as? String)
        let described = harness.accounts("resetPassword", ["oobCode": code])
        #expect(described.string("requestType") == "VERIFY_AND_CHANGE_EMAIL", "\(described.text)")
        #expect(described.string("newEmail") == "j@example.com")
        let applied = harness.accounts("update", ["oobCode": code])
        #expect(applied.string("email") == "j@example.com" && applied.bool("emailVerified") == true, "\(applied.text)")
        #expect(applied.string("localId") == signedUp.string("localId"))
    }

    @Test("small answers as Google's emulator gives them: status, reCAPTCHA parameters, a phone identity's fields")
    func smallAnswers() throws {
        let harness = FaceHarness()
        #expect(harness.call("GET", "/").object("authEmulator") != nil)
        let recaptcha = harness.send("GET", "/identitytoolkit.googleapis.com/v1/recaptchaParams")
        #expect(recaptcha.string("recaptchaSiteKey") != nil && recaptcha.string("recaptchaStoken") != nil)
        #expect(harness.send("GET", "/identitytoolkit.googleapis.com/v1/recaptchaParams", key: nil).status == 403)
        let sent = harness.accounts("sendVerificationCode", ["phoneNumber": "+15555550100"])
        let code = try #require(
            harness.call("GET", "/emulator/v1/projects/demo-signin/verificationCodes").objects("verificationCodes")
                .last?["code"] as? String)
        let signedIn = harness.accounts(
            "signInWithPhoneNumber", ["sessionInfo": sent.string("sessionInfo") ?? "", "code": code])
        let user = harness.accounts("lookup", ["idToken": signedIn.string("idToken") ?? ""]).objects("users").first
        let phone = try #require((user?["providerUserInfo"] as? [[String: Any]])?.first)
        #expect(Set(phone.keys) == ["phoneNumber", "rawId", "providerId"], "\(phone)")
    }

    @Test("accounts:update: a name alone keeps the session; validSince ends every session but a new one for the caller")
    func updateSessions() throws {
        let harness = FaceHarness()
        let signedUp = harness.signUp()
        let idToken = try #require(signedUp.string("idToken"))
        let named = harness.accounts("update", ["idToken": idToken, "displayName": "Jane"])
        #expect(named.string("displayName") == "Jane" && named.string("idToken") == nil, "\(named.text)")
        let refreshed = harness.token(
            form: "grant_type=refresh_token&refresh_token=\(signedUp.string("refreshToken") ?? "")")
        #expect(refreshed.status == 200, "the session's refresh token still works: \(refreshed.text)")
        #expect(
            harness.accounts("update", ["idToken": idToken, "displayName": "J", "returnSecureToken": true])
                .string("idToken") != nil, "asked for, tokens come")

        harness.clock.advance(by: 2)
        let revoked = harness.accounts("update", ["idToken": idToken, "validSince": "0"])
        let fresh = try #require(revoked.string("idToken"), "\(revoked.text)")
        #expect(harness.accounts("lookup", ["idToken": idToken]).errorCode == "TOKEN_EXPIRED")
        #expect(harness.accounts("lookup", ["idToken": fresh]).status == 200)
    }

    /// The `firebase.sign_in_provider` of an ID token, read without its signature.
    func signInProvider(_ idToken: String?) throws -> String? {
        let token = try #require(idToken)
        let parts = try #require(JWS.parse(token))
        return TokenJSON.sessionClaims(from: parts.payload)?.signInProvider
    }

    @Test(
        "accounts:update (or signUp with an ID token) with an email and a password: a guest becomes a password user; a user changes both"
    )
    func updateEmailAndPassword() throws {
        let harness = FaceHarness()
        let guest = harness.accounts("signUp", ["returnSecureToken": true])
        let guestToken = try #require(guest.string("idToken"))
        let upgraded = harness.accounts(
            "update", ["idToken": guestToken, "email": "guest@example.com", "password": "guest password 1"])
        #expect(upgraded.status == 200 && upgraded.string("refreshToken") != nil, "\(upgraded.text)")
        #expect(try signInProvider(upgraded.string("idToken")) == "password")
        let signedIn = harness.accounts(
            "signInWithPassword", ["email": "guest@example.com", "password": "guest password 1"])
        #expect(signedIn.string("localId") == guest.string("localId"), "\(signedIn.text)")

        let user = harness.signUp("jane@example.com", "correct horse 1")
        let changed = harness.accounts(
            "update",
            [
                "idToken": try #require(user.string("idToken")), "email": "jane.new@example.com",
                "password": "new horse 2",
            ])
        #expect(changed.status == 200 && changed.string("email") == "jane.new@example.com", "\(changed.text)")
        #expect(
            harness.accounts("signInWithPassword", ["email": "jane.new@example.com", "password": "new horse 2"])
                .string("localId") == user.string("localId"))

        // signUp with the ID token of an account that has a password replaces both too, as Google's emulator does.
        let replaced = harness.accounts(
            "signUp",
            [
                "idToken": try #require(changed.string("idToken")), "email": "jane.third@example.com",
                "password": "third horse 3",
            ])
        #expect(replaced.string("localId") == user.string("localId"), "\(replaced.text)")
        #expect(replaced.string("email") == "jane.third@example.com")
        #expect(
            harness.accounts("signInWithPassword", ["email": "jane.new@example.com", "password": "new horse 2"])
                .status == 400, "the old email no longer signs in")
    }

    @Test("attack: an email and a password where the email is another account's, or the password weak, change neither")
    func updateEmailAndPasswordRefused() throws {
        let harness = FaceHarness()
        _ = harness.signUp("taken@example.com", "taken horse 1")
        let user = harness.signUp("jane@example.com", "correct horse 1")
        let idToken = try #require(user.string("idToken"))
        let taken = harness.accounts(
            "update", ["idToken": idToken, "email": "taken@example.com", "password": "new horse 2"])
        #expect(taken.errorCode == "EMAIL_EXISTS", "\(taken.text)")
        let weak = harness.accounts("update", ["idToken": idToken, "email": "jane.new@example.com", "password": "a"])
        #expect(weak.status == 400, "\(weak.text)")
        // Neither changed: the old email and password still sign in, the new ones do not.
        #expect(
            harness.accounts("signInWithPassword", ["email": "jane@example.com", "password": "correct horse 1"])
                .string("localId") == user.string("localId"))
        #expect(
            harness.accounts("signInWithPassword", ["email": "jane.new@example.com", "password": "a"]).status == 400)
    }

    @Test("a Google access token is the owner credential only when the face takes them as Google's emulator does")
    func googleAccessTokenAsOwner() throws {
        let url = try #require(URL(string: FaceHarness.origin + "/identitytoolkit.googleapis.com/v1/accounts:signUp"))
        for (takes, token, status) in [
            (false, "Bearer ya29.a0AfH6SMBx", 400), (true, "Bearer ya29.a0AfH6SMBx", 200), (true, "Bearer ya29.", 400),
            (true, "Bearer ya30.a0AfH6SMBx", 400),
        ] {
            var face = EmbeddedHTTPFace(backend: .inMemory())
            face.takesGoogleAccessTokensAsOwner = takes
            let answer = Reply(
                face.handle(
                    HTTPRequest(
                        method: "POST", url: url,
                        headers: ["Content-Type": "application/json", "Authorization": token],
                        body: FaceHarness.json(["targetProjectId": EmbeddedBackendConfiguration.defaultProjectID]))))
            #expect(answer.status == status, "\(takes) \(token): \(answer.text)")
        }
    }

    @Test("an administrator's reset link for an unknown email tells nothing under email enumeration protection")
    func adminResetLinkUnderProtection() {
        let harness = FaceHarness()
        setProtection(harness, true)
        let owner = ["Content-Type": "application/json", "Authorization": "Bearer owner"]
        let body = FaceHarness.json([
            "email": "nobody@example.com", "requestType": "PASSWORD_RESET", "returnOobLink": true,
        ])
        let answer = harness.send(
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode", key: nil, body: body, headers: owner)
        #expect(answer.status == 200 && answer.string("oobLink") == nil, "\(answer.text)")
        setProtection(harness, false)
        let told = harness.send(
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode", key: nil, body: body, headers: owner)
        #expect(told.errorCode == "EMAIL_NOT_FOUND", "\(told.text)")
    }

    @Test("attack: a client cannot link an identity by naming its raw id (linkProviderUserInfo); nothing is linked")
    func linkProviderUserInfoRefused() throws {
        let harness = FaceHarness()
        let signedUp = harness.signUp()
        let idToken = try #require(signedUp.string("idToken"))
        #expect(
            harness.accounts("update", ["idToken": idToken, "linkProviderUserInfo": ["rawId": "g"]]).errorCode
                == "MISSING_PROVIDER_ID")
        #expect(
            harness.accounts("update", ["idToken": idToken, "linkProviderUserInfo": ["providerId": "google.com"]])
                .errorCode == "MISSING_RAW_ID")
        let claim = harness.accounts(
            "update", ["idToken": idToken, "linkProviderUserInfo": ["providerId": "google.com", "rawId": "victim"]])
        #expect(claim.errorCode == "OPERATION_NOT_ALLOWED", "\(claim.text)")
        let account = try #require(try harness.service.account(uid: signedUp.string("localId") ?? ""))
        #expect(account.identities.map(\.providerId) == ["password"])
    }

    @Test("createSessionCookie takes validDuration as Google's string or the Admin SDK's number, within bounds")
    func sessionCookieRoute() throws {
        let harness = FaceHarness()
        let idToken = try #require(harness.signUp().string("idToken"))
        let path = "/identitytoolkit.googleapis.com/v1/projects/demo-signin:createSessionCookie"
        let owner = ["Content-Type": "application/json", "Authorization": "Bearer owner"]
        func create(_ body: [String: Any]) -> Reply {
            harness.send("POST", path, key: nil, body: FaceHarness.json(body), headers: owner)
        }
        #expect(create(["idToken": idToken, "validDuration": "7777"]).string("sessionCookie") != nil)
        #expect(create(["idToken": idToken, "validDuration": 600]).string("sessionCookie") != nil)
        #expect(create(["idToken": idToken, "validDuration": "1"]).errorCode == "INVALID_DURATION")
        #expect(create(["validDuration": "7777"]).errorCode == "MISSING_ID_TOKEN")
        let other = harness.send(
            "POST", "/identitytoolkit.googleapis.com/v1/projects/another:createSessionCookie", key: nil,
            body: FaceHarness.json(["idToken": idToken]), headers: owner)
        #expect(other.status == 404 && other.errorCode == "PROJECT_NOT_FOUND", "\(other.text)")
        let anonymous = harness.send("POST", path, key: nil, body: FaceHarness.json(["idToken": idToken]))
        #expect(anonymous.status == 401, "the owner credential only")
    }
}
