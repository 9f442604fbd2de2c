import Foundation
import SignInCrypto
import SignInData
import SignInEmbeddedBackend
import SignInJOSE
import SignInTesting
import Testing

@testable import SignInEmulator

/// Tenants over HTTP: each a backend of its own, named by a request's path, body or token, managed through the Admin
/// API v2, with Firebase's sign-in settings enforced by the tenant's backend.
@Suite("EmbeddedHTTPFace: tenants")
struct TenantRouteTests {
    let harness: FaceHarness
    let face: EmbeddedHTTPFace
    let owner = ["Content-Type": "application/json", "Authorization": "Bearer owner"]

    init() {
        harness = FaceHarness()
        var face = harness.face
        let configuration = harness.base.configuration
        let clock = harness.clock
        face.tenants = TenantDirectory(random: SeededRandomBytes(seed: 7)) { id in
            var tenant = configuration
            tenant.tenantID = id
            return EmbeddedBackend.inMemory(configuration: tenant, clock: clock, random: SeededRandomBytes(seed: 8))
        }
        self.face = face
    }

    var project: String { harness.base.configuration.projectID }

    func send(_ method: String, _ path: String, _ body: [String: Any]? = nil, key: String? = FaceHarness.apiKey)
        -> Reply
    {
        let query = key.map { "?key=\($0)" } ?? ""
        let url = URL(string: FaceHarness.origin + path + query) ?? URL(fileURLWithPath: "/")
        let request = HTTPRequest(method: method, url: url, headers: owner, body: body.map(FaceHarness.json))
        return Reply(face.handle(request))
    }

    func accounts(_ call: String, _ body: [String: Any]) -> Reply {
        let query = "?key=\(FaceHarness.apiKey)"
        let url = URL(string: FaceHarness.origin + "/identitytoolkit.googleapis.com/v1/accounts:\(call)" + query)
        let request = HTTPRequest(
            method: "POST", url: url ?? URL(fileURLWithPath: "/"), headers: ["Content-Type": "application/json"],
            body: FaceHarness.json(body))
        return Reply(face.handle(request))
    }

    func createTenant(_ settings: [String: Any]) throws -> String {
        let reply = send("POST", "/identitytoolkit.googleapis.com/v2/projects/\(project)/tenants", settings)
        #expect(reply.status == 200, "\(reply.text)")
        return try #require(reply.string("tenantId"))
    }

    func tenantClaim(_ idToken: String?) throws -> String? {
        let parts = try #require(JWS.parse(idToken ?? ""))
        return try #require(TokenJSON.sessionClaims(from: parts.payload)).tenant
    }

