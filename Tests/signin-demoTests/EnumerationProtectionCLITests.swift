import Foundation
import SignInData
import SignInInfrastructure
import SignInTesting
import Testing

@testable import SignInDemoCLI

/// Email enumeration protection as `serve`'s project setting, through the Firebase client and the CLI: on, one
/// answer for an unknown email and a wrong password; off (the emulator's `config` endpoint), each says which.
@MainActor
@Suite("Email enumeration protection through the CLI")
struct EnumerationProtectionCLITests {
    let folder = TemporaryFolder(prefix: "signin-enumeration")

    func setProtection(_ on: Bool, at serve: InProcessServe) async throws {
        let url = try #require(URL(string: "http://127.0.0.1:\(serve.port)/emulator/v1/projects/demo-signin/config"))
        let body = try JSONSerialization.data(withJSONObject: ["emailPrivacyConfig": ["enableImprovedEmailPrivacy": on]]
        )
        let answer = try await URLSessionTransport().send(
            HTTPRequest(method: "PATCH", url: url, headers: ["Content-Type": "application/json"], body: body))
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
    }

    @Test("on: the same words for both; off: 'no account' with a sign-up hint, 'wrong password', in each language")
    func protection() async throws {
        let serve = try InProcessServe()
        defer { serve.stop() }
        func run(_ arguments: [String], language: String = "en_US.UTF-8") async -> (
            code: ExitCode, out: String, err: String
        ) {
            await runCLI(
                arguments + ["--backend", "firebase"], folder: folder, language: language,
                environment: serve.environment)
        }
        #expect(
            await run(["sign-up", "--email", "jane@example.com", "--password", "jane password 1"]).code == .success)
        #expect(await run(["sign-out"]).code == .success)
        let unknown = ["sign-in", "email", "--email", "nobody@example.com", "--password", "jane password 1"]
        let wrong = ["sign-in", "email", "--email", "jane@example.com", "--password", "wrong password 1"]

        let merged = await run(unknown)
        #expect(merged.code == .failure && merged.err.contains("Wrong email or password."), "\(merged.err)")
        #expect(await run(wrong).err.contains("Wrong email or password."))
        #expect(await run(["reset-password", "--email", "nobody@example.com"]).code == .success, "no telling")

        try await setProtection(false, at: serve)
        let noAccount = await run(unknown)
        #expect(noAccount.code == .failure, "\(noAccount.out)")
        #expect(noAccount.err.contains("No account signs in with this email."), "\(noAccount.err)")
        #expect(
            noAccount.err.contains("signin-demo --backend firebase sign-up"),
            "the hint offers a sign-up: \(noAccount.err)")
        let wrongPassword = await run(wrong)
        #expect(wrongPassword.err.contains("Wrong password."), "\(wrongPassword.err)")
        #expect(wrongPassword.err.contains("reset-password"), "the hint offers a reset: \(wrongPassword.err)")
        let reset = await run(["reset-password", "--email", "nobody@example.com"])
        #expect(reset.code == .failure && reset.err.contains("No account signs in with this email."), "\(reset.err)")
        #expect(await run(unknown, language: "tr_TR.UTF-8").err.contains("Bu e-posta ile oturum açan bir hesap yok."))
        #expect(await run(wrong, language: "zh_TW.UTF-8").err.contains("密碼錯誤。"))
        #expect(await run(["status"]).code == .failure, "nobody got signed in")
    }

    @Test(
        "over serve, open-link checks the code first (accounts:resetPassword with the oobCode alone) and names the email"
    )
    func resetLinkCheckedOverServe() async throws {
        let serve = try InProcessServe()
        defer { serve.stop() }
        func run(_ arguments: [String], input: [String] = []) async -> (code: ExitCode, out: String, err: String) {
            await runCLI(
                arguments + ["--backend", "firebase"], folder: folder, environment: serve.environment, input: input,
                terminal: !input.isEmpty)
        }
        #expect(
            await run(["sign-up", "--email", "link@example.com", "--password", "link password 1"]).code == .success)
        #expect(await run(["reset-password", "--email", "link@example.com"]).code == .success)
        let outbox = await run(["outbox"])
        // The emulator says the mail's kind, not its subject or time: the line says both in words.
        #expect(outbox.out.contains("to link@example.com  Reset your password"), "\(outbox.out)")
        #expect(outbox.out.contains("(time not reported)") && !outbox.out.contains("PASSWORD_RESET"), "\(outbox.out)")
        let link = try #require(
            outbox.out.split(whereSeparator: \.isWhitespace).map(String.init).last {
                $0.hasPrefix("http://127.0.0.1:") && $0.contains("/emulator/action?mode=resetPassword&")
            },
            "\(outbox.out)")
        let opened = await run(["open-link", link], input: ["link password 2", "link password 2"])
        #expect(opened.code == .success, "\(opened.err)")
        #expect(opened.out.contains("This link sets a new password for link@example.com."), "\(opened.out)")
        let again = await run(["open-link", link], input: ["link password 3", "link password 3"])
        #expect(again.code == .failure && !again.out.contains("New password"), "\(again.out) \(again.err)")
        #expect(serve.log.err.contains("accounts:resetPassword"), "the check went through serve")
    }
}
