import Foundation
import Testing

/// The attacks that were tried through the CLI, as separate processes on a data folder of their own.
@Suite("signin-demo under attack, as separate processes")
final class SecurityEndToEndTests {
    let cli = CLIProcess(environment: ["SIGNIN_DEMO_PBKDF2_ITERATIONS": "1000"])

    deinit { cli.cleanUp() }

    var sessionFile: URL { cli.dataDirectory.appendingPathComponent("client/session.json") }

    @Test("a session copied before a password reset and put back is refused for every call, and signs the app out")
    func copiedSessionAfterReset() throws {
        #expect(try cli.run(["sign-up", "--email", "victim@example.com", "--password", "correct horse"]).status == 0)
        let stolen = try Data(contentsOf: sessionFile)
        #expect(try cli.run(["reset-password", "--email", "victim@example.com"]).status == 0)
        let outbox = try FileManager.default.contentsOfDirectory(
            atPath: cli.dataDirectory.appendingPathComponent("backend/outbox").path)
        let mail = try #require(outbox.first { $0.hasSuffix(".eml") })
        let text = try String(
            contentsOf: cli.dataDirectory.appendingPathComponent("backend/outbox/\(mail)"), encoding: .utf8)
        let link = try #require(text.split(whereSeparator: \.isNewline).first { $0.hasPrefix("signin-demo://") })
        #expect(try cli.run(["open-link", String(link), "--password", "new horse battery"]).status == 0)
        // The reset ended the account's session on this device too.
        #expect(!FileManager.default.fileExists(atPath: sessionFile.path))

        // The attacker puts the old session back, as the app would have stored it, and tries a user-scoped call.
        try stolen.write(to: sessionFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: sessionFile.path)
        let link2 = try cli.run(["link", "google", "--yes"])
        #expect(link2.status == 1)
        #expect(link2.stderr.contains("Your session has expired. Please sign in again."), "\(link2.stderr)")
        // The refusal signed the app out: the stolen session is gone from the device.
        #expect(try cli.run(["status"]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: sessionFile.path))
    }

    @Test("change-password: the old password stops working, the new one signs in, this session goes on")
    func changePassword() throws {
        #expect(try cli.run(["sign-up", "--email", "jane@example.com", "--password", "correct horse"]).status == 0)
        let changed = try cli.run(["change-password", "--password", "battery staple 9"])
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(try cli.run(["status"]).status == 0)
        #expect(try cli.run(["sign-out"]).status == 0)
        let old = try cli.run(["sign-in", "email", "--email", "jane@example.com", "--password", "correct horse"])
        #expect(old.status == 1)
        let new = try cli.run(["sign-in", "email", "--email", "jane@example.com", "--password", "battery staple 9"])
        #expect(new.status == 0, "\(new.stderr)")
    }

    @Test("an argument that is not UTF-8 is a usage error, not a lossy copy")
    func invalidUTF8Argument() throws {
        let result = try cli.runThroughShell(
            #"exec "$0" sign-in email --email a@b.co --password "$(printf 'pass\377word')""#)
        #expect(result.status == 2)
        #expect(result.stderr.contains("not valid UTF-8"), "\(result.stderr)")
    }

    @Test("a 100 KB argument is refused, and only a short part of anything typed is echoed")
    func hugeArgument() throws {
        let huge = try cli.run([
            "sign-in", "email", "--email", "a@b.co", "--password", String(repeating: "x", count: 100_000),
        ])
        #expect(huge.status == 2)
        #expect(huge.stderr.utf8.count < 400, "\(huge.stderr.utf8.count) bytes on stderr")
        let unknown = try cli.run([String(repeating: "y", count: 3000)])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.utf8.count < 400, "\(unknown.stderr.utf8.count) bytes on stderr")
    }

    @Test("a reset link with a user, a password or a port is refused and changes nothing")
    func linkInjection() throws {
        #expect(try cli.run(["sign-up", "--email", "jane@example.com", "--password", "correct horse"]).status == 0)
        let backend = try StoredBackend.state(in: cli.dataDirectory)
        for link in ["signin-demo://user:pw@reset-password?code=abc", "signin-demo://reset-password:99?code=abc"] {
            let result = try cli.run(["open-link", link, "--password", "new horse battery"])
            #expect(result.status == 1)
            #expect(result.stderr.contains("This link cannot be opened."))
        }
        #expect(try StoredBackend.state(in: cli.dataDirectory) == backend)
    }
}
