import Foundation
import SignInCrypto
import SignInData
import SignInDemoTrace
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInEmulator
import SignInTesting
import Testing

@Suite("EmbeddedHTTPFace: keys, methods, bodies, paths, the app's API, and what a response never shows")
struct HTTPFaceProtocolTests {
    static let signUpPath = "/identitytoolkit.googleapis.com/v1/accounts:signUp"

    @Test(
        "a call without a key, or with an empty one, is 403 MISSING_API_KEY; any non-empty key, in the query or the x-goog-api-key header, is accepted"
    )
    func apiKey() throws {
        let harness = FaceHarness()
        let body: [String: Any] = ["returnSecureToken": true]
        let missing = harness.accounts("signUp", body, key: nil)
        #expect(missing.status == 403)
        #expect(missing.errorMessage?.hasPrefix("MISSING_API_KEY") == true)
        #expect(missing.object("error")?["code"] as? Int == 403)
        #expect(harness.accounts("signUp", body, key: "").status == 403)
        #expect(harness.accounts("signUp", body, key: "anything-at-all").status == 200)
        let inHeader = harness.send(
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp", key: nil, body: FaceHarness.json(body),
            headers: ["Content-Type": "application/json", "X-Goog-Api-Key": "header-key"])
        #expect(inHeader.status == 200, "\(inHeader.text)")
        let emptyHeader = harness.send(
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp", key: nil, body: FaceHarness.json(body),
            headers: ["x-goog-api-key": ""])
        #expect(emptyHeader.status == 403)
        #expect(try harness.service.snapshot().accounts.count == 2)
    }

    @Test(
        "a method other than POST is 405 in the envelope, with Allow: POST",
        arguments: ["GET", "PUT", "DELETE", "post"])
    func wrongMethod(method: String) {
        let harness = FaceHarness()
        let reply = harness.send(method, Self.signUpPath, body: FaceHarness.json(["returnSecureToken": true]))
        #expect(reply.status == 405)
        #expect(reply.headers["Allow"] == "POST")
        #expect(reply.object("error")?["code"] as? Int == 405)
    }

    @Test(
        "a body that is not a JSON object, or a field of the wrong type, is 400 INVALID_JSON",
        arguments: [
            "not json", "", "[1, 2]", "\"a string\"", "null", "{\"email\": 5, \"password\": \"correct horse 1\"}",
            "{\"returnSecureToken\": \"true\"}", "{\"email\": \"a@b.co\", \"password\": [\"x\"]}", "{\"x\": 1e400}",
        ])
    func invalidJSON(body: String) throws {
        let harness = FaceHarness()
        let reply = harness.send("POST", Self.signUpPath, body: Data(body.utf8))
        #expect(reply.status == 400)
        #expect(reply.errorCode == "INVALID_JSON")
        #expect(try harness.service.snapshot().accounts.isEmpty)
    }

    @Test(
        "a key named twice in one object is 400 INVALID_JSON and changes nothing, escaped or nested too",
        arguments: [
            #"{"email": "a@b.co", "email": "c@d.co", "password": "correct horse 1"}"#,
            #"{"email": "a@b.co", "\u0065mail": "c@d.co", "password": "correct horse 1"}"#,
            #"{"email": "a@b.co", "password": "correct horse 1", "x": {"k": 1, "k": 2}}"#,
            #"{"email": "a@b.co", "password": "correct horse 1", "x": [{"k": 1}, {"k": 2, "k": 3}]}"#,
        ])
    func duplicateKeys(body: String) throws {
        let harness = FaceHarness()
        let reply = harness.send("POST", Self.signUpPath, body: Data(body.utf8))
        #expect(reply.status == 400 && reply.errorCode == "INVALID_JSON", "\(reply.text)")
        #expect(try harness.service.snapshot().accounts.isEmpty)
    }

    @Test("the same key in different objects, or a value that looks like a key, is not a duplicate")
    func notDuplicates() {
        let harness = FaceHarness()
        let body =
            #"{"email": "a@b.co", "password": "email \" \"password\": {", "x": [{"k": 1}, {"k": 2}], "y": {"email": 1}}"#
        #expect(harness.send("POST", Self.signUpPath, body: Data(body.utf8)).status == 200)
    }

    @Test("unknown fields are ignored; a tenantId names a tenant, which a face that keeps none does not have")
    func unknownFieldsIgnored() {
        let reply = FaceHarness().accounts(
            "signUp", ["returnSecureToken": true, "clientType": "CLIENT_TYPE_IOS", "x": ["y": [1, 2]]])
        #expect(reply.status == 200)
        let tenant = FaceHarness().accounts("signUp", ["returnSecureToken": true, "tenantId": "tenant-1"])
        #expect(tenant.status == 400 && tenant.errorCode == "TENANT_NOT_FOUND", "\(tenant.text)")
    }

