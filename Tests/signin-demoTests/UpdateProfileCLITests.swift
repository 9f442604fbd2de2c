import Foundation
import SignInTesting
import Testing

@testable import SignInDemoCLI

/// `update-profile`: the signed-in account's display name and email.
@MainActor
@Suite("update-profile")
struct UpdateProfileCLITests {
    let folder = TemporaryFolder(prefix: "signin-update-profile")

    func run(_ arguments: [String], language: String = "en_US.UTF-8") async -> (
        code: ExitCode, out: String, err: String
    ) {
        let captured = CapturedConsole(input: [], isInteractive: false)
        let environment = ["LANG": language, "SIGNIN_DEMO_PBKDF2_ITERATIONS": "1000"]
        let code = await DemoCLI(console: captured.console, environment: environment).run(
            arguments + ["--data-dir", folder.path])
        return (code, captured.out, captured.err)
    }

    @Test("a new email becomes the one to sign in with; nothing to change is a usage error; a bad email says so")
    func email() async {
        #expect(await run(["sign-up", "--email", "up@example.com", "--password", "up password 1"]).code == .success)
        let changed = await run(["update-profile", "--new-email", "una@example.com", "--name", "Una Park"])
        #expect(changed.code == .success && changed.out.contains("email:         una@example.com"), "\(changed.err)")
        #expect(changed.out.contains("name:          Una Park"))
        #expect(await run(["sign-out"]).code == .success)
        #expect(
            await run(["sign-in", "email", "--email", "una@example.com", "--password", "up password 1"]).code
                == .success)
        let nothing = await run(["update-profile"])
        #expect(
            nothing.code == .usage && nothing.err.contains("update-profile needs --name, --photo-url or --new-email"))
        let bad = await run(["update-profile", "--new-email", "nope"], language: "tr_TR.UTF-8")
        #expect(bad.code == .failure && bad.err.contains("Bu e-posta adresi geçerli değil."), "\(bad.err)")
    }

    @Test(
        "--photo-url sets the photo status and --json show; one that is not a web address is refused in each language")
    func photo() async throws {
        #expect(await run(["sign-up", "--email", "pic@example.com", "--password", "pic password 1"]).code == .success)
        let set = await run(["update-profile", "--photo-url", "https://example.com/pic.png"])
        #expect(set.code == .success && set.out.contains("photo:         https://example.com/pic.png"), "\(set.err)")
        let status = await run(["status", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(status.out.utf8)) as? [String: Any]
        #expect(object?["photoURL"] as? String == "https://example.com/pic.png", "\(status.out)")
        let bad = await run(["update-profile", "--photo-url", "javascript:alert(1)"], language: "zh_TW.UTF-8")
        #expect(bad.code == .failure && bad.err.contains("相片的位址必須以 https:// 或 http:// 開頭"), "\(bad.err)")
        let english = await run(["update-profile", "--photo-url", "file:///etc/passwd"])
        #expect(
            english.err.contains("The photo's address must start with https:// or http://, name a host"),
            "\(english.err)")
        #expect(await run(["status"]).out.contains("https://example.com/pic.png"), "a refused change changes nothing")
        let removed = await run(["update-profile", "--photo-url", "", "--name", ""])
        #expect(
            removed.code == .success && removed.out.contains("photo:         none"), "\(removed.err) \(removed.out)")
        #expect(removed.out.contains("name:          none"), "\(removed.out)")
        #expect(await run(["update-profile", "--new-email", ""]).code == .usage, "an empty email is still refused")
    }
}
