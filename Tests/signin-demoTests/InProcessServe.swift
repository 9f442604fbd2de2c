import Foundation
import SignInHTTPServer
import SignInTesting

@testable import SignInDemoCLI

/// `signin-demo serve` started in this process on a free port of 127.0.0.1, with a data folder of its own, for the
/// tests that run the CLI with `--backend firebase` against it. Stopped with ``stop()``.
@MainActor
struct InProcessServe {
    let folder = TemporaryFolder(prefix: "signin-serve-in-process")
    /// What the server logged: one line per request.
    let log = CapturedConsole(input: [], isInteractive: false)
    let server: HTTPServer
    let port: UInt16

    /// Starts a server for `providers`, with `environment` (fast password hashing added) and `project`.
    init(
        providers: [DemoProvider] = CompositionRoot.providers, environment: [String: String] = [:],
        project: String? = nil, acceptsUnsignedProviderTokens: Bool = false, unsignedSessionTokens: Bool = false
    ) throws {
        let serve = Server(
            console: log.console, paths: DataPaths(root: folder.path),
            environment: environment.merging(["SIGNIN_DEMO_PBKDF2_ITERATIONS": "1000"]) { old, _ in old },
            text: CLIMessages(language: "en", providers: providers.descriptions), providers: providers,
            project: project, acceptsUnsignedProviderTokens: acceptsUnsignedProviderTokens,
            unsignedSessionTokens: unsignedSessionTokens)
        (server, port) = try serve.start(port: 0)
    }

    /// What a client needs to reach it.
    var environment: [String: String] { ["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:\(port)"] }

    func stop() { server.stop(drainTimeout: 1) }
}

/// Runs the CLI in this process on `folder`, with fast password hashing: its exit code, output and errors.
@MainActor
func runCLI(
    _ arguments: [String], folder: TemporaryFolder, language: String = "en_US.UTF-8",
    environment: [String: String] = [:], providers: [DemoProvider] = CompositionRoot.providers,
    input: [String] = [], terminal: Bool = false
) async -> (code: ExitCode, out: String, err: String) {
    let captured = CapturedConsole(input: input, isInteractive: terminal)
    let merged = ["LANG": language, "SIGNIN_DEMO_PBKDF2_ITERATIONS": "1000"].merging(environment) { $1 }
    let code = await DemoCLI(console: captured.console, environment: merged, providers: providers).run(
        arguments + ["--data-dir", folder.path])
    return (code, captured.out, captured.err)
}
