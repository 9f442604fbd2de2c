import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInInfrastructure
import SignInTesting
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A provider in memory: discovery, an authorization endpoint the fake browser calls, and a token endpoint that
/// checks the code, the redirect address and the PKCE verifier as a real one does.
final class FakeOpenIDProvider: HTTPTransport, Sendable {
    struct Grant: Sendable {
        var challenge: String
        var nonce: String
        var redirectURI: String
        var used = false
    }
    struct Knobs: Sendable {
        var statedIssuer: String?
        var tokenEndpoint = "https://login.example/token"
        var claims: [String: String] = [:]
        var audiences: [String]?
        var expiresIn: TimeInterval = 600
        var redirectExtras = ""
        var denies = false
        /// The discovery document's `token_endpoint_auth_methods_supported`.
        var authMethods: [String]?
        /// A confidential client's secret, which the token endpoint then requires (HTTP Basic or in the form).
        var secret: String?
    }

    let issuer = "https://login.example"
    let clientID = "app-client"
    let now: Date
    let knobs: Mutex<Knobs>
    let grants = Mutex<[String: Grant]>([:])
    let tokenRequests = Mutex<[[String: String]]>([])
    let tokenAuthorizations = Mutex<[String?]>([])
    let pages = Mutex<[URL]>([])

