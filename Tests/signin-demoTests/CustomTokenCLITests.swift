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
        await runCLI(arguments, folder: folder, language: language, environment: environment)
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
        let serve = try InProcessServe()
        defer { serve.stop() }
        let remote = await run(
            ["sign-in", "custom-token", "--account", "admin-made", "--backend", "firebase", "--json"],
            environment: serve.environment)
        #expect(remote.code == .success, "\(remote.err)")
        #expect(remote.out.contains(#""uid":"admin-made""#))
        let rest = await run(["sign-in", "custom-token", "--backend", "rest", "--base-url", "http://127.0.0.1:9"])
        #expect(rest.code == .failure && rest.err.contains("does not offer Sign in with a custom token"), "\(rest.err)")
    }

    @Test("an --account the server cannot mint a token for (over 128 characters) is a usage error, before any call")
    func uidTooLong() async throws {
        let long = String(repeating: "u", count: 129)
        let refused = await run(["sign-in", "custom-token", "--account", long])
        #expect(refused.code == .usage, "\(refused.err)")
        #expect(refused.err.contains("--account is your server's user id: 1 to 128 characters"), "\(refused.err)")
        let turkish = await run(["sign-in", "custom-token", "--account", long], language: "tr_TR.UTF-8")
        #expect(turkish.err.contains("1 ile 128 karakter arası"), "\(turkish.err)")
        let longest = await run(["sign-in", "custom-token", "--account", String(repeating: "u", count: 128)])
        #expect(longest.code == .success, "\(longest.err)")
    }
}
