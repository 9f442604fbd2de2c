import Foundation
import SignInTesting
import Testing

@testable import SignInDemoCLI

/// `sign-in custom-token`: the team's server (played by the demo) mints a token for a uid, the CLI signs in with it.
@MainActor
@Suite("sign-in custom-token")
struct CustomTokenCLITests {
    let folder = TemporaryFolder(prefix: "signin-custom-token")

    func run(_ arguments: [String], language: String = "en_US.UTF-8", environment: [String: String] = [:]) async
        -> (code: ExitCode, out: String, err: String)
    {
        let captured = CapturedConsole(input: [], isInteractive: false)
        let merged = ["LANG": language, "SIGNIN_DEMO_PBKDF2_ITERATIONS": "1000"].merging(environment) { $1 }
        let code = await DemoCLI(console: captured.console, environment: merged).run(
            arguments + ["--data-dir", folder.path])
        return (code, captured.out, captured.err)
    }

    @Test("in-process: the uid --account names is signed in, the same account the next time")
    func embedded() async throws {
        let first = await run(["sign-in", "custom-token", "--account", "team-user-42", "--json"])
        #expect(first.code == .success, "\(first.err)")
        let session = try JSONSerialization.jsonObject(with: Data(first.out.utf8)) as? [String: Any]
        #expect(session?["uid"] as? String == "team-user-42" && session?["isAnonymous"] as? Bool == false)
        let again = await run(["sign-in", "custom-token", "--account", "team-user-42"])
        #expect(again.code == .success && again.out.contains("new user:      no"), "\(again.out)")
    }

    @Test("a token obtained elsewhere stands in; a bad one is refused in the user's language, and changes nothing")
    func provided() async throws {
        let file = folder.path + "/token"
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        try "not.a.token".write(toFile: file, atomically: true, encoding: .utf8)
        let bad = await run(["sign-in", "custom-token", "--id-token-file", file], language: "tr_TR.UTF-8")
        #expect(bad.code == .failure && bad.err.contains("giriş belirteci geçersiz"), "\(bad.err)")
        #expect(await run(["status"]).code == .failure, "nobody is signed in")
    }

    @Test("against serve: the unsigned kind the Admin SDKs make for an emulator is taken; a team's API has none")
    func overServe() async throws {
        let served = TemporaryFolder(prefix: "signin-custom-token-serve")
        let console = CapturedConsole(input: [], isInteractive: false)
        let server = Server(
            console: console.console, paths: DataPaths(root: served.path),
            environment: ["SIGNIN_DEMO_PBKDF2_ITERATIONS": "1000"], text: CLIMessages(language: "en"),
            providers: CompositionRoot.providers)
        let started = try server.start(port: 0)
        defer { started.server.stop(drainTimeout: 1) }
        let remote = await run(
            ["sign-in", "custom-token", "--account", "admin-made", "--backend", "firebase", "--json"],
            environment: ["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:\(started.port)"])
        #expect(remote.code == .success, "\(remote.err)")
        #expect(remote.out.contains(#""uid":"admin-made""#))
        let rest = await run(["sign-in", "custom-token", "--backend", "rest", "--base-url", "http://127.0.0.1:9"])
        #expect(rest.code == .failure && rest.err.contains("does not offer Sign in with a custom token"), "\(rest.err)")
    }
}
