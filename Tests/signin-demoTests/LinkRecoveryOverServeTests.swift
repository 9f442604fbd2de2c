import Foundation
import SignInTesting
import Testing

@testable import SignInDemoCLI

/// The recovery from a refused link, through the Firebase client against `serve`: the pending token `serve` returns
/// signs in to the account that has the identity.
@MainActor
@Suite("Link recovery against serve")
struct LinkRecoveryOverServeTests {
    let folder = TemporaryFolder(prefix: "signin-link-recovery")

    @Test("a guest links a Google account another account has: --switch-account signs in to that account")
    func switchAccount() async throws {
        let serve = try InProcessServe()
        defer { serve.stop() }
        func run(_ arguments: [String]) async -> (code: ExitCode, out: String, err: String) {
            await runCLI(arguments + ["--backend", "firebase"], folder: folder, environment: serve.environment)
        }
        let owner = await run(["sign-in", "google", "--account", "sam", "--json"])
        #expect(owner.code == .success, "\(owner.err)")
        let ownerUID = try #require(try JSONSerialization.jsonObject(with: Data(owner.out.utf8)) as? [String: Any])[
            "uid"]
        #expect(await run(["sign-out", "--yes"]).code == .success)
        #expect(await run(["sign-in", "guest"]).code == .success)
        let refused = await run(["link", "google", "--account", "sam"])
        #expect(refused.code == .failure && refused.err.contains("already"), "\(refused.err)")
        // Switching leaves the guest account for good: without --yes off a terminal, it is refused.
        let guarded = await run(["link", "google", "--account", "sam", "--switch-account"])
        #expect(guarded.code == .usage && guarded.err.contains("--yes"), "\(guarded.err)")
        let switched = await run(["link", "google", "--account", "sam", "--switch-account", "--yes"])
        #expect(
            switched.code == .success && switched.out.contains("Signed in to the account that owns it."),
            "\(switched.err)")
        let status = await run(["status", "--json"])
        let now = try #require(try JSONSerialization.jsonObject(with: Data(status.out.utf8)) as? [String: Any])
        #expect(now["uid"] as? String == ownerUID as? String)
        #expect(serve.log.err.contains("accounts:signInWithIdp"), "the switch went through serve")
    }

    @Test("a guest links a Google account whose email another account has: the error names that account's email")
    func emailExists() async throws {
        let serve = try InProcessServe()
        defer { serve.stop() }
        func run(_ arguments: [String]) async -> (code: ExitCode, out: String, err: String) {
            await runCLI(arguments + ["--backend", "firebase"], folder: folder, environment: serve.environment)
        }
        // The email of the chooser's first Google account belongs to an email account.
        #expect(
            await run(["sign-up", "--email", "jane.appleseed@gmail.com", "--password", "jane password 1"]).code
                == .success)
        #expect(await run(["sign-out"]).code == .success)
        #expect(await run(["sign-in", "guest"]).code == .success)
        let refused = await run(["link", "google", "--account", "jane"])
        #expect(refused.code == .failure, "\(refused.out)")
        #expect(refused.err.contains("jane.appleseed@gmail.com"), "the error names the owner's email: \(refused.err)")
    }
}
