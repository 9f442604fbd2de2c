import Foundation
import SignInData
import SignInDemoAdapters
import SignInDomain
import SignInEmbeddedBackend
import SignInEmulator
import SignInHTTPServer
import SignInInfrastructure

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `signin-demo serve`: the embedded backend over HTTP on 127.0.0.1, speaking Firebase Authentication's REST
/// contract at the emulator's URLs. The HTTP server only carries requests (through `HTTPServerAdapter`);
/// ``EmbeddedHTTPFace`` translates them
/// into calls on the same backend logic that runs in-process. One log line per request goes to standard error.
@MainActor
struct Server {
    /// The Firebase Auth emulator's usual port.
    static let defaultPort: UInt16 = 9099

    let console: Console
    let paths: DataPaths
    let environment: [String: String]
    let text: CLIMessages
    /// The registered providers: those the embedded backend does not simulate itself get their issuers.
    let providers: [DemoProvider]
    /// `--project`: the project id, instead of the environment's.
    var project: String?
    /// `--accept-unsigned-provider-tokens`: also take the unsigned identity tokens Google's emulator takes.
    var acceptsUnsignedProviderTokens = false
    /// `--test-clock`: the backend's clock can be moved forward through the emulator's `clock` endpoint.
    var testClock = false
    /// `--as-google-emulator`: passwords from 6 characters, as Firebase takes them, errors with the bare code, any
    /// project id, and tenants made when a request names them.
    var asGoogleEmulator = false
    /// `--unsigned-session-tokens`: ID tokens and session cookies with no signature (`alg: none`), taken back as such,
    /// as Google's emulator issues them; otherwise RS256.
    var unsignedSessionTokens = false

    /// The project id it answers for: `--project`, else the environment's.
    var projectID: String { project ?? CompositionRoot.projectID(environment) }

