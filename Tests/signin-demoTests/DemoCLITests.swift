import Foundation
import SignInLocking
import SignInTesting
import Testing

@testable import SignInDemoCLI

/// A console with scripted input and captured output.
final class CapturedConsole: Sendable {
    private let input: Locked<[String]>
    private let stdout = Locked("")
    private let stderr = Locked("")
    let isInteractive: Bool

    init(input: [String] = [], isInteractive: Bool = false) {
        self.input = Locked(input)
        self.isInteractive = isInteractive
    }

    var out: String { stdout.withLock { $0 } }
    var err: String { stderr.withLock { $0 } }

    var console: Console {
        Console(
            out: { text in self.stdout.withLock { $0 += text } },
            err: { text in self.stderr.withLock { $0 += text } },
            readLine: { self.input.withLock { $0.isEmpty ? nil : $0.removeFirst() } },
            readSecret: { self.input.withLock { $0.isEmpty ? nil : $0.removeFirst() } },
            isInteractive: isInteractive)
    }
}

@MainActor
@Suite("DemoCLI, in-process")
struct DemoCLITests {
    let folder = TemporaryFolder(prefix: "signin-demo")

    func run(_ arguments: [String], _ captured: CapturedConsole = CapturedConsole()) async -> (
        ExitCode, CapturedConsole
    ) {
        let code = await DemoCLI(console: captured.console, environment: [:]).run(
            arguments + ["--data-dir", folder.path])
        return (code, captured)
    }

    @Test("with no arguments and no terminal, it signs in, restores, refreshes and calls the API")
    func demo() async {
        let (code, captured) = await run([])
        #expect(code == .success, "\(captured.err)")
        #expect(captured.out.contains("providers:     apple.com"))
        #expect(captured.out.contains("restored"))
        #expect(captured.out.contains("REFRESH_TOKEN_ALREADY_ROTATED"))
        #expect(captured.out.contains("HTTP 200"))
        #expect(captured.out.contains("the guest's own"))
        #expect(captured.out.contains("the link works once"))
        #expect(captured.out.contains("credential state: revoked"))
        #expect(captured.err.isEmpty)
        // The reset link's code is live until used: the tour shows the link redacted, never the code.
        let outbox = folder.path + "/backend/outbox"
        let mails = (try? FileManager.default.contentsOfDirectory(atPath: outbox)) ?? []
        let codes = mails.filter { $0.hasSuffix(".eml") }.compactMap { name in
            (try? String(contentsOfFile: "\(outbox)/\(name)", encoding: .utf8))?
                .split(whereSeparator: \.isNewline).first { $0.hasPrefix("signin-demo://") }?
                .split(separator: "=").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        #expect(!codes.isEmpty && codes.allSatisfy { $0.count >= 40 })
        for code in codes { #expect(!captured.out.contains(code)) }
        #expect(captured.out.contains("signin-demo://reset-password?code=<redacted>"))
        // The sign-in link signs in to the account the guest became, once, and its code is not shown either.
        #expect(captured.out.contains("signin-demo://sign-in?code=<redacted>"))
        #expect(captured.out.contains("the link signed in to the same account"))
        #expect(captured.out.contains("the link works once: This sign-in link is not valid"))
        #expect(captured.out.contains("signed out and in again with a new SMS code alone: the same account"))
        // The account the tour made a passkey for is deleted, and its passkey left the device with it: a passkey
        // sign-in afterwards is not offered one that no account answers.
        let passkey = await run(["sign-in", "passkey", "--yes"]).1
        #expect(!passkey.err.contains("No account uses this passkey"), "\(passkey.err)")

        // The tour moves its clock an hour ahead for the refresh step only: what it leaves behind (the stored
        // session, the mail) carries the real time.
        let now = Date()
        let status = await run(["status", "--json"]).1.out
        let expiry = try? JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any]
        let expiresAt = (expiry?["expiresAt"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) }
        #expect(expiresAt.map { $0 <= now.addingTimeInterval(3600 + 60) } == true, "\(status)")
        let sent = await run(["outbox"]).1.out.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        let dates = sent.compactMap {
            $0.split(separator: " ").first.flatMap { ISO8601DateFormatter().date(from: String($0)) }
        }
        #expect(!dates.isEmpty && dates.allSatisfy { $0 <= now.addingTimeInterval(60) }, "\(sent)")
    }

    @Test("on a terminal it asks, and the answer '2' hides the email")
    func asks() async {
        let (code, captured) = await run(["sign-in", "apple"], CapturedConsole(input: ["2"], isInteractive: true))
        #expect(code == .success)
        #expect(captured.out.contains("Choose 1, 2 or 3"))
        #expect(captured.out.contains("@privaterelay.appleid.com"))
    }

    @Test("cancelling at the consent step exits 130, and an earlier session stays signed in")
    func cancel() async {
        _ = await run(["sign-in", "apple"])
        let (code, captured) = await run(["sign-in", "apple"], CapturedConsole(input: ["3"], isInteractive: true))
        #expect(code == .cancelled)
        #expect(captured.err.contains("cancelled"))
        let (status, _) = await run(["status"])
        #expect(status == .success)
    }

    @Test("the demo's steps go through every layer, in the KMP app's order")
    func layersInOrder() async {
        let (_, captured) = await run(["--yes"])
        let order = ["[UI]", "[Presentation]", "[Domain]", "[Infrastructure]", "[Data]", "[Backend]"]
        let positions = order.map { captured.out.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }

    @Test("sign-in, status, sign-out, status: the lifecycle across separate runs")
    func lifecycle() async {
        #expect(await run(["status"]).0 == .failure)
        let (signIn, signedIn) = await run(["sign-in", "apple"])
        #expect(signIn == .success)
        let (status, shown) = await run(["status", "--json"])
        #expect(status == .success)
        let uid = signedIn.out.split(separator: "\n").first { $0.contains("uid:") }?.split(separator: " ").last
        #expect(uid != nil && shown.out.contains(String(uid!)))
        #expect(await run(["sign-out"]).0 == .success)
        let (after, json) = await run(["status", "--json"])
        #expect(after == .failure)
        #expect(json.out.contains("\"signedIn\":false"))
        let (again, message) = await run(["sign-out"])
        #expect(again == .failure)
        #expect(message.err.contains("You are not signed in."))
    }

    @Test("no data folder at all is a usage error with a way out")
    func noDataFolder() async {
        let captured = CapturedConsole()
        let code = await DemoCLI(console: captured.console, environment: [:]).run(["status"])
        #expect(code == .usage)
        #expect(captured.err.contains("--data-dir"))
    }
}
