import Foundation
import SignInData
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInEmulator
import Testing

/// Firebase's Admin API at the HTTP face, as the Admin SDKs call an emulator: `projects/{project}/accounts…` with the
/// owner credential.
@Suite("Admin API routes")
struct AdminRouteTests {
    let harness = FaceHarness()
    static let owner = ["Authorization": "Bearer owner", "Content-Type": "application/json"]

    var project: String { harness.face.projectID }

    func admin(
        _ method: String, _ name: String, _ body: [String: Any]? = nil, query: String = "",
        headers: [String: String] = AdminRouteTests.owner, project: String? = nil
    ) -> Reply {
        let path = "/identitytoolkit.googleapis.com/v1/projects/\(project ?? self.project)/\(name)"
        return harness.send(
            method, path + query, key: nil, body: body.map(FaceHarness.json), headers: headers)
    }

    @Test("only the owner credential, for this emulator's project, may call it")
    func credential() {
        let body: [String: Any] = ["localId": ["x"]]
        let none = admin("POST", "accounts:lookup", body, headers: ["Content-Type": "application/json"])
        #expect(none.status == 401 && none.errorCode == "UNAUTHENTICATED")
        let session = harness.signUp()
        let asUser = admin(
            "POST", "accounts:lookup", body, headers: ["Authorization": "Bearer \(session.string("idToken") ?? "")"])
        #expect(asUser.status == 403 && asUser.errorCode == "INSUFFICIENT_PERMISSION")
        let otherProject = admin("POST", "accounts:lookup", body, project: "demo-other")
        #expect(otherProject.status == 404 && otherProject.errorCode == "PROJECT_NOT_FOUND")
        let wrongMethod = admin("GET", "accounts:lookup")
        #expect(wrongMethod.status == 405)
        #expect(admin("POST", "accounts:unknown", body).status == 404)
    }