    @Test("the path is percent-decoded before it is matched; the scheme and host do not matter")
    func percentDecodedPath() throws {
        let harness = FaceHarness()
        let url = try #require(
            URL(string: "https://anything.invalid:1234/identitytoolkit.googleapis.com/v1/accounts%3AsignUp?key=k"))
        let reply = Reply(
            harness.face.handle(
                HTTPRequest(method: "POST", url: url, body: FaceHarness.json(["returnSecureToken": true]))))
        #expect(reply.status == 200)
        #expect(reply.string("kind") == "identitytoolkit#SignupNewUserResponse")
    }

    @Test(
        "an unknown path is 404 NOT_FOUND in the envelope",
        arguments: [
            "/identitytoolkit.googleapis.com/v1/accounts:nothing", "/identitytoolkit.googleapis.com/v2/accounts:signUp",
            "/identitytoolkit.googleapis.com/v1/", "/nothing", "/securetoken.googleapis.com/v1/token/extra",
            "/emulator/v1/projects/p/oobCodes/extra", "/embedded/v1/apple/nothing", "/v1x/me",
        ])
    func unknownPath(path: String) {
        let reply = FaceHarness().send("POST", path)
        #expect(reply.status == 404)
        #expect(reply.errorCode == "NOT_FOUND")
        #expect(reply.object("error")?["status"] as? String == "NOT_FOUND")
    }

    @Test("GET /v1/me goes to the app's API unchanged: a face-issued ID token is accepted, none is 401")
    func appAPI() throws {
        let harness = FaceHarness()
        let created = harness.signUp()
        let idToken = try #require(created.string("idToken"))
        let me = harness.send("GET", "/v1/me", key: nil, headers: ["Authorization": "Bearer \(idToken)"])
        #expect(me.status == 200)
        #expect(me.string("uid") == created.string("localId"))
        #expect(me.string("email") == "jane@example.com")
        #expect(me.string("signInProvider") == "password")
        #expect(harness.send("GET", "/v1/me", key: nil).status == 401)
        #expect(
            harness.send("GET", "/v1/notes", key: nil, headers: ["Authorization": "Bearer \(idToken)"]).status == 404)
    }

    @Test("the backend's own failures are 500 INTERNAL with the core's code")
    func internalError() throws {
        var state = EmbeddedBackendState.fresh(random: SeededRandomBytes(seed: 7))
        state.sessionKey = "short"
        let harness = FaceHarness(storage: InMemoryBackendStateStorage(state))
        let reply = harness.accounts("signUp", ["returnSecureToken": true])
        #expect(reply.status == 500)
        #expect(reply.errorCode == "INVALID_KEY")
        #expect(reply.object("error")?["status"] as? String == "INTERNAL")
        #expect(harness.call("GET", "/embedded/v1/apple/account").status == 500)
    }

    @Test("no failed response and no trace step contains the password, raw nonce, token, code or key sent")
    func secretsNeverEchoed() throws {
        let harness = FaceHarness()
        let password = "Pa55word-Secret-Marker-1"
        let rawNonce = "nonce-secret-marker-0123456789"
        let apiKey = "key-secret-marker-0123"
        let created = harness.signUp()
        let refreshToken = try #require(created.string("refreshToken"))
        _ = harness.token(form: "grant_type=refresh_token&refresh_token=\(refreshToken)")
        _ = harness.accounts("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "jane@example.com"])
        let code = try #require(
            harness.call("GET", EmulatorRouteTests.oobCodesPath).objects("oobCodes").first?["oobCode"] as? String)
        _ = harness.accounts("resetPassword", ["oobCode": code, "newPassword": "brand new one 3"])
        let appleToken = try #require(
            harness.appleAuthorization(rawNonce: "the-real-raw-nonce-0123").string("identityToken"))
        let forgedIDToken = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forged-marker"
        let failures: [(Reply, [String])] = [
            (harness.accounts("signInWithPassword", ["email": "jane@example.com", "password": password]), [password]),
            (harness.accounts("signUp", ["email": "not-an-email", "password": password]), [password]),
            (harness.accounts("signUp", ["email": "jane@example.com", "password": password]), [password]),
            (
                harness.signInWithIdp([("providerId", "apple.com"), ("id_token", appleToken), ("nonce", rawNonce)]),
                [rawNonce, appleToken]
            ),
            (harness.token(form: "grant_type=refresh_token&refresh_token=\(refreshToken)"), [refreshToken]),
            (harness.accounts("resetPassword", ["oobCode": code, "newPassword": password]), [code, password]),
            (harness.accounts("lookup", ["idToken": forgedIDToken]), [forgedIDToken]),
            (harness.accounts("update", ["idToken": forgedIDToken, "password": password]), [forgedIDToken, password]),
            (harness.accounts("signInWithPassword", ["email": "x@y.co", "password": password], key: apiKey), [apiKey]),
            (harness.accounts("signUp", ["password": password]), [password]),
            (harness.send("POST", "/identitytoolkit.googleapis.com/v1/accounts:\(password)"), [password]),
        ]
        for (reply, secrets) in failures {
            #expect(reply.status >= 400, "\(reply.text)")
            for secret in secrets { #expect(!reply.text.contains(secret), "\(reply.text)") }
        }
        let traced = harness.tracer.steps.map { "\($0.component) \($0.message)" }.joined(separator: "\n")
        for secret in [password, rawNonce, apiKey, code, refreshToken, forgedIDToken, appleToken] {
            #expect(!traced.contains(secret))
        }
    }

    @Test("each request is one trace step: the route, the status and, when refused, the code")
    func traced() {
        let harness = FaceHarness()
        _ = harness.signUp()
        _ = harness.accounts("signUp", ["returnSecureToken": true], key: nil)
        let steps = harness.tracer.steps.filter { $0.component == "EmbeddedHTTPFace.handle" }
        #expect(steps.count == 2)
        #expect(steps.first?.message.key == "backend.httpAnswered")
        #expect(steps.first?.message.arguments == ["method": "POST", "route": "accounts:signUp", "status": "200"])
        #expect(steps.last?.message.key == "backend.httpRefused")
        #expect(steps.last?.message.arguments["code"] == "MISSING_API_KEY")
        #expect(steps.last?.message.arguments["status"] == "403")
    }

    @Test("EmbeddedHTTPTransport answers with the face, in-process")
    func transport() async throws {
        let harness = FaceHarness()
        let transport = EmbeddedHTTPTransport(face: harness.face)
        let url = try #require(URL(string: FaceHarness.origin + Self.signUpPath))
        let request = HTTPRequest(method: "POST", url: url, body: FaceHarness.json(["returnSecureToken": true]))
        let sent = try await transport.send(request)
        #expect(sent == harness.face.handle(request))
        #expect(sent.status == 403)
        let keyed = try #require(URL(string: FaceHarness.origin + Self.signUpPath + "?key=k"))
        let created = try await transport.send(HTTPRequest(method: "POST", url: keyed, body: request.body))
        #expect(created.status == 200)
    }

    @Test("odd requests never crash the face: each gets a status and a JSON body")
    func robustness() throws {
        let harness = FaceHarness()
        let deep = String(repeating: "[", count: 100_000)
        let huge = "{\"email\": \"" + String(repeating: "a", count: (1 << 20) + 1) + "\"}"
        let bodies: [(String, String, Data?)] = [
            ("POST", Self.signUpPath + "?key=k", Data(deep.utf8)),
            ("POST", Self.signUpPath + "?key=k", Data(huge.utf8)),
            ("POST", Self.signUpPath + "?key=k", Data([0xFF, 0xFE, 0x00, 0x7B])),
            ("POST", Self.signUpPath + "?key=k", nil),
            (
                "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=k",
                FaceHarness.json([
                    "requestUri": "x", "postBody": "%%%&&==&providerId=apple.com&id_token=%ZZ&user=%7B&nonce",
                ])
            ),
            (
                "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=k",
                FaceHarness.json([
                    "requestUri": "x", "postBody": "providerId=apple.com&user=%7B%22name%22%3A%22Jane%22%7D",
                ])
            ),
            (
                "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=k",
                FaceHarness.json(["requestUri": "x", "postBody": 5, "autoCreate": "no"])
            ),
            (
                "POST", "/identitytoolkit.googleapis.com/v1/accounts:update?key=k",
                FaceHarness.json(["idToken": "a.b.c", "deleteProvider": "password"])
            ),
            (
                "POST", "/identitytoolkit.googleapis.com/v1/accounts:update?key=k",
                FaceHarness.json(["idToken": "a.b.c", "deleteProvider": [1, 2]])
            ),
            ("POST", "/securetoken.googleapis.com/v1/token?key=k", Data([0xC3, 0x28, 0x3D])),
            ("POST", "/securetoken.googleapis.com/v1/token?key=k", Data("{\"grant_type\": true}".utf8)),
            ("POST", "/embedded/v1/apple/authorize", Data("null".utf8)),
            ("POST", "/embedded/v1/apple/authorize", Data("{\"wantsName\": 1}".utf8)),
            ("POST", "/embedded/v1/google/signIn", Data("{}".utf8)),
            ("POST", "/embedded/v1/apple/credentialState", nil),
            ("GET", "/%FF%FE", nil),
            ("BREW", "/emulator/v1/projects/p/accounts", nil),
            ("", "", nil),
        ]
        for (method, path, body) in bodies {
            let url = try #require(URL(string: FaceHarness.origin + path), "\(path)")
            let reply = Reply(harness.face.handle(HTTPRequest(method: method, url: url, body: body)))
            #expect([400, 403, 404, 405].contains(reply.status), "\(method) \(path): \(reply.status) \(reply.text)")
            #expect(reply.errorCode != nil, "\(method) \(path): \(reply.text)")
        }
    }
}
