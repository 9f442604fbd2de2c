import Foundation
import SignInData
import SignInDomain
import Testing

@Suite("OpenID Connect: registration, discovery and the authorization request")
struct OpenIDConnectTests {
    @Test("a registration is data: its id is oidc.<name>, openid is always asked for")
    func registration() throws {
        let acme = try OpenIDConnectProvider(
            name: "acme", issuer: "https://login.acme.example/tenant/", clientID: "app", scopes: ["email"])
        #expect(acme.type == ProviderType(rawValue: "oidc.acme"))
        #expect(acme.scopes == ["openid", "email"])
        #expect(
            acme.discoveryURL?.absoluteString
                == "https://login.acme.example/tenant/.well-known/openid-configuration")
        let local = try OpenIDConnectProvider(name: "dev", issuer: "http://127.0.0.1:8000/o", clientID: "app")
        #expect(local.issuer == "http://127.0.0.1:8000/o")
        let decoded = try JSONDecoder().decode(OpenIDConnectProvider.self, from: try JSONEncoder().encode(acme))
        #expect(decoded == acme)
    }

    @Test(
        "an issuer off the loopback must be https, without a query, fragment or user",
        arguments: [
            "http://login.acme.example", "ftp://login.acme.example", "https://login.acme.example?x=1",
            "https://login.acme.example#top", "https://user@login.acme.example", "login.acme.example", "",
        ])
    func refusesIssuer(issuer: String) {
        #expect(throws: OpenIDConnectProvider.RegistrationError.invalidIssuer(issuer)) {
            try OpenIDConnectProvider(name: "acme", issuer: issuer, clientID: "app")
        }
    }

    @Test("a name is 1 to 40 lower-case letters, digits and '-'", arguments: ["", "Acme", "a b", "-x", "é", "a.b"])
    func refusesName(name: String) {
        #expect(throws: OpenIDConnectProvider.RegistrationError.invalidName(name)) {
            try OpenIDConnectProvider(name: name, issuer: "https://login.acme.example", clientID: "app")
        }
    }

    @Test("a registration decoded from a file is checked as one made in code")
    func decodingChecks() {
        let json = Data(#"[{"name":"acme","issuer":"http://evil.example","clientID":"app"}]"#.utf8)
        #expect(throws: (any Error).self) { try JSONDecoder().decode([OpenIDConnectProvider].self, from: json) }
    }

    static let issuer = "https://login.acme.example"

    func document(_ change: (inout [String: Any]) -> Void = { _ in }) throws -> Data {
        var fields: [String: Any] = [
            "issuer": Self.issuer, "authorization_endpoint": Self.issuer + "/authorize?tenant=a",
            "token_endpoint": Self.issuer + "/token", "jwks_uri": Self.issuer + "/jwks",
            "response_types_supported": ["code", "id_token"],
        ]
        change(&fields)
        return try JSONSerialization.data(withJSONObject: fields)
    }

    @Test("discovery: the document must name the registered issuer, exactly")
    func discoveryIssuer() throws {
        #expect(throws: OpenIDConnectFailure.issuerMismatch) {
            try OpenIDProviderMetadata(json: try document { $0["issuer"] = Self.issuer + "/" }, issuer: Self.issuer)
        }
        #expect(throws: OpenIDConnectFailure.issuerMismatch) {
            try OpenIDProviderMetadata(
                json: try document { $0["issuer"] = "https://evil.example" }, issuer: Self.issuer)
        }
        let metadata = try OpenIDProviderMetadata(json: try document(), issuer: Self.issuer)
        #expect(metadata.jwksURI.absoluteString == Self.issuer + "/jwks")
    }

    @Test("discovery: endpoints must be https off the loopback; a missing one, no code flow or no S256 is refused")
    func discoveryEndpoints() throws {
        #expect(throws: OpenIDConnectFailure.insecureEndpoint) {
            try OpenIDProviderMetadata(
                json: try document { $0["token_endpoint"] = "http://login.acme.example/token" }, issuer: Self.issuer)
        }
        #expect(throws: OpenIDConnectFailure.discoveryFailed) {
            try OpenIDProviderMetadata(json: try document { $0["jwks_uri"] = nil }, issuer: Self.issuer)
        }
        #expect(throws: OpenIDConnectFailure.discoveryFailed) {
            try OpenIDProviderMetadata(
                json: try document { $0["response_types_supported"] = ["id_token"] }, issuer: Self.issuer)
        }
        #expect(throws: OpenIDConnectFailure.discoveryFailed) {
            try OpenIDProviderMetadata(json: Data("not json".utf8), issuer: Self.issuer)
        }
        #expect(throws: OpenIDConnectFailure.discoveryFailed) {
            try OpenIDProviderMetadata(
                json: try document { $0["code_challenge_methods_supported"] = ["plain"] }, issuer: Self.issuer)
        }
    }

    @Test("the authorization address keeps the endpoint's own query and adds the request's, escaped")
    func authorizationURL() throws {
        let provider = try OpenIDConnectProvider(name: "acme", issuer: Self.issuer, clientID: "app id")
        let request = OpenIDAuthorizationRequest(
            provider: provider, metadata: try OpenIDProviderMetadata(json: try document(), issuer: Self.issuer),
            redirectURI: "http://127.0.0.1:5000/callback", state: "s&t", hashedNonce: "abc", codeChallenge: "xyz")
        let url = request.url.absoluteString
        #expect(url.hasPrefix(Self.issuer + "/authorize?tenant=a&response_type=code&client_id=app+id"))
        #expect(url.contains("redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcallback"))
        #expect(url.contains("state=s%26t") && url.contains("code_challenge_method=S256"))
        #expect(url.contains("scope=openid+email+profile"))
    }

    @Test("the redirect: the state is checked before the error or the code is believed")
    func redirect() throws {
        let provider = try OpenIDConnectProvider(name: "acme", issuer: Self.issuer, clientID: "app")
        let request = OpenIDAuthorizationRequest(
            provider: provider, metadata: try OpenIDProviderMetadata(json: try document(), issuer: Self.issuer),
            redirectURI: "http://127.0.0.1:5000/callback", state: "good", hashedNonce: "abc", codeChallenge: "xyz")
        func code(_ query: String) throws(AuthError) -> String? {
            try request.code(from: URL(string: "http://127.0.0.1:5000/callback?" + query) ?? URL(fileURLWithPath: "/"))
        }
        #expect(try code("code=c1&state=good") == "c1")
        #expect(try code("error=access_denied&state=good") == nil)
        let acme = provider.type
        #expect(throws: AuthError.openIDConnect(acme, .stateMismatch)) { try code("code=c1&state=bad") }
        #expect(throws: AuthError.openIDConnect(acme, .stateMismatch)) { try code("code=c1") }
        #expect(throws: AuthError.openIDConnect(acme, .stateMismatch)) { try code("error=access_denied") }
        #expect(throws: AuthError.openIDConnect(acme, .authorizationRefused)) {
            try code("error=server_error&state=good")
        }
        #expect(throws: AuthError.openIDConnect(acme, .authorizationRefused)) { try code("state=good") }
        #expect(throws: AuthError.openIDConnect(acme, .issuerMismatch)) {
            try code("code=c1&state=good&iss=https%3A%2F%2Fevil.example")
        }
    }
}