    @Test("create, look up by uid and email, list, update and delete, in Firebase's answer shapes")
    func lifecycle() throws {
        let created = admin(
            "POST", "accounts",
            [
                "email": "sam@example.com", "password": "sam password 1", "displayName": "Sam",
                "photoUrl": "https://example.com/sam.png",
            ])
        #expect(created.status == 200, "\(created.text)")
        let uid = try #require(created.string("localId"))
        let byUID = admin("POST", "accounts:lookup", ["localId": [uid]])
        let user = try #require(byUID.objects("users").first)
        #expect(user["email"] as? String == "sam@example.com" && user["displayName"] as? String == "Sam")
        #expect(user["photoUrl"] as? String == "https://example.com/sam.png")
        #expect(user["disabled"] as? Bool == false && user["passwordHash"] == nil)
        #expect(admin("POST", "accounts:lookup", ["email": ["SAM@example.com"]]).objects("users").count == 1)
        let missing = admin("POST", "accounts:lookup", ["localId": ["nobody"]])
        #expect(missing.status == 200 && missing.json["users"] == nil, "no `users` when none is found")

        _ = admin("POST", "accounts", ["localId": "another"])
        let page = admin("GET", "accounts:batchGet", query: "?maxResults=1")
        #expect(page.objects("users").count == 1 && page.string("nextPageToken") != nil)
        let rest = admin(
            "GET", "accounts:batchGet", query: "?maxResults=1&nextPageToken=\(page.string("nextPageToken") ?? "")")
        // A full page carries a token even when nothing follows, as Firebase's; the page after it is empty.
        #expect(rest.objects("users").count == 1 && rest.string("nextPageToken") != nil)
        let end = admin(
            "GET", "accounts:batchGet", query: "?maxResults=1&nextPageToken=\(rest.string("nextPageToken") ?? "")")
        #expect(end.json["users"] == nil && end.string("nextPageToken") == nil, "\(end.text)")
        #expect(admin("GET", "accounts:batchGet", query: "?maxResults=0").errorCode == "INVALID_PAGE_SELECTION")

        let disabled = admin(
            "POST", "accounts:update",
            ["localId": uid, "disableUser": true, "customAttributes": #"{"role":"admin"}"#, "validSince": "0"])
        #expect(disabled.status == 200, "\(disabled.text)")
        let after = try #require(admin("POST", "accounts:lookup", ["localId": [uid]]).objects("users").first)
        #expect(after["disabled"] as? Bool == true && after["customAttributes"] as? String == #"{"role":"admin"}"#)
        let unpictured = admin("POST", "accounts:update", ["localId": uid, "deleteAttribute": ["PHOTO_URL"]])
        #expect(unpictured.status == 200 && unpictured.string("photoUrl") == nil, "\(unpictured.text)")
        #expect(
            admin("POST", "accounts:update", ["localId": uid, "photoUrl": "nope"]).errorCode == "INVALID_PHOTO_URL")
        let refused = harness.accounts(
            "signInWithPassword", ["email": "sam@example.com", "password": "sam password 1", "returnSecureToken": true])
        #expect(refused.status == 400 && refused.errorCode == "USER_DISABLED")
        let badClaims = admin("POST", "accounts:update", ["localId": uid, "customAttributes": #"{"iss":"x"}"#])
        #expect(badClaims.errorCode == "FORBIDDEN_CLAIM")

        #expect(
            admin("POST", "accounts:delete", ["localId": uid]).string("kind") == "identitytoolkit#DeleteAccountResponse"
        )
        #expect(admin("POST", "accounts:delete", ["localId": uid]).errorCode == "USER_NOT_FOUND")
        #expect(admin("POST", "accounts", ["localId": "another"]).errorCode == "DUPLICATE_LOCAL_ID")
    }

    @Test("a reset link for an administrator: no mail, works once; an unknown email gets no link")
    func resetLink() throws {
        _ = harness.signUp("sam@example.com", "sam password 1")
        let mailsBefore = try harness.service.pendingMailedCodes().count
        let answer = admin(
            "POST", "accounts:sendOobCode",
            ["requestType": "PASSWORD_RESET", "email": "sam@example.com", "returnOobLink": true])
        let link = try #require(answer.string("oobLink"), "\(answer.text)")
        #expect(try harness.service.pendingMailedCodes().count == mailsBefore, "no mail was sent")
        let code = try #require(URLComponents(string: link)?.queryItems?.first { $0.name == "code" }?.value)
        #expect(harness.accounts("resetPassword", ["oobCode": code, "newPassword": "new password 2"]).status == 200)
        #expect(
            harness.accounts("resetPassword", ["oobCode": code, "newPassword": "new password 3"]).errorCode
                == "INVALID_OOB_CODE")
        let unknown = admin(
            "POST", "accounts:sendOobCode",
            ["requestType": "PASSWORD_RESET", "email": "nobody@example.com", "returnOobLink": true])
        // Under email enumeration protection (on by default) an unknown email gets an answer with no link.
        #expect(unknown.status == 200 && unknown.string("oobLink") == nil, "\(unknown.text)")
        let verify = admin(
            "POST", "accounts:sendOobCode",
            ["requestType": "VERIFY_EMAIL", "email": "sam@example.com", "returnOobLink": true])
        let verifyLink = try #require(verify.string("oobLink"), "\(verify.text)")
        let verifyCode = try #require(URLComponents(string: verifyLink)?.queryItems?.first { $0.name == "code" }?.value)
        let applied = harness.accounts("update", ["oobCode": verifyCode])
        #expect(
            applied.string("email") == "sam@example.com" && applied.bool("emailVerified") == true, "\(applied.text)")
        #expect(harness.accounts("update", ["oobCode": verifyCode]).errorCode == "INVALID_OOB_CODE")
        let other = admin(
            "POST", "accounts:sendOobCode",
            ["requestType": "RECOVER_EMAIL", "email": "sam@example.com", "returnOobLink": true])
        #expect(other.errorCode == "INVALID_REQ_TYPE", "only a change makes a recovery code")
    }

