import Foundation
import SignInCrypto
import SignInData
import SignInHTTPServer
import SignInInfrastructure
import SignInLocking
import SignInTesting
import Testing

@testable import SignInDemoCLI

/// An OpenID Connect provider on 127.0.0.1, in this process: discovery, its RS256 key set, and a token endpoint that
/// checks the code, the redirect address and the PKCE verifier. Its sign-in page is ``authorize(_:)``, which the
/// tests' browser calls.
final class LocalOpenIDProvider: Sendable {
    struct Grant {
        var challenge: String
        var nonce: String
        var redirectURI: String
    }

    let key: TestSigningKey
    let grants = Locked<[String: Grant]>([:])
    let tokenRequests = Locked(0)
    /// The client secret its token endpoint requires (HTTP Basic), once the app is registered as a confidential
    /// client; `nil` for a public client.
    let secret = Locked<String?>(nil)
    /// The `sub` and `email` of the tokens it issues: its signed-in user.
    let user = Locked((subject: "employee-42", email: "grace@corp.example"))
    let server: HTTPServer
    let port: UInt16
    /// Whether it is a multi-tenant provider, as Microsoft Entra ID's `common` endpoint: registered by
    /// ``issuer`` (`…/common`), its document names `…/{tenantid}`, and its tokens name their tenant's issuer and `tid`.
    let multiTenant: Bool
    /// The tenant of its signed-in user, and the `tid` its tokens carry (a forger's can differ).
    let tenant = Locked((issuer: "9188040d-6c67-4c5b-b112-36a304b66dad", claim: "9188040d-6c67-4c5b-b112-36a304b66dad"))
    var base: String { "http://127.0.0.1:\(port)" }
    var issuer: String { multiTenant ? base + "/common" : base }

    /// The provider, for the server's handler, until ``stop()``: it breaks the cycle the handler makes.
    private let box: Locked<LocalOpenIDProvider?>

    init(multiTenant: Bool = false) throws {
        self.multiTenant = multiTenant
        let key = try TestSigningKey.rsa()
        let box = Locked<LocalOpenIDProvider?>(nil)
        let server = HTTPServer { request in
            box.withLock { $0 }?.answer(request) ?? HTTPServerResponse(status: 503)
        }
        self.key = key
        self.box = box
        self.server = server
        self.port = try server.start()
        box.withLock { $0 = self }
    }

    func stop() {
        server.stop(drainTimeout: 1)
        box.withLock { $0 = nil }
    }

