import Foundation
import SignInTesting
import Testing

@testable import SignInDemoCLI

/// `verify-email` mails a link; `open-link` opens it as it opens a reset link.
@MainActor
@Suite("verify-email and open-link")
struct VerifyEmailCLITests {
    let folder = TemporaryFolder(prefix: "signin-verify-email")

    func run(_ arguments: [String], language: String = "en_US.UTF-8", environment: [String: String] = [:]) async
        -> (code: ExitCode, out: String, err: String)
    {
        await runCLI(arguments, folder: folder, language: language, environment: environment)
    }

    func verificationLink(in outbox: String) -> String? {
        outbox.split(whereSeparator: \.isWhitespace).map(String.init)
            .last { $0.contains("verify-email?code=") || $0.contains("mode=verifyEmail") }
    }

    @Test("in-process: mailed to the outbox, opened with open-link (no password asked), used once; a guest has none")
    func embedded() async throws {
        #expect(await run(["sign-up", "--email", "ve@example.com", "--password", "ve password 1"]).code == .success)
        let sent = await run(["verify-email"])
        #expect(sent.code == .success && sent.out.contains("A verification link was mailed to ve@example.com"))
        let link = try #require(verificationLink(in: await run(["outbox"]).out))
        let opened = await run(["open-link", link])
        #expect(opened.code == .success && opened.out.contains("ve@example.com is verified."), "\(opened.err)")
        let again = await run(["open-link", link], language: "zh_TW.UTF-8")
        #expect(again.code == .failure && again.err.contains("此驗證連結無效、已被使用或已過期"), "\(again.err)")
        // A link with no code is no good, which is said before any password is asked for.
        let empty = await run(["open-link", "signin-demo://verify-email?code="])
        #expect(empty.code == .failure && empty.err.contains("This link cannot be opened."), "\(empty.err)")
        #expect(await run(["sign-in", "guest", "--yes"]).code == .success)
        let guest = await run(["verify-email"])
        #expect(guest.code == .failure && guest.err.contains("no email address to verify"), "\(guest.err)")
    }

    @Test("against serve: the emulator's oobCodes list it, and open-link verifies it; a team's API has none")
    func overServe() async throws {
        let serve = try InProcessServe()
        defer { serve.stop() }
        let firebase = serve.environment
        let remote = ["--backend", "firebase"]
        #expect(
            await run(
                ["sign-up", "--email", "vs@example.com", "--password", "vs password 1"] + remote, environment: firebase
            )
            .code == .success)
        #expect(await run(["verify-email"] + remote, environment: firebase).code == .success)
        let outbox = await run(["outbox"] + remote, environment: firebase)
        let link = try #require(verificationLink(in: outbox.out), "\(outbox.out)")
        let opened = await run(["open-link", link] + remote, environment: firebase)
        #expect(opened.code == .success && opened.out.contains("vs@example.com is verified."), "\(opened.err)")
        let rest = await run(["verify-email", "--backend", "rest", "--base-url", "http://127.0.0.1:9"])
        #expect(rest.code == .failure && rest.err.contains("email verification"), "\(rest.err)")
    }
}
