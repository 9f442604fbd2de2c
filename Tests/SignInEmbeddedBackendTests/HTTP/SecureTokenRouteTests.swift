import Foundation
import SignInData
import SignInEmbeddedBackend
import SignInEmulator
import SignInJOSE
import SignInTesting
import Testing

@Suite("EmbeddedHTTPFace: securetoken.googleapis.com/v1/token")
struct SecureTokenRouteTests {
    @Test("a form-encoded refresh answers Google's snake_case fields, numbers as strings")
    func refresh() throws {
        let harness = FaceHarness()
        let created = harness.signUp()
        let refreshToken = try #require(created.string("refreshToken"))
        let reply = harness.token(form: "grant_type=refresh_token&refresh_token=\(refreshToken)")
        #expect(reply.status == 200)
        #expect(
            reply.keys == [
                "access_token", "expires_in", "id_token", "project_id", "refresh_token", "token_type", "user_id",
            ])
        #expect(reply.string("expires_in") == "3600")
        #expect(reply.string("token_type") == "Bearer")
        #expect(reply.string("user_id") == created.string("localId"))
        #expect(reply.string("project_id") == "demo-signin")
        #expect(reply.string("access_token") == reply.string("id_token"))
        #expect(reply.string("refresh_token") != refreshToken)
        #expect(harness.accounts("lookup", ["idToken": reply.string("id_token") ?? ""]).status == 200)
    }

    @Test("rotation: the refresh token sent stops working; soon after it is a race, later it revokes the chain")
    func rotation() throws {
        let harness = FaceHarness()
        let old = try #require(harness.signUp().string("refreshToken"))
        let first = harness.token(form: "grant_type=refresh_token&refresh_token=\(old)")
        let successor = try #require(first.string("refresh_token"))
        let race = harness.token(form: "grant_type=refresh_token&refresh_token=\(old)")
        #expect(race.status == 400)
        #expect(race.errorCode == "REFRESH_TOKEN_ALREADY_ROTATED")
        harness.clock.advance(by: 61)
        let theft = harness.token(form: "grant_type=refresh_token&refresh_token=\(old)")
        #expect(theft.errorCode == "INVALID_REFRESH_TOKEN")
        let victim = harness.token(form: "grant_type=refresh_token&refresh_token=\(successor)")
        #expect(victim.errorCode == "INVALID_REFRESH_TOKEN")
    }

    @Test("a JSON body with the same two fields is accepted too")
    func jsonBody() throws {
        let harness = FaceHarness()
        let refreshToken = try #require(harness.signUp().string("refreshToken"))
        let body = FaceHarness.json(["grant_type": "refresh_token", "refresh_token": refreshToken])
        let reply = harness.send(
            "POST", "/securetoken.googleapis.com/v1/token", body: body, headers: ["Content-Type": "application/json"])
        #expect(reply.status == 200)
        #expect(reply.string("token_type") == "Bearer")
    }

    @Test(
        "a missing grant_type is MISSING_GRANT_TYPE, another INVALID_GRANT_TYPE; a missing refresh_token is MISSING_REFRESH_TOKEN",
        arguments: [
            ("refresh_token=r.x", "MISSING_GRANT_TYPE"),
            ("grant_type=authorization_code&refresh_token=r.x", "INVALID_GRANT_TYPE"),
            ("grant_type=refresh_token", "MISSING_REFRESH_TOKEN"),
            ("grant_type=refresh_token&refresh_token=", "MISSING_REFRESH_TOKEN"),
            ("grant_type=refresh_token&refresh_token=r.unknown", "INVALID_REFRESH_TOKEN"),
            ("", "MISSING_GRANT_TYPE"),
        ])
    func refusals(form: String, code: String) {
        let reply = FaceHarness().token(form: form)
        #expect(reply.status == 400)
        #expect(reply.errorCode == code)
    }

    @Test("the token endpoint needs the API key and POST, as the Identity Toolkit does")
    func keyAndMethod() {
        let harness = FaceHarness()
        #expect(harness.token(form: "grant_type=refresh_token&refresh_token=r.x", key: nil).status == 403)
        #expect(harness.send("GET", "/securetoken.googleapis.com/v1/token").status == 405)
    }
}