    init(now: Date, knobs: Knobs = Knobs()) {
        self.now = now
        self.knobs = Mutex(knobs)
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let knobs = knobs.withLock { $0 }
        switch request.url.absoluteString {
        case issuer + "/.well-known/openid-configuration":
            let document: [String: Any] = [
                "issuer": knobs.statedIssuer ?? issuer, "authorization_endpoint": issuer + "/authorize",
                "token_endpoint": knobs.tokenEndpoint, "jwks_uri": issuer + "/jwks",
                "response_types_supported": ["code"], "code_challenge_methods_supported": ["S256"],
            ]
            var stated = document
            if let methods = knobs.authMethods { stated["token_endpoint_auth_methods_supported"] = methods }
            return HTTPResponse(status: 200, body: try JSONSerialization.data(withJSONObject: stated))
        case knobs.tokenEndpoint:
            let form = FormURLEncoding.decode(String(decoding: request.body ?? Data(), as: UTF8.self))
            tokenRequests.withLock { $0.append(form) }
            let authorization = request.headers["Authorization"]
            tokenAuthorizations.withLock { $0.append(authorization) }
            if let secret = knobs.secret {
                let basic = "Basic " + Data("\(clientID):\(FormURLEncoding.escape(secret))".utf8).base64EncodedString()
                guard authorization == basic || (authorization == nil && form["client_secret"] == secret) else {
                    return HTTPResponse(status: 401, body: Data(#"{"error":"invalid_client"}"#.utf8))
                }
            }
            let grant: Grant? = grants.withLock { grants in
                guard let code = form["code"], var grant = grants[code], !grant.used else { return nil }
                grant.used = true
                grants[code] = grant
                return grant
            }
            guard let grant, form["redirect_uri"] == grant.redirectURI, form["client_id"] == clientID,
                let verifier = form["code_verifier"],
                Base64URL.encode(SHA256.hash(verifier)) == grant.challenge
            else { return HTTPResponse(status: 400, body: Data(#"{"error":"invalid_grant"}"#.utf8)) }
            var claims: [String: Any] = [
                "iss": issuer, "sub": "user-7", "aud": knobs.audiences.map { $0 as Any } ?? clientID,
                "iat": Int(now.timeIntervalSince1970), "exp": Int(now.timeIntervalSince1970 + knobs.expiresIn),
                "nonce": grant.nonce, "email": "ada@example.com",
            ]
            for (name, value) in knobs.claims { claims[name] = value }
            let payload = try JSONSerialization.data(withJSONObject: claims)
            let token = Base64URL.encode(Array(#"{"alg":"RS256"}"#.utf8)) + "." + Base64URL.encode(payload) + ".c2ln"
            let body = try JSONSerialization.data(withJSONObject: [
                "id_token": token, "access_token": "access-1", "token_type": "Bearer",
            ])
            return HTTPResponse(status: 200, body: body)
        default:
            return HTTPResponse(status: 404)
        }
    }

    /// What the provider's page does once the user signed in: a code for the request, back to its redirect.
    func authorize(_ page: URL) -> URL? {
        pages.withLock { $0.append(page) }
        let fields = FormURLEncoding.decode(page.query ?? "")
        guard let redirect = fields["redirect_uri"], let state = fields["state"] else { return nil }
        let knobs = knobs.withLock { $0 }
        if knobs.denies { return URL(string: "\(redirect)?error=access_denied&state=\(state)") }
        let code = "code-\(grants.withLock { $0.count })"
        grants.withLock {
            $0[code] = Grant(
                challenge: fields["code_challenge"] ?? "", nonce: fields["nonce"] ?? "", redirectURI: redirect)
        }
        return URL(string: "\(redirect)?code=\(code)&state=\(state)\(knobs.redirectExtras)")
    }
}

/// A browser that signs in at the fake provider at once, on a loopback address that nothing listens on.
struct FakeBrowser: AuthorizationBrowser {
    let provider: FakeOpenIDProvider
    var rewrite: @Sendable (URL) -> URL = { $0 }

    func authorize(page: @escaping @Sendable (String) -> URL) async throws -> AuthorizationRedirect? {
        let redirectURI = "http://127.0.0.1:5999/callback"
        guard let url = provider.authorize(page(redirectURI)) else { return nil }
        return AuthorizationRedirect(redirectURI: redirectURI, url: rewrite(url))
    }
}

@Suite("OpenIDConnectUIClient")
struct OpenIDConnectUIClientTests {
    let clock = TestClock()

    func client(
        _ fake: FakeOpenIDProvider, secret: Secret? = nil, rewrite: @escaping @Sendable (URL) -> URL = { $0 }
    ) throws -> OpenIDConnectUIClient {
        let provider = try OpenIDConnectProvider(name: "acme", issuer: fake.issuer, clientID: fake.clientID)
            .withClientSecret(secret)
        return OpenIDConnectUIClient(
            provider: provider, transport: fake, browser: FakeBrowser(provider: fake, rewrite: rewrite),
            random: SeededRandomBytes(), clock: clock)
    }

    @Test("signs in: PKCE S256, state and a hashed nonce out; the code, its verifier and the raw nonce back")
    func signsIn() async throws {
        let fake = FakeOpenIDProvider(now: clock.now())
        let outcome = try await client(fake).getCredential()
        guard case .credential(let credential) = outcome else {
            Issue.record("expected a credential, got \(outcome)")
            return
        }
        #expect(credential.provider == ProviderType(rawValue: "oidc.acme"))
        #expect(credential.accessToken == Secret("access-1"))
        let page = try #require(fake.pages.withLock { $0.first })
        let fields = FormURLEncoding.decode(page.query ?? "")
        #expect(fields["response_type"] == "code")
        #expect(fields["code_challenge_method"] == "S256")
        #expect(fields["scope"]?.split(separator: " ").contains("openid") == true)
        #expect(fields["state"].map { $0.count >= 43 } == true)
        let rawNonce = try #require(credential.rawNonce?.value)
        #expect(fields["nonce"] == SHA256.hexDigest(rawNonce))
        let exchange = try #require(fake.tokenRequests.withLock { $0.first })
        #expect(exchange["grant_type"] == "authorization_code")
        #expect(exchange["code_verifier"].map { $0.count == 43 } == true)
    }

    @Test("a redirect whose state is not this sign-in's is refused before the code is exchanged")
    func refusesOtherState() async throws {
        let fake = FakeOpenIDProvider(now: clock.now())
        let forged = try client(fake) { url in
            URL(string: url.absoluteString.replacingOccurrences(of: "state=", with: "state=x")) ?? url
        }
        await #expect(throws: AuthError.openIDConnect(ProviderType(rawValue: "oidc.acme"), .stateMismatch)) {
            try await forged.getCredential()
        }
        #expect(fake.tokenRequests.withLock { $0.isEmpty })
    }

    @Test("a redirect naming another issuer (RFC 9207) is refused")
    func refusesOtherIssuerInRedirect() async throws {
        let fake = FakeOpenIDProvider(now: clock.now(), knobs: .init(redirectExtras: "&iss=https%3A%2F%2Fevil.example"))
        await #expect(throws: AuthError.openIDConnect(ProviderType(rawValue: "oidc.acme"), .issuerMismatch)) {
            try await client(fake).getCredential()
        }
    }

    @Test("a discovery document for another issuer stops the sign-in before any page is shown")
    func refusesOtherIssuer() async throws {
        let fake = FakeOpenIDProvider(now: clock.now(), knobs: .init(statedIssuer: "https://evil.example"))
        await #expect(throws: AuthError.openIDConnect(ProviderType(rawValue: "oidc.acme"), .issuerMismatch)) {
            try await client(fake).getCredential()
        }
        #expect(fake.pages.withLock { $0.isEmpty })
    }

    @Test("a token endpoint over plain http off the loopback is refused")
    func refusesInsecureEndpoint() async throws {
        let fake = FakeOpenIDProvider(now: clock.now(), knobs: .init(tokenEndpoint: "http://login.example/token"))
        await #expect(throws: AuthError.openIDConnect(ProviderType(rawValue: "oidc.acme"), .insecureEndpoint)) {
            try await client(fake).getCredential()
        }
    }

    @Test("the user's refusal at the provider is a cancel, not an error")
    func userDeclines() async throws {
        let fake = FakeOpenIDProvider(now: clock.now(), knobs: .init(denies: true))
        #expect(try await client(fake).getCredential() == .cancelled)
    }

    @Test(
        "an ID token for another app, issuer or nonce, or expired, is refused before it reaches the backend",
        arguments: [
            (FakeOpenIDProvider.Knobs(claims: ["aud": "other-app"]), IdentityTokenRejection.wrongAudience),
            (FakeOpenIDProvider.Knobs(audiences: ["app-client", "other-app"]), .wrongAudience),
            (FakeOpenIDProvider.Knobs(claims: ["azp": "other-app"]), .wrongAudience),
            (FakeOpenIDProvider.Knobs(claims: ["iss": "https://evil.example"]), .wrongIssuer),
            (FakeOpenIDProvider.Knobs(claims: ["nonce": "0000"]), .nonceMismatch),
            (FakeOpenIDProvider.Knobs(expiresIn: -120), .expired),
        ])
    func refusesBadToken(knobs: FakeOpenIDProvider.Knobs, rejection: IdentityTokenRejection) async throws {
        let fake = FakeOpenIDProvider(now: clock.now(), knobs: knobs)
        await #expect(throws: AuthError.invalidIdentityToken(rejection)) {
            try await client(fake).getCredential()
        }
    }

    @Test(
        "a confidential client sends its secret the way the provider takes it: HTTP Basic, else in the form",
        arguments: [
            (nil, "basic"), (["client_secret_basic", "client_secret_post"], "basic"), (["client_secret_post"], "post"),
        ]
            as [([String]?, String)])
    func confidentialClient(methods: [String]?, sent: String) async throws {
        let secret = "s3cr:et/+ü"
        let fake = FakeOpenIDProvider(now: clock.now(), knobs: .init(authMethods: methods, secret: secret))
        let outcome = try await client(fake, secret: Secret(secret)).getCredential()
        guard case .credential = outcome else {
            Issue.record("expected a credential, got \(outcome)")
            return
        }
        let form = try #require(fake.tokenRequests.withLock { $0.first })
        let authorization = fake.tokenAuthorizations.withLock { $0.first } ?? nil
        #expect((authorization != nil) == (sent == "basic"))
        if sent == "basic" {
            // RFC 6749 §2.3.1: the id and the secret form-encoded, joined by ':', then base64.
            #expect(authorization == "Basic " + Data("app-client:s3cr%3Aet%2F%2B%C3%BC".utf8).base64EncodedString())
        } else {
            #expect(form["client_secret"] == secret)
        }
        #expect((form["client_secret"] != nil) == (sent == "post"))
        // The secret never travels in the browser's address.
        #expect(fake.pages.withLock { $0.allSatisfy { !$0.absoluteString.contains("s3cr") } })
    }

    @Test("a secret the provider takes neither way is refused before the user is sent to sign in")
    func clientAuthenticationUnsupported() async throws {
        let fake = FakeOpenIDProvider(now: clock.now(), knobs: .init(authMethods: ["private_key_jwt"], secret: "s"))
        await #expect(
            throws: AuthError.openIDConnect(ProviderType(rawValue: "oidc.acme"), .clientAuthenticationUnsupported)
        ) {
            try await client(fake, secret: "s").getCredential()
        }
        #expect(fake.pages.withLock { $0.isEmpty })
    }

    @Test("a provider that wants a secret the app does not send refuses the app, not the code: it says so")
    func clientRefused() async throws {
        let fake = FakeOpenIDProvider(now: clock.now(), knobs: .init(secret: "s"))
        await #expect(
            throws: AuthError.openIDConnect(ProviderType(rawValue: "oidc.acme"), .clientAuthenticationFailed)
        ) {
            try await client(fake).getCredential()
        }
        await #expect(
            throws: AuthError.openIDConnect(ProviderType(rawValue: "oidc.acme"), .clientAuthenticationFailed)
        ) {
            try await client(fake, secret: "wrong").getCredential()
        }
    }

    @Test("a code the provider refuses (used, or the verifier does not match) fails the exchange")
    func exchangeRefused() async throws {
        let fake = FakeOpenIDProvider(now: clock.now())
        let replaying = try client(fake) { url in
            // Every redirect carries the first code: the second sign-in replays it.
            URL(string: url.absoluteString.replacingOccurrences(of: "code=code-1", with: "code=code-0")) ?? url
        }
        _ = try await replaying.getCredential()
        await #expect(throws: AuthError.openIDConnect(ProviderType(rawValue: "oidc.acme"), .codeExchangeFailed)) {
            try await replaying.getCredential()
        }
    }
}

