import Foundation
import SignInData
import SignInDomain
import Testing

/// Multi-tenant issuers (Microsoft Entra ID's `common` and `organizations`): the discovery document names
/// `…/{tenantid}/v2.0`, and each token's `iss` must be that template filled with the token's own `tid`.
@Suite("OpenID Connect issuer templates")
struct IssuerTemplateTests {
    static let template = "https://login.microsoftonline.com/{tenantid}/v2.0"
    static let common = "https://login.microsoftonline.com/common/v2.0"
    static let tenant = "9188040d-6c67-4c5b-b112-36a304b66dad"
    static let tenantIssuer = "https://login.microsoftonline.com/\(tenant)/v2.0"

    func document(issuer: String = template) throws -> Data {
        let base = "https://login.microsoftonline.com/common/oauth2/v2.0"
        return try JSONSerialization.data(withJSONObject: [
            "issuer": issuer, "authorization_endpoint": base + "/authorize", "token_endpoint": base + "/token",
            "jwks_uri": "https://login.microsoftonline.com/common/discovery/v2.0/keys",
            "response_types_supported": ["code", "id_token"],
        ])
    }

    func request(registered: String = common, documentIssuer: String = template) throws -> OpenIDAuthorizationRequest {
        let provider = try OpenIDConnectProvider(name: "entra", issuer: registered, clientID: "app")
        return OpenIDAuthorizationRequest(
            provider: provider,
            metadata: try OpenIDProviderMetadata(json: try document(issuer: documentIssuer), issuer: registered),
            redirectURI: "http://127.0.0.1:5000/callback", state: "good", hashedNonce: "abc", codeChallenge: "xyz")
    }

    /// An unsigned token with `claims` (the client checks claims; the signature is the backend's).
    func token(_ claims: [String: Any]) throws -> Secret {
        func encoded(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let header = encoded(Data(#"{"alg":"RS256","typ":"JWT"}"#.utf8))
        return Secret(header + "." + encoded(try JSONSerialization.data(withJSONObject: claims)) + ".c2ln")
    }

    func claims(iss: String = tenantIssuer, tid: String? = tenant) -> [String: Any] {
        var claims: [String: Any] = ["iss": iss, "aud": "app", "sub": "u", "exp": 2_000_000_000, "nonce": "abc"]
        claims["tid"] = tid
        return claims
    }

    @Test("a template fills its one placeholder with a tenant id, and with nothing that could move the address")
    func template() throws {
        let template = try #require(IssuerTemplate(Self.template))
        #expect(template.issuer(forTenant: Self.tenant) == Self.tenantIssuer)
        for bad in ["", "a/b", "a?b", "a#b", "a b", "ü", "..%2F", String(repeating: "a", count: 65)] {
            #expect(template.issuer(forTenant: bad) == nil, "\(bad)")
        }
        #expect(IssuerTemplate(Self.common) == nil)
        #expect(IssuerTemplate("https://x.example/{tenantid}/{tenantid}") == nil)
        #expect(template.acceptsSomeTenant(Self.common) && template.acceptsSomeTenant(Self.tenantIssuer))
        for other in [
            "https://login.microsoftonline.com//v2.0", "https://login.microsoftonline.com/a/b/v2.0",
            "https://evil.example/common/v2.0", "https://login.microsoftonline.com/common/v2.0/x",
        ] {
            #expect(!template.acceptsSomeTenant(other), "\(other)")
        }
    }

    @Test("discovery: a template is accepted for the registered issuer of one of its tenants, and for nothing else")
    func discovery() throws {
        let metadata = try OpenIDProviderMetadata(json: try document(), issuer: Self.common)
        #expect(metadata.issuer == Self.template && metadata.issuerTemplate?.template == Self.template)
        let organizations = "https://login.microsoftonline.com/organizations/v2.0"
        #expect(try OpenIDProviderMetadata(json: try document(), issuer: organizations).issuerTemplate != nil)
        for registered in ["https://evil.example/common/v2.0", "https://login.microsoftonline.com/common/v2.0/x"] {
            #expect(throws: OpenIDConnectFailure.issuerMismatch) {
                try OpenIDProviderMetadata(json: try document(), issuer: registered)
            }
        }
    }

    @Test("the ID token: its iss must be the template filled with its own tid")
    func idToken() throws {
        let request = try request()
        let now = Date(timeIntervalSince1970: 1_900_000_000)
        try OpenIDIDTokenCheck.check(try token(claims()), for: request, now: now)
        let other = "72f988bf-86f1-41af-91ab-2d7cd011db47"
        for refused in [
            claims(tid: other), claims(tid: nil), claims(tid: "\(Self.tenant)/v2.0/x"),
            claims(iss: "https://login.microsoftonline.com/\(other)/v2.0"),
            claims(iss: "https://evil.example/\(Self.tenant)/v2.0"),
        ] {
            #expect(throws: AuthError.invalidIdentityToken(.wrongIssuer)) {
                try OpenIDIDTokenCheck.check(try token(refused), for: request, now: now)
            }
        }
        // A provider with one issuer takes no tenant's: the template comes from its own document only.
        let single = try self.request(registered: Self.common, documentIssuer: Self.common)
        #expect(throws: AuthError.invalidIdentityToken(.wrongIssuer)) {
            try OpenIDIDTokenCheck.check(try token(claims()), for: single, now: now)
        }
    }

    @Test("the redirect's iss (RFC 9207) may name any one tenant of the template, and nothing else")
    func redirect() throws {
        let request = try request()
        func code(_ iss: String) throws(AuthError) -> String? {
            let query =
                "code=c1&state=good&iss=" + (iss.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            return try request.code(
                from: URL(string: "http://127.0.0.1:5000/callback?" + query) ?? URL(fileURLWithPath: "/"))
        }
        #expect(try code(Self.tenantIssuer) == "c1")
        #expect(throws: AuthError.openIDConnect(request.provider.type, .issuerMismatch)) {
            try code("https://evil.example/\(Self.tenant)/v2.0")
        }
    }
}