    func run(port: UInt16) async -> ExitCode {
        // Caught from before the address is printed: a supervisor's SIGTERM right after it stops the server
        // gracefully, never by the default action.
        let watch = SignalWatch([SIGINT, SIGTERM])
        let started: (server: HTTPServer, port: UInt16)
        do {
            started = try start(port: port)
        } catch {
            watch.restore()
            console.err(text(.serveFailed, ["reason": reason(error)]) + "\n")
            return .failure
        }
        let host = "127.0.0.1:\(started.port)"
        console.out(
            text(
                .serveListening,
                ["url": "http://\(host)", "host": host, "project": projectID, "folder": paths.backendFolder]) + "\n")
        // Nobody can learn where it listens (with --port 0) when that line could not be written: it does not serve
        // blind, and the caller says why on standard error.
        if console.outputFailure() != nil {
            started.server.stop(drainTimeout: 0)
            watch.restore()
            return .failure
        }
        if acceptsUnsignedProviderTokens { console.err(text(.serveUnsignedTokensWarning) + "\n") }
        if testClock { console.err(text(.serveTestClockWarning) + "\n") }
        if asGoogleEmulator { console.err(text(.serveAsGoogleEmulatorWarning) + "\n") }
        if unsignedSessionTokens { console.err(text(.serveUnsignedSessionTokensWarning) + "\n") }
        // Wait on a thread of its own: the wait blocks, and the server's threads need nothing from this one.
        let server = started.server
        _ = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            Thread { continuation.resume(returning: server.runUntil(watch)) }.start()
        }
        console.out(text(.serveStopped) + "\n")
        return .success
    }

    /// The server `run` waits on, listening on 127.0.0.1 at `port` (0: any free port), and the port it got. Whoever
    /// starts it stops it (`HTTPServer.stop`).
    func start(port: UInt16) throws(HTTPServerError) -> (server: HTTPServer, port: UInt16) {
        var settings = CompositionRoot.embeddedConfiguration(environment, providers: providers)
        settings.projectID = projectID
        // As Google's emulator: the Admin SDKs make unsigned custom tokens for an emulator.
        settings.acceptsEmulatorCustomTokens = true
        settings.acceptsUnsignedProviderTokens = acceptsUnsignedProviderTokens
        if asGoogleEmulator {
            settings.minimumPasswordLength = 6
            // Google's emulator is its passkeys' relying party as localhost.
            settings.passkeys.id = "localhost"
            settings.passkeys.origins = ["http://localhost"]
        }
        // As Firebase's: RS256 ID tokens whose keys serve publishes where Google publishes Firebase's; unsigned only
        // when asked for, as Google's emulator's.
        settings.sessionTokenAlgorithm = unsignedSessionTokens ? .unsigned : .rs256
        let clock = testClock ? ShiftedClock(frozen: true) : nil
        let backend = EmbeddedBackend.persistent(
            folder: paths.backendFolder, configuration: settings, clock: clock ?? SystemWallClock())
        var configuredFace = EmbeddedHTTPFace(backend: backend, testClock: clock)
        configuredFace.bareErrorMessages = asGoogleEmulator
        // Tenants live in memory, each a backend of its own. As Google's emulator, the lenient mode makes a tenant
        // a request names and serves any project id a path names.
        let tenantSettings = settings
        configuredFace.tenants = TenantDirectory(createsNamedTenants: asGoogleEmulator) { tenantID in
            var configuration = tenantSettings
            configuration.tenantID = tenantID
            return EmbeddedBackend.inMemory(configuration: configuration, clock: clock ?? SystemWallClock())
        }
        configuredFace.servesAnyProjectID = asGoogleEmulator
        configuredFace.takesGoogleAccessTokensAsOwner = asGoogleEmulator
        // As Firebase's: a mailed code's link is an action link (`mode`, `oobCode`, `apiKey`, `continueUrl`, `lang`).
        configuredFace.writesActionLinks = true
        configuredFace.takesSecondFactorsAtSignUp = asGoogleEmulator
        let face = configuredFace
        var configuration = HTTPServerConfiguration()
        configuration.port = port
        // On 127.0.0.1 every client has the same address, so a bound per address would be one for all of them; a
        // full server still takes the slot of the connection that has waited longest.
        configuration.maximumConnectionsPerClient = configuration.maximumConnections
        let errors = console.err
        let server = HTTPServerAdapter.server(
            configuration: configuration,
            handler: { request, client in Self.refusal(of: request) ?? face.handle(request, from: client) },
            log: { entry in errors("\(entry)\n") })
        return (server, try server.start())
    }

    /// The answer to a request this server does not take, or `nil`. Listening on 127.0.0.1 keeps other machines out,
    /// but not a web page in the user's browser: through DNS rebinding (a name of the attacker's that resolves to
    /// 127.0.0.1) or a cross-site form, it could read live reset codes or mint tokens. So the `Host` must name this
    /// machine by a loopback name, and a request a browser sent (it always says its `Origin` on a POST, and
    /// `Sec-Fetch-Site` when it is another site) is refused: the clients are programs.
    nonisolated static func refusal(of request: HTTPRequest) -> HTTPResponse? {
        func header(_ name: String) -> String? {
            request.headers.first { $0.key.lowercased() == name }?.value
        }
        let host = (header("host") ?? "").lowercased()
        let loopback = ["127.0.0.1", "localhost", "[::1]"].contains { name in
            guard host.hasPrefix(name) else { return false }
            let port = host.dropFirst(name.count)
            return port.isEmpty || (port.first == ":" && port.count > 1 && port.dropFirst().allSatisfy(\.isNumber))
        }
        let fromBrowser = header("origin") != nil || (header("sec-fetch-site").map { $0 != "none" } ?? false)
        guard !loopback || fromBrowser else { return nil }
        let body =
            #"{"error":{"code":403,"message":"FORBIDDEN_ORIGIN : only programs on this machine may call it (Host 127.0.0.1 or localhost, no Origin)","status":"PERMISSION_DENIED"}}"#
        return HTTPResponse(
            status: 403, headers: ["Content-Type": "application/json; charset=utf-8"], body: Data(body.utf8))
    }

    /// Why the server could not start, in the user's language where the reason is a common one.
    private func reason(_ error: HTTPServerError) -> String {
        switch error {
        case .addressInUse(_, let port): text(.servePortInUse, ["port": String(port)])
        default: String(describing: error)
        }
    }
}