@Suite("LoopbackRedirectListener")
struct LoopbackRedirectListenerTests {
    let page = LoopbackRedirectListener.Page(title: "Signed in", message: "Go back to the <app>.")

    func get(_ url: String, method: String = "GET") async throws -> HTTPResponse {
        try await URLSessionTransport().send(HTTPRequest(method: method, url: try #require(URL(string: url))))
    }

    @Test("takes the first GET of its path on 127.0.0.1, and answers the browser with an escaped page")
    func receivesRedirect() async throws {
        let listener = try LoopbackRedirectListener(provider: ProviderType(rawValue: "oidc.acme"), page: page)
        defer { listener.close() }
        #expect(listener.redirectURI == "http://127.0.0.1:\(listener.port)/callback")
        async let received = listener.redirect(timeout: 30)
        let response = try await get(listener.redirectURI + "?code=abc&state=xyz")
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self).contains("Go back to the &lt;app&gt;."))
        #expect(await received?.query == "code=abc&state=xyz")
    }

    @Test("on [::1], for a provider that registered the IPv6 loopback: its address, and the redirect received there")
    func ipv6() async throws {
        let listener = try LoopbackRedirectListener(
            provider: ProviderType(rawValue: "oidc.acme"), page: page, host: .ipv6)
        defer { listener.close() }
        #expect(listener.redirectURI == "http://[::1]:\(listener.port)/callback")
        #expect(Self.getOverIPv6(port: listener.port, target: "/other?code=evil").hasPrefix("HTTP/1.1 404"))
        async let received = listener.redirect(timeout: 30)
        #expect(Self.getOverIPv6(port: listener.port, target: "/callback?code=abc&state=xyz").hasPrefix("HTTP/1.1 200"))
        let url = try #require(await received)
        #expect(url.absoluteString == listener.redirectURI + "?code=abc&state=xyz", "\(url)")
        let browser = LoopbackAuthorizationBrowser(
            provider: ProviderType(rawValue: "oidc.acme"), page: page, timeout: 30, host: .ipv6
        ) { page in
            let target = page.absoluteString.split(separator: "/callback", maxSplits: 1).last.map { "/callback" + $0 }
            _ = Self.getOverIPv6(port: UInt16(page.port ?? 0), target: target ?? "/")
        }
        let redirect = try #require(
            try await browser.authorize { URL(string: $0 + "?code=def&state=uvw") ?? URL(fileURLWithPath: "/") })
        #expect(redirect.redirectURI.hasPrefix("http://[::1]:") && redirect.url.query == "code=def&state=uvw")
    }

    @Test("another path, another method or no query is refused and does not end the wait")
    func ignoresOtherRequests() async throws {
        let listener = try LoopbackRedirectListener(provider: ProviderType(rawValue: "oidc.acme"), page: page)
        defer { listener.close() }
        // The listener answers whether or not a wait has begun: its thread is its own.
        let base = "http://127.0.0.1:\(listener.port)"
        #expect(try await get(base + "/other?code=evil&state=xyz").status == 404)
        #expect(try await get(base + "/callback-not?code=evil").status == 404)
        #expect(try await get(base + "/callback?code=evil", method: "POST").status == 405)
        #expect(try await get(base + "/callback").status == 400)
        #expect(try await get(base + "/callback?code=good&state=xyz").status == 200)
        #expect(await listener.redirect(timeout: 30)?.query == "code=good&state=xyz")
    }

    /// `GET target` sent to [::1]:`port` over a socket of its own (the toolchain's URLSession takes no IPv6
    /// literal on Linux); the answer's head and body as text, empty when nothing answered.
    static func getOverIPv6(port: UInt16, target: String) -> String {
        #if canImport(Glibc)
            let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET6, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return "" }
        defer { _ = close(fd) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = port.bigEndian
        address.sin6_addr = in6addr_loopback
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        }
        guard connected == 0 else { return "" }
        let request = Array("GET \(target) HTTP/1.1\r\nHost: [::1]:\(port)\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == request.count else { return "" }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// Opens a TCP connection to 127.0.0.1:`port` that sends nothing; its descriptor.
    static func idleConnection(to port: UInt16) -> Int32 {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return fd
    }

    @Test("connections are read side by side: 100 that send nothing do not hold up the browser's redirect")
    func idleConnectionsDoNotDelay() async throws {
        let listener = try LoopbackRedirectListener(provider: ProviderType(rawValue: "oidc.acme"), page: page)
        defer { listener.close() }
        let idle = (0..<100).map { _ in Self.idleConnection(to: listener.port) }
        defer { idle.forEach { _ = close($0) } }
        #expect(idle.allSatisfy { $0 >= 0 })
        // Read one after another, each idle connection would hold the listener for its whole request time (5 s,
        // the listener's requestTimeout): the redirect would come only after the wait below gave up.
        async let received = listener.redirect(timeout: 4)
        let response = try await get(listener.redirectURI + "?code=abc&state=xyz")
        #expect(response.status == 200)
        #expect(await received?.query == "code=abc&state=xyz")
    }

    @Test("a wait with no redirect ends at its timeout with nothing, and the listener goes on listening")
    func timesOut() async throws {
        let listener = try LoopbackRedirectListener(provider: ProviderType(rawValue: "oidc.acme"), page: page)
        defer { listener.close() }
        #expect(await listener.redirect(timeout: 0.3) == nil)
        // Listening goes on: a redirect after the wait gave up is kept for the next wait.
        #expect(try await get(listener.redirectURI + "?code=late&state=xyz").status == 200)
        #expect(await listener.redirect(timeout: 30)?.query == "code=late&state=xyz")
    }

    @Test("the loopback browser turns a wait that ran out into a timeout error")
    func browserTimesOut() async throws {
        let browser = LoopbackAuthorizationBrowser(
            provider: ProviderType(rawValue: "oidc.acme"), page: page, timeout: 0.3
        ) { _ in }
        await #expect(throws: AuthError.openIDConnect(ProviderType(rawValue: "oidc.acme"), .timedOut)) {
            _ = try await browser.authorize { URL(string: $0) ?? URL(fileURLWithPath: "/") }
        }
    }
}
