import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInTesting
import Testing

@testable import SignInEmulator

/// Firebase's action links: a mailed code's link as Firebase writes it (`mode`, `oobCode`, `apiKey`, `continueUrl`,
/// `lang`, and `tenantId` for a tenant's), when the face writes them, and `requestType` as a protocol buffer number.
@Suite("EmbeddedHTTPFace: Firebase's action links")
struct ActionLinkTests {
    let owner = ["Content-Type": "application/json", "Authorization": "Bearer owner"]

    /// The query items of `link`, by name (each name once).
    func items(_ link: String?) throws -> [String: String] {
        let text = try #require(link)
        let components = try #require(URLComponents(string: text))
        return Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { first, _ in first }
    }

    func adminLink(_ harness: FaceHarness, _ body: [String: Any]) -> Reply {
        harness.send(
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode", key: nil,
            body: FaceHarness.json(body.merging(["returnOobLink": true]) { $1 }), headers: owner)
    }

    @Test("the codes the emulator lists come in action links at the face's origin, one mode per kind of code")
    func listedLinks() throws {
        let harness = FaceHarness { $0.writesActionLinks = true }
        _ = harness.signUp("jane@example.com", "correct horse 1")
        #expect(
            harness.accounts("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "jane@example.com"]).status
                == 200)
        #expect(
            harness.accounts("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "new@example.com"]).status == 200)
        let listed = harness.call("GET", "/emulator/v1/projects/\(harness.base.configuration.projectID)/oobCodes")
        let codes = listed.objects("oobCodes")
        #expect(codes.count == 2, "\(listed.text)")
        for code in codes {
            let link = try #require(code["oobLink"] as? String)
            #expect(link.hasPrefix(FaceHarness.origin + "/emulator/action?"), "\(link)")
            let query = try items(link)
            #expect(query["oobCode"] == code["oobCode"] as? String && query["apiKey"] == "fake-api-key")
            #expect(query["lang"] == "en" && query["tenantId"] == nil)
            let mode = code["requestType"] as? String == "PASSWORD_RESET" ? "resetPassword" : "signIn"
            #expect(query["mode"] == mode, "\(link)")
        }
        // The code in the link works where Firebase's clients send it.
        let reset = try #require(codes.first { $0["requestType"] as? String == "PASSWORD_RESET" })
        let applied = harness.accounts(
            "resetPassword",
            ["oobCode": try items(reset["oobLink"] as? String)["oobCode"] ?? "", "newPassword": "new horse 2"])
        #expect(applied.status == 200, "\(applied.text)")
    }

    @Test("an administrator's link: requestType by name or number, continueUrl kept, EMAIL_SIGNIN signs in once")
    func administratorLinks() throws {
        let harness = FaceHarness { $0.writesActionLinks = true }
        let link = adminLink(
            harness, ["requestType": 6, "email": "bob@example.com", "continueUrl": "https://app.example/done?x=1+2"])
        let query = try items(link.string("oobLink"))
        #expect(query["mode"] == "signIn" && query["continueUrl"] == "https://app.example/done?x=1+2", "\(link.text)")
        #expect(query["oobCode"] == link.string("oobCode"))
        #expect(try harness.base.backend.outbox.messages().isEmpty, "an administrator's link mails nothing")
        let signIn = ["email": "bob@example.com", "oobCode": query["oobCode"] ?? ""]
        let signedIn = harness.accounts("signInWithEmailLink", signIn)
        #expect(signedIn.status == 200 && signedIn.string("email") == "bob@example.com", "\(signedIn.text)")
        #expect(harness.accounts("signInWithEmailLink", signIn).errorCode == "INVALID_OOB_CODE", "once only")

        _ = harness.signUp("jane@example.com", "correct horse 1")
        let reset = adminLink(harness, ["requestType": 1, "email": "jane@example.com"])
        #expect(try items(reset.string("oobLink"))["mode"] == "resetPassword", "\(reset.text)")
        #expect(adminLink(harness, ["requestType": 99, "email": "jane@example.com"]).errorCode == "INVALID_JSON")
        #expect(adminLink(harness, ["requestType": 5, "email": "jane@example.com"]).errorCode == "INVALID_REQ_TYPE")
        #expect(
            adminLink(harness, ["requestType": "EMAIL_SIGNIN", "email": "a@example.com", "continueUrl": "nohost"])
                .errorCode == "INVALID_CONTINUE_URI")
    }

    @Test("by default a face shows the backend's own deep links; a tenant's action links name the tenant")
    func deepLinksAndTenants() throws {
        let plain = FaceHarness()
        _ = plain.signUp("jane@example.com", "correct horse 1")
        let own = adminLink(plain, ["requestType": "PASSWORD_RESET", "email": "jane@example.com"])
        #expect(own.string("oobLink")?.hasPrefix("signin-demo://") == true, "\(own.text)")

        var face = EmbeddedHTTPFace(
            backend: .inMemory(
                configuration: {
                    var configuration = BackendHarness.fastConfiguration
                    configuration.tenantID = "tenant-a1"
                    return configuration
                }()))
        face.writesActionLinks = true
        let link = face.actionLink(code: "abc", purpose: .recoverEmail, origin: "http://127.0.0.1:9099")
        let query = try items(link)
        #expect(query["tenantId"] == "tenant-a1" && query["mode"] == "recoverEmail" && query["oobCode"] == "abc")
    }

    @Test("a link's origin is the Host the request was sent to, with its port; a Host no host could be is not used")
    func origins() throws {
        let url = try #require(URL(string: "http://127.0.0.1/emulator/v1/projects/p/oobCodes"))
        let request = { (host: String) in HTTPRequest(method: "GET", url: url, headers: ["Host": host]) }
        #expect(EmbeddedHTTPFace.origin(of: request("127.0.0.1:9099")) == "http://127.0.0.1:9099")
        #expect(EmbeddedHTTPFace.origin(of: request("[::1]:4000")) == "http://[::1]:4000")
        #expect(EmbeddedHTTPFace.origin(of: request("evil.example/x?y")) == "http://127.0.0.1")
        #expect(EmbeddedHTTPFace.origin(of: HTTPRequest(method: "GET", url: url)) == "http://127.0.0.1")
    }
}
