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
        #expect(nothing.code == .usage && nothing.err.contains("update-profile needs --name or --new-email"))
        let bad = await run(["update-profile", "--new-email", "nope"], language: "tr_TR.UTF-8")
        #expect(bad.code == .failure && bad.err.contains("Bu e-posta adresi geçerli değil."), "\(bad.err)")
    }
}