    @Test("a user's verification mail (sendOobCode VERIFY_EMAIL with the ID token), applied by accounts:update")
    func userVerification() throws {
        let session = harness.signUp("kim@example.com", "kim password 1")
        let sent = harness.accounts(
            "sendOobCode", ["requestType": "VERIFY_EMAIL", "idToken": session.string("idToken") ?? ""])
        #expect(sent.status == 200 && sent.string("email") == "kim@example.com", "\(sent.text)")
        let listed = harness.call("GET", "/emulator/v1/projects/\(project)/oobCodes").objects("oobCodes")
        let entry = try #require(listed.first { $0["requestType"] as? String == "VERIFY_EMAIL" })
        let applied = harness.accounts("update", ["oobCode": entry["oobCode"] as? String ?? ""])
        #expect(applied.bool("emailVerified") == true)
        #expect(harness.accounts("sendOobCode", ["requestType": "VERIFY_EMAIL"]).errorCode == "INVALID_ID_TOKEN")
    }

    @Test("accounts:signInWithCustomToken answers Firebase's shape: the tokens and isNewUser, no account")
    func customToken() throws {
        let token = try harness.service.mintCustomToken(uid: "team-user")
        let answer = harness.accounts("signInWithCustomToken", ["token": token, "returnSecureToken": true])
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.keys == ["expiresIn", "idToken", "isNewUser", "kind", "refreshToken"])
        #expect(
            answer.bool("isNewUser") == true && answer.string("kind") == "identitytoolkit#VerifyCustomTokenResponse")
        let again = harness.accounts("signInWithCustomToken", ["token": token])
        #expect(again.bool("isNewUser") == false)
        #expect(harness.accounts("signInWithCustomToken", ["token": "a.b.c"]).errorCode == "INVALID_CUSTOM_TOKEN")
        #expect(harness.accounts("signInWithCustomToken", [:]).errorCode == "MISSING_CUSTOM_TOKEN")
        #expect(harness.accounts("signInWithCustomToken", ["token": token], key: nil).status == 403)
    }

    @Test("batchCreate imports and reports each refused entry; query counts; the legacy v3 names do the same")
    func bulk() throws {
        let created = admin(
            "POST", "accounts:batchCreate",
            [
                "hashAlgorithm": "MD5",
                "users": [
                    ["localId": "a", "email": "A@example.com", "rawPassword": "a password 1"],
                    ["localId": "b", "email": "not an email"],
                    [
                        "localId": "c", "email": "c@example.com", "rawPassword": "c password 1",
                        "passwordHash": "aGFzaA==",
                    ],
                ],
            ])
        #expect(created.status == 200, "\(created.text)")
        let errors = created.json["error"] as? [[String: Any]] ?? []
        #expect(errors.map { $0["index"] as? Int } == [1, 2], "\(created.text)")
        #expect(harness.signUp("a@example.com").errorCode == "EMAIL_EXISTS", "the imported email is taken")
        let signIn = harness.accounts(
            "signInWithPassword", ["email": "a@example.com", "password": "a password 1", "returnSecureToken": true])
        #expect(signIn.string("localId") == "a", "\(signIn.text)")

        var bare = harness.face
        bare.bareErrorMessages = true
        let url = try #require(
            URL(
                string: FaceHarness.origin
                    + "/identitytoolkit.googleapis.com/v1/projects/\(project)/accounts:batchCreate"))
        let duplicate = Reply(
            bare.handle(
                HTTPRequest(
                    method: "POST", url: url, headers: Self.owner,
                    body: FaceHarness.json(["users": [["localId": "x"], ["localId": "x"]]]))))
        #expect(duplicate.errorMessage == "DUPLICATE_LOCAL_ID : x", "\(duplicate.text)")
        #expect(admin("POST", "accounts:batchCreate", ["users": []]).errorCode == "MISSING_USER_ACCOUNT")

        let query = admin("POST", "accounts:query", ["returnUserInfo": false])
        #expect(query.string("recordsCount") == "1" && query.json["userInfo"] == nil, "\(query.text)")
        #expect(admin("POST", "accounts:query", [:]).objects("userInfo").map { $0["localId"] as? String } == ["a"])

        let legacy = "/www.googleapis.com/identitytoolkit/v3/relyingparty/"
        let upload = harness.send(
            "POST", legacy + "uploadAccount", key: nil,
            body: FaceHarness.json(["users": [["localId": "d"]], "targetProjectId": project]), headers: Self.owner)
        #expect(upload.status == 200 && upload.json["error"] == nil, "\(upload.text)")
        let download = harness.send(
            "POST", legacy + "downloadAccount", key: nil, body: FaceHarness.json(["targetProjectId": project]),
            headers: Self.owner)
        #expect(download.objects("users").compactMap { $0["localId"] as? String } == ["a", "d"], "\(download.text)")
        let elsewhere = harness.send(
            "POST", legacy + "downloadAccount", key: nil, body: FaceHarness.json(["targetProjectId": "demo-other"]),
            headers: Self.owner)
        #expect(elsewhere.errorCode == "PROJECT_NOT_FOUND", "\(elsewhere.text)")
    }

    @Test("batchCreate with password hashes: the original password signs in; a bad algorithm or parameter is refused")
    func hashed() throws {
        // HMAC-SHA256 under the key "secret-key" of "correct horse 1" and the salt "NaCl-salt", both orders, made
        // with Python's hmac; base64url with padding, as the Admin SDKs send it.
        func users(_ uid: String, _ hash: String) -> [[String: Any]] {
            [["localId": uid, "email": "\(uid)@example.com", "passwordHash": hash, "salt": "TmFDbC1zYWx0"]]
        }
        let created = admin(
            "POST", "accounts:batchCreate",
            [
                "hashAlgorithm": "HMAC_SHA256", "signerKey": "c2VjcmV0LWtleQ==",
                "users": users("h", "eeYET5xE7qA_VbZ7O-BACD2VQ3je8ZwAQUmx_ssdb_s="),
            ])
        #expect(created.status == 200 && created.json["error"] == nil, "\(created.text)")
        let reordered = admin(
            "POST", "accounts:batchCreate",
            [
                "hashAlgorithm": "HMAC_SHA256", "signerKey": "c2VjcmV0LWtleQ==",
                "passwordHashOrder": "SALT_AND_PASSWORD",
                "users": users("s", "4gbdk3BOdDW6KO61t_B9UZOjD9oWe9bhT-NAVUfx7r4="),
            ])
        #expect(reordered.status == 200 && reordered.json["error"] == nil, "\(reordered.text)")
        for uid in ["h", "s"] {
            let signIn = harness.accounts(
                "signInWithPassword",
                ["email": "\(uid)@example.com", "password": "correct horse 1", "returnSecureToken": true])
            #expect(signIn.string("localId") == uid, "\(signIn.text)")
        }

        let entry = users("x", "eeYET5xE7qA_VbZ7O-BACD2VQ3je8ZwAQUmx_ssdb_s=")
        #expect(admin("POST", "accounts:batchCreate", ["users": entry]).errorCode == "INVALID_HASH_ALGORITHM")
        #expect(
            admin("POST", "accounts:batchCreate", ["hashAlgorithm": "ROT13", "users": entry]).errorCode
                == "INVALID_HASH_ALGORITHM")
        #expect(
            admin("POST", "accounts:batchCreate", ["hashAlgorithm": "HMAC_SHA256", "users": entry]).errorCode
                == "INVALID_HASH_KEY")
        #expect(
            admin(
                "POST", "accounts:batchCreate",
                [
                    "hashAlgorithm": "SCRYPT", "signerKey": "c2VjcmV0LWtleQ==", "rounds": 8, "memoryCost": 20,
                    "users": entry,
                ]
            )
            .errorCode == "INVALID_HASH_MEMORY_COST")
        #expect(
            admin(
                "POST", "accounts:batchCreate",
                ["hashAlgorithm": "MD5", "passwordHashOrder": "BACKWARDS", "users": entry]
            ).errorCode == "INVALID_ARGUMENT")
        #expect(
            admin("POST", "accounts:batchCreate", ["hashAlgorithm": "MD5", "users": users("x", "not base64!")])
                .errorCode == "INVALID_ARGUMENT")
        #expect(try harness.service.account(uid: "x") == nil)
    }
}