    @Test("a tenant's accounts are its own: one email twice, tokens that name their tenant and reach no other")
    func isolation() throws {
        let tenant = try createTenant(["allowPasswordSignup": true])
        let credentials: [String: Any] = ["email": "jane@example.com", "password": "correct horse 1"]
        let inProject = accounts("signUp", credentials)
        let inTenant = accounts("signUp", credentials.merging(["tenantId": tenant]) { $1 })
        #expect(inProject.status == 200 && inTenant.status == 200, "\(inTenant.text)")
        #expect(inTenant.string("tenantId") == tenant)
        #expect(try tenantClaim(inProject.string("idToken")) == nil)
        #expect(try tenantClaim(inTenant.string("idToken")) == tenant)

        // The token alone finds its tenant; each user record names it.
        let lookup = accounts("lookup", ["idToken": inTenant.string("idToken") ?? ""])
        #expect(lookup.objects("users").first?["localId"] as? String == inTenant.string("localId"), "\(lookup.text)")
        #expect(lookup.objects("users").first?["tenantId"] as? String == tenant)
        // A tenant's token with another tenant named, in the body or the path, is refused before anything is read.
        let other = try createTenant(["allowPasswordSignup": true])
        let mismatch = accounts("lookup", ["idToken": inTenant.string("idToken") ?? "", "tenantId": other])
        #expect(mismatch.errorCode == "TENANT_ID_MISMATCH", "\(mismatch.text)")
        let inPath = send(
            "POST", "/identitytoolkit.googleapis.com/v1/projects/\(project)/tenants/\(other)/accounts:lookup",
            ["idToken": inTenant.string("idToken") ?? ""], key: nil)
        #expect(inPath.errorCode == "TENANT_ID_MISMATCH", "\(inPath.text)")
        // The project's password does not sign in to the tenant's account, nor the other way round.
        let wrongSide = accounts(
            "signInWithPassword", ["email": "jane@example.com", "password": "correct horse 1", "tenantId": other])
        #expect(wrongSide.status == 400, "\(wrongSide.text)")

        // A tenant's refresh token refreshes in its tenant.
        let refresh = harness.face.handle(
            HTTPRequest(
                method: "POST",
                url: URL(string: FaceHarness.origin + "/securetoken.googleapis.com/v1/token?key=k")
                    ?? URL(fileURLWithPath: "/"),
                headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data("grant_type=refresh_token&refresh_token=\(inTenant.string("refreshToken") ?? "")".utf8)))
        #expect(refresh.status == 400, "the project alone does not know a tenant's refresh token")
        let refreshed = Reply(
            face.handle(
                HTTPRequest(
                    method: "POST",
                    url: URL(string: FaceHarness.origin + "/securetoken.googleapis.com/v1/token?key=k")
                        ?? URL(fileURLWithPath: "/"),
                    headers: ["Content-Type": "application/x-www-form-urlencoded"],
                    body: Data("grant_type=refresh_token&refresh_token=\(inTenant.string("refreshToken") ?? "")".utf8))
            ))
        #expect(refreshed.status == 200, "\(refreshed.text)")
        #expect(try tenantClaim(refreshed.string("id_token")) == tenant)

        // Deleting the tenant deletes its accounts: its token now names a tenant that does not exist.
        #expect(
            send("DELETE", "/identitytoolkit.googleapis.com/v2/projects/\(project)/tenants/\(tenant)").status == 200)
        let gone = accounts("lookup", ["idToken": inTenant.string("idToken") ?? ""])
        #expect(gone.errorCode == "TENANT_NOT_FOUND", "\(gone.text)")
        #expect(accounts("lookup", ["idToken": inProject.string("idToken") ?? ""]).status == 200)
    }

    @Test(
        "a tenant's settings hold in its backend: sign-in off, passwords, guests, email links, second factors, phones")
    func settings() throws {
        let off = try createTenant([:])
        let cases: [(String, [String: Any], String)] = [
            ("signUp", ["email": "a@example.com", "password": "correct horse 1"], "OPERATION_NOT_ALLOWED"),
            ("signInWithPassword", [:], "PASSWORD_LOGIN_DISABLED"),
            ("resetPassword", [:], "PASSWORD_LOGIN_DISABLED"),
            ("signUp", [:], "ADMIN_ONLY_OPERATION"),
            ("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "a@example.com"], "OPERATION_NOT_ALLOWED"),
            ("signInWithEmailLink", [:], "OPERATION_NOT_ALLOWED"),
            ("sendVerificationCode", ["phoneNumber": "+15555550100"], "UNSUPPORTED_TENANT_OPERATION"),
        ]
        for (call, body, code) in cases {
            let reply = accounts(call, body.merging(["tenantId": off]) { $1 })
            #expect(reply.status == 400 && reply.errorCode == code, "\(call): \(reply.text)")
        }
        let mfa = send(
            "POST", "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start", ["tenantId": off])
        #expect(mfa.errorCode == "OPERATION_NOT_ALLOWED", "\(mfa.text)")

        let disabled = try createTenant(["disableAuth": true, "allowPasswordSignup": true, "enableAnonymousUser": true])
        for call in ["signUp", "signInWithPassword", "lookup", "delete", "signInWithCustomToken"] {
            let reply = accounts(call, ["tenantId": disabled])
            #expect(reply.errorCode == "PROJECT_DISABLED", "\(call): \(reply.text)")
        }
        // The project itself is untouched by its tenants' settings.
        #expect(accounts("signUp", [:]).status == 200)
    }

    @Test("an unknown tenant is TENANT_NOT_FOUND, unless the directory makes named tenants as Google's emulator does")
    func unknownTenant() {
        let reply = accounts("signUp", ["tenantId": "nobody"])
        #expect(reply.errorCode == "TENANT_NOT_FOUND", "\(reply.text)")
        var lenient = face
        lenient.tenants = TenantDirectory(createsNamedTenants: true) { id in
            var configuration = BackendHarness.fastConfiguration
            configuration.tenantID = id
            return EmbeddedBackend.inMemory(configuration: configuration)
        }
        let url = URL(string: FaceHarness.origin + "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k")
        let made = Reply(
            lenient.handle(
                HTTPRequest(
                    method: "POST", url: url ?? URL(fileURLWithPath: "/"), headers: [:],
                    body: FaceHarness.json(["tenantId": "named-here"]))))
        #expect(made.status == 200 && made.string("tenantId") == "named-here", "\(made.text)")
        let bad = Reply(
            lenient.handle(
                HTTPRequest(
                    method: "POST", url: url ?? URL(fileURLWithPath: "/"), headers: [:],
                    body: FaceHarness.json(["tenantId": "not/a.tenant"]))))
        #expect(bad.errorCode == "TENANT_NOT_FOUND", "an id that cannot name a tenant is never made: \(bad.text)")
    }

    @Test("tenant management: pages by id, masks that name fields, an empty mask back to defaults, the owner only")
    func management() throws {
        let path = "/identitytoolkit.googleapis.com/v2/projects/\(project)/tenants"
        let first = try createTenant(["displayName": "one", "mfaConfig": ["enabledProviders": ["PHONE_SMS"]]])
        let second = try createTenant([:])
        let ids = [first, second].sorted()
        let page = send("GET", path + "?pageSize=1", key: nil)
        #expect(page.objects("tenants").map { $0["tenantId"] as? String } == [ids[0]], "\(page.text)")
        let token = try #require(page.string("nextPageToken"))
        let next = send("GET", path + "?pageToken=\(token)", key: nil)
        #expect(next.objects("tenants").map { $0["tenantId"] as? String } == [ids[1]], "\(next.text)")
        #expect(next.string("nextPageToken") == nil)

        let masked = send(
            "PATCH", path + "/\(first)?updateMask=displayName.0,mfaConfig.enabledProviders.x,allowPasswordSignup",
            ["displayName": "unused", "mfaConfig": ["enabledProviders": []], "allowPasswordSignup": true], key: nil)
        #expect(masked.string("displayName") == "one", "\(masked.text)")
        #expect(masked.object("mfaConfig")?["enabledProviders"] as? [String] == ["PHONE_SMS"])
        #expect(masked.bool("allowPasswordSignup") == true)
        let reset = send("PATCH", path + "/\(first)", [:], key: nil)
        #expect(reset.string("displayName") == nil && reset.bool("allowPasswordSignup") == false, "\(reset.text)")
        #expect(reset.object("mfaConfig")?["state"] as? String == "DISABLED")

        let anonymous = Reply(
            face.handle(
                HTTPRequest(
                    method: "GET", url: URL(string: FaceHarness.origin + path) ?? URL(fileURLWithPath: "/"),
                    headers: [:], body: nil)))
        #expect(anonymous.status == 401, "\(anonymous.text)")
    }
}