    private func answer(_ request: HTTPServerRequest) -> HTTPServerResponse {
        switch (request.method, request.path) {
        case ("GET", "/.well-known/openid-configuration") where !multiTenant,
            ("GET", "/common/.well-known/openid-configuration") where multiTenant:
            return json([
                "issuer": multiTenant ? base + "/{tenantid}" : base, "authorization_endpoint": base + "/authorize",
                "token_endpoint": base + "/token", "jwks_uri": base + "/jwks", "response_types_supported": ["code"],
                "code_challenge_methods_supported": ["S256"],
            ])
        case ("GET", "/jwks"):
            let rsa = key.rsaPublicKey
            return json([
                "keys": [
                    [
                        "kty": "RSA", "alg": "RS256", "use": "sig", "kid": "local-1",
                        "n": Base64URL.encode(rsa?.modulus ?? []), "e": Base64URL.encode(rsa?.exponent ?? []),
                    ]
                ]
            ])
        case ("POST", "/token"):
            tokenRequests.withLock { $0 += 1 }
            let form = FormURLEncoding.decode(String(decoding: request.body, as: UTF8.self))
            if let secret = secret.withLock({ $0 }) {
                let basic = "Basic " + Data("cli-app:\(secret)".utf8).base64EncodedString()
                guard request.headers.contains(where: { $0.name.lowercased() == "authorization" && $0.value == basic })
                else { return HTTPServerResponse.json(401, Data(#"{"error":"invalid_client"}"#.utf8)) }
            }
            let grant = grants.withLock { grants in form["code"].flatMap { grants.removeValue(forKey: $0) } }
            guard let grant, form["redirect_uri"] == grant.redirectURI, form["client_id"] == "cli-app",
                let verifier = form["code_verifier"], Base64URL.encode(SHA256.hash(verifier)) == grant.challenge
            else { return HTTPServerResponse.json(400, Data(#"{"error":"invalid_grant"}"#.utf8)) }
            let now = Int(Date().timeIntervalSince1970)
            var claims: [String: Any] = [
                "iss": issuer, "aud": "cli-app", "sub": user.withLock { $0.subject }, "iat": now, "exp": now + 300,
                "nonce": grant.nonce, "email": user.withLock { $0.email }, "name": "Grace Hopper",
            ]
            if multiTenant {
                let tenant = tenant.withLock { $0 }
                claims["iss"] = base + "/" + tenant.issuer
                claims["tid"] = tenant.claim
            }
            let header = Base64URL.encode(Array(#"{"alg":"RS256","kid":"local-1","typ":"JWT"}"#.utf8))
            let payload = Base64URL.encode((try? JSONSerialization.data(withJSONObject: claims)) ?? Data())
            let input = header + "." + payload
            let token = input + "." + Base64URL.encode(key.sign(Array(input.utf8)))
            return json(["id_token": token, "token_type": "Bearer", "access_token": "at-1"])
        default:
            return HTTPServerResponse(status: 404)
        }
    }

    private func json(_ object: [String: Any]) -> HTTPServerResponse {
        .json(200, (try? JSONSerialization.data(withJSONObject: object)) ?? Data())
    }

    /// The provider's page once the user signed in: the redirect, with a code for the request.
    func authorize(_ page: URL) -> URL? {
        let fields = FormURLEncoding.decode(page.query ?? "")
        guard fields["client_id"] == "cli-app", fields["code_challenge_method"] == "S256",
            let redirect = fields["redirect_uri"], let state = fields["state"]
        else { return nil }
        let code = "code-\(UUID().uuidString)"
        grants.withLock {
            $0[code] = Grant(
                challenge: fields["code_challenge"] ?? "", nonce: fields["nonce"] ?? "", redirectURI: redirect)
        }
        var components = URLComponents(string: redirect)
        components?.queryItems = [URLQueryItem(name: "code", value: code), URLQueryItem(name: "state", value: state)]
        return components?.url
    }
}

/// `sign-in oidc.NAME`: any OpenID Connect provider, registered with `--issuer` and `--client-id`, through the whole
/// CLI: the address printed, a browser that follows it, the loopback redirect, the code's exchange, the backend's
/// check of the RS256 signature against the provider's published keys.
@MainActor
@Suite("sign-in oidc.NAME")
struct OpenIDConnectCLITests {
    let folder = TemporaryFolder(prefix: "signin-oidc")

    func run(_ arguments: [String], language: String = "en_US.UTF-8") async -> (
        code: ExitCode, out: String, err: String
    ) {
        await runCLI(arguments, folder: folder, language: language)
    }

    /// Runs the CLI while a browser signs in at `provider`: it waits for the printed address, has the provider make
    /// the redirect (changed by `tamper`), and brings it to the CLI's listener.
    func runWithBrowser(
        _ arguments: [String], provider: LocalOpenIDProvider, environment: [String: String] = [:],
        tamper: @escaping @Sendable (URL) -> URL = { $0 }
    ) async -> (code: ExitCode, out: String, err: String) {
        let captured = CapturedConsole()
        let environment = environment.merging(["LANG": "en_US.UTF-8", "SIGNIN_DEMO_PBKDF2_ITERATIONS": "1000"]) {
            $1
        }
        // The browser is never cancelled: cancelling a URLSession request in flight can deadlock FoundationNetworking
        // on Linux. It stops by itself once the CLI has ended.
        let finished = Locked(false)
        let browser = Task.detached {
            let marker = "Open this address in a browser to sign in: "
            while !finished.withLock({ $0 }) {
                // On standard output, or on standard error with --json.
                let lines = (captured.out + captured.err).split(separator: "\n")
                if let line = lines.first(where: { $0.contains(marker) }),
                    let start = line.range(of: marker)?.upperBound,
                    let page = URL(string: String(line[start...])),
                    let redirect = provider.authorize(page)
                {
                    _ = try? await URLSessionTransport().send(HTTPRequest(url: tamper(redirect), timeout: 10))
                    return
                }
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
        let code = await DemoCLI(console: captured.console, environment: environment).run(
            arguments + ["--data-dir", folder.path])
        finished.withLock { $0 = true }
        await browser.value
        return (code, captured.out, captured.err)
    }

    @Test("signs in end to end and is registered by name; a guest links it and keeps its uid")
    func endToEnd() async throws {
        let provider = try LocalOpenIDProvider()
        defer { provider.stop() }
        let first = await runWithBrowser(
            ["sign-in", "oidc.corp", "--issuer", provider.issuer, "--client-id", "cli-app", "--json"],
            provider: provider)
        #expect(first.code == .success, "\(first.err)")
        let session = try JSONSerialization.jsonObject(with: Data(first.out.utf8)) as? [String: Any]
        #expect(session?["providers"] as? [String] == ["oidc.corp"])
        #expect(session?["email"] as? String == "grace@corp.example")
        #expect(first.err.contains("Open this address in a browser to sign in: \(provider.issuer)/authorize?"))
        let registry = try String(contentsOfFile: folder.path + "/client/oidc-providers.json", encoding: .utf8)
        #expect(registry.contains(#""issuer" : "\#(provider.issuer)""#), "\(registry)")

        let again = await runWithBrowser(["sign-in", "oidc.corp"], provider: provider)
        #expect(again.code == .success && again.out.contains("new user:      no"), "\(again.err)")

        let guest = await run(["sign-in", "guest", "--yes", "--json"])
        let guestUID = try JSONSerialization.jsonObject(with: Data(guest.out.utf8)) as? [String: Any]
        // Another employee: the first one's email already names the first account.
        provider.user.withLock { $0 = ("employee-43", "alan@corp.example") }
        let linked = await runWithBrowser(["link", "oidc.corp", "--json"], provider: provider)
        let linkedSession = try JSONSerialization.jsonObject(with: Data(linked.out.utf8)) as? [String: Any]
        #expect(linked.code == .success, "\(linked.out) \(linked.err)")
        #expect(linkedSession?["uid"] as? String == guestUID?["uid"] as? String)
        #expect(linkedSession?["providers"] as? [String] == ["oidc.corp"])
    }

    @Test("over HTTP: --backend firebase against serve, which checks the token against the provider's published keys")
    func overServe() async throws {
        let provider = try LocalOpenIDProvider()
        defer { provider.stop() }
        let registration = try OpenIDConnectProvider(name: "corp", issuer: provider.issuer, clientID: "cli-app")
        let serve = try InProcessServe(providers: CompositionRoot.providers + [.openIDConnect(registration)])
        defer { serve.stop() }
        let remote = await runWithBrowser(
            [
                "sign-in", "oidc.corp", "--issuer", provider.issuer, "--client-id", "cli-app", "--backend", "firebase",
                "--json",
            ], provider: provider, environment: serve.environment)
        #expect(remote.code == .success, "\(remote.out) \(remote.err)")
        let session = try JSONSerialization.jsonObject(with: Data(remote.out.utf8)) as? [String: Any]
        #expect(session?["providers"] as? [String] == ["oidc.corp"])
        #expect(session?["email"] as? String == "grace@corp.example")
    }

    @Test(
        "a multi-tenant provider (Entra's common): its tenant's token signs in; one whose tid is another's is refused")
    func multiTenant() async throws {
        let provider = try LocalOpenIDProvider(multiTenant: true)
        defer { provider.stop() }
        let first = await runWithBrowser(
            ["sign-in", "oidc.entra", "--issuer", provider.issuer, "--client-id", "cli-app", "--json"],
            provider: provider)
        #expect(first.code == .success, "\(first.out) \(first.err)")
        #expect(
            (try JSONSerialization.jsonObject(with: Data(first.out.utf8)) as? [String: Any])?["signedIn"] as? Bool
                == true)
        #expect(await run(["sign-out", "--yes"]).code == .success)

        // A token for another tenant's issuer, whose tid names the user's tenant: refused before the backend.
        provider.tenant.withLock { $0.issuer = "72f988bf-86f1-41af-91ab-2d7cd011db47" }
        let forged = await runWithBrowser(["sign-in", "oidc.entra", "--json"], provider: provider)
        #expect(forged.code == .failure, "\(forged.out) \(forged.err)")
        let error = (try JSONSerialization.jsonObject(with: Data(forged.out.utf8)) as? [String: Any])?["error"]
        #expect((error as? [String: Any])?["code"] as? String == "tokenWrongIssuer", "\(forged.out)")
    }

    @Test("attack: a redirect with another state is refused, its code never exchanged, nobody signed in")
    func forgedState() async throws {
        let provider = try LocalOpenIDProvider()
        defer { provider.stop() }
        let forged = await runWithBrowser(
            ["sign-in", "oidc.corp", "--issuer", provider.issuer, "--client-id", "cli-app"], provider: provider,
            tamper: { url in
                URL(string: url.absoluteString.replacingOccurrences(of: "state=", with: "state=forged")) ?? url
            })
        #expect(forged.code == .failure)
        #expect(forged.err.contains("does not belong to this sign-in"), "\(forged.err)")
        #expect(provider.tokenRequests.withLock { $0 } == 0)
        #expect(await run(["status"]).code == .failure)
    }

    @Test("usage: an OpenID Connect provider needs a registration, or --issuer and --client-id together")
    func usage() async throws {
        let bare = await run(["sign-in", "oidc"])
        #expect(bare.code == .usage && bare.err.contains("needs --issuer URL and --client-id ID"), "\(bare.err)")
        let unknown = await run(["sign-in", "oidc.corp"], language: "tr_TR.UTF-8")
        #expect(unknown.code == .usage && unknown.err.contains("kayıtlı değil"), "\(unknown.err)")
        let half = await run(["sign-in", "oidc.corp", "--issuer", "https://login.corp.example"])
        #expect(half.code == .usage, "\(half.err)")
        let apple = await run(["sign-in", "apple", "--issuer", "https://login.corp.example", "--client-id", "x"])
        #expect(apple.code == .usage && apple.err.contains("are for OpenID Connect providers"), "\(apple.err)")
        let plain = await run(["sign-in", "oidc.corp", "--issuer", "http://login.corp.example", "--client-id", "x"])
        #expect(plain.code == .usage && plain.err.contains("cannot be an issuer"), "\(plain.err)")
        let name = await run(["sign-in", "oidc.Corp_1"])
        #expect(name.code == .usage && name.err.contains("cannot name a provider"), "\(name.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/client/oidc-providers.json"))
    }

    @Test("a provider that cannot be reached fails in the user's language, naming its issuer, and is not registered")
    func unreachable() async throws {
        let result = await run(
            ["sign-in", "oidc.down", "--issuer", "http://127.0.0.1:1", "--client-id", "app"], language: "zh_TW.UTF-8")
        #expect(result.code == .failure, "\(result.err)")
        #expect(!result.err.isEmpty && !result.err.contains("Open this address"))
        #expect(result.err.contains("http://127.0.0.1:1"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/client/oidc-providers.json"))
        // Named again without --issuer, it is not registered.
        #expect(await run(["sign-in", "oidc.down"]).code == .usage)
        #expect(await run(["status"]).code == .failure)
    }

    @Test("a confidential client: the secret comes from a file or a variable named at registration, never stored")
    func confidentialClient() async throws {
        let provider = try LocalOpenIDProvider()
        defer { provider.stop() }
        provider.secret.withLock { $0 = "s3cret-42" }
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let secretFile = folder.path + "/client-secret"
        try "s3cret-42\n".write(toFile: secretFile, atomically: true, encoding: .utf8)
        let register = ["sign-in", "oidc.corp", "--issuer", provider.issuer, "--client-id", "cli-app"]
        // Without the secret, the provider refuses the app, and the words say so.
        let public_ = await runWithBrowser(register, provider: provider)
        #expect(public_.code == .failure && public_.err.contains("did not accept this app"), "\(public_.err)")
        let signedIn = await runWithBrowser(register + ["--client-secret-file", secretFile], provider: provider)
        #expect(signedIn.code == .success, "\(signedIn.err)")
        let registry = try String(contentsOfFile: folder.path + "/client/oidc-providers.json", encoding: .utf8)
        #expect(registry.contains(secretFile) && !registry.contains("s3cret-42"), "\(registry)")
        #expect(await run(["sign-out", "--yes"]).code == .success)
        // Named again, it reads the file again.
        #expect(await runWithBrowser(["sign-in", "oidc.corp"], provider: provider).code == .success)
        #expect(await run(["sign-out", "--yes"]).code == .success)
        // From a variable; one that is unset fails before any page, saying where the secret was looked for.
        _ = await runWithBrowser(register + ["--client-secret-env", "CORP_SECRET"], provider: provider)
        let unset = await run(["sign-in", "oidc.corp"])
        #expect(unset.code == .failure && unset.err.contains("$CORP_SECRET"), "\(unset.err)")
        #expect(!unset.err.contains("Open this address"))
        let fromVariable = await runWithBrowser(
            ["sign-in", "oidc.corp"], provider: provider, environment: ["CORP_SECRET": "s3cret-42"])
        #expect(fromVariable.code == .success, "\(fromVariable.err)")
        // Never on the command line: there is no option that takes the secret itself, and both places at once are
        // refused.
        let both = await run(register + ["--client-secret-file", secretFile, "--client-secret-env", "X"])
        #expect(both.code == .usage)
        #expect(await run(["sign-in", "oidc.corp", "--client-secret", "s3cret-42"]).code == .usage)
    }

    @Test("--scope and --display-name are part of the registration: asked for, kept, and refused without --issuer")
    func scopesAndName() async throws {
        let provider = try LocalOpenIDProvider()
        defer { provider.stop() }
        let signedIn = await runWithBrowser(
            [
                "sign-in", "oidc.corp", "--issuer", provider.issuer, "--client-id", "cli-app", "--scope",
                "email,groups profile", "--display-name", "Corp SSO",
            ], provider: provider)
        #expect(signedIn.code == .success, "\(signedIn.err)")
        let page = (signedIn.out + signedIn.err).split(separator: "\n").first { $0.contains("/authorize?") } ?? ""
        let query = FormURLEncoding.decode(String(page.split(separator: "?", maxSplits: 1).last ?? ""))
        #expect(query["scope"] == "openid email groups profile", "\(page)")
        let registry = try String(contentsOfFile: folder.path + "/client/oidc-providers.json", encoding: .utf8)
        #expect(registry.contains("groups") && registry.contains("Corp SSO"), "\(registry)")
        #expect(await run(["sign-in", "oidc.corp", "--scope", "email"]).code == .usage)
        let bad = await run(["sign-in", "oidc.x", "--issuer", provider.issuer, "--client-id", "a", "--scope", "a\"b"])
        #expect(bad.code == .usage && bad.err.contains("A scope cannot"), "\(bad.err)")
    }

    @Test("a name is taken as typed: upper case is refused, never folded onto another provider")
    func namesAreNotChanged() async throws {
        let provider = try LocalOpenIDProvider()
        defer { provider.stop() }
        let first = await runWithBrowser(
            ["sign-in", "oidc.corp", "--issuer", provider.issuer, "--client-id", "cli-app"], provider: provider)
        #expect(first.code == .success, "\(first.err)")
        let registry = folder.path + "/client/oidc-providers.json"
        let before = try String(contentsOfFile: registry, encoding: .utf8)
        let upper = await run(["sign-in", "oidc.Corp", "--issuer", provider.issuer, "--client-id", "other", "--yes"])
        #expect(upper.code == .usage && upper.err.contains("lower-case"), "\(upper.err)")
        #expect(try String(contentsOfFile: registry, encoding: .utf8) == before)
    }

    @Test("replacing a registration with another issuer or client id asks first, and needs --yes off a terminal")
    func replacingAsks() async throws {
        let provider = try LocalOpenIDProvider()
        defer { provider.stop() }
        let moved = try LocalOpenIDProvider()
        defer { moved.stop() }
        let first = await runWithBrowser(
            ["sign-in", "oidc.corp", "--issuer", provider.issuer, "--client-id", "cli-app"], provider: provider)
        #expect(first.code == .success, "\(first.err)")
        let registry = folder.path + "/client/oidc-providers.json"
        let before = try String(contentsOfFile: registry, encoding: .utf8)
        let replace = ["sign-in", "oidc.corp", "--issuer", moved.issuer, "--client-id", "cli-app"]
        let refused = await run(replace)
        #expect(refused.code == .usage && refused.err.contains("--yes"), "\(refused.err)")
        let captured = CapturedConsole(input: ["n"], isInteractive: true)
        let declined = await DemoCLI(console: captured.console, environment: [:]).run(
            replace + ["--data-dir", folder.path])
        #expect(declined == .cancelled, "\(captured.err)")
        #expect(captured.out.contains("Replace that registration?"))
        #expect(try String(contentsOfFile: registry, encoding: .utf8) == before)
        // An issuer that does not answer replaces nothing, even with --yes.
        let down = await run([
            "sign-in", "oidc.corp", "--issuer", "http://127.0.0.1:1", "--client-id", "cli-app", "--yes",
        ])
        #expect(down.code == .failure, "\(down.err)")
        #expect(try String(contentsOfFile: registry, encoding: .utf8) == before)
        let replaced = await runWithBrowser(replace + ["--yes"], provider: moved)
        #expect(replaced.code == .success, "\(replaced.err)")
        #expect(try String(contentsOfFile: registry, encoding: .utf8).contains(moved.issuer))
    }

    @Test("a damaged registry fails only the commands that name an OpenID Connect provider, and says where it is")
    func damagedRegistry() async throws {
        let registry = folder.path + "/client/oidc-providers.json"
        try FileManager.default.createDirectory(
            atPath: folder.path + "/client", withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try "{not json".write(toFile: registry, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: registry)
        let open = await run(["sign-in", "oidc.corp"])
        #expect(open.code == .failure && open.err.contains("others may change it"), "\(open.err)")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: registry)
        let named = await run(["sign-in", "oidc.corp"])
        #expect(
            named.code == .failure
                && named.err.contains("oidc-providers.json could not be used (it is not a JSON list"), "\(named.err)")
        let guest = await run(["sign-in", "guest", "--yes"])
        #expect(guest.code == .success, "\(guest.err)")
    }

    @Test("the help names oidc.NAME and its two options")
    func help() async {
        let help = await run(["help", "sign-in"])
        #expect(
            help.out.contains("oidc.NAME") && help.out.contains("--issuer URL") && help.out.contains("--client-id ID"))
    }
}
