import Foundation
import SignInTesting
import Testing

@testable import SignInDemoCLI

/// Nothing from outside the CLI drives the terminal: a corpus of hostile texts, stored as the account's name and as
/// a passkey's and a second factor's, goes through every command of ``CommandTable``, with and without `--json`, and
/// what reaches standard output and standard error holds no character a terminal would obey and no forged line.
@MainActor
@Suite("Terminal-safe output: one escaping where every text leaves the CLI")
struct TerminalSafetyTests {
    let folder = TemporaryFolder(prefix: "signin-terminal")

    /// What an attacker puts in a name: C0 and C1 controls, ESC with CSI and OSC (OSC 8 links, OSC 52 clipboard
    /// writes, a window title), CR and LF that forge lines, bidi overrides and zero-width characters.
    static let corpus = [
        "x\u{1B}[2J\u{1B}[Hcleared", "\u{1B}]0;title\u{07}",
        "\u{1B}]8;;https://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\",
        "\u{1B}]52;c;ZXZpbA==\u{07}", "bell\u{07}", "line1\rFAKE: overwritten", "line1\nFAKE: signed in as admin",
        "\u{9B}31mC1 CSI", "\u{85}next line", "abc\u{202E}txt.exe", "zero\u{200B}width\u{2060}joiner\u{FEFF}",
        "tab\there", "para\u{2029}graph",
    ]

    func run(_ arguments: [String]) async -> (code: ExitCode, out: String, err: String) {
        let captured = CapturedConsole()
        let code = await DemoCLI(console: captured.console, environment: ["SIGNIN_DEMO_PBKDF2_ITERATIONS": "1000"])
            .run(arguments + ["--data-dir", folder.path])
        return (code, captured.out, captured.err)
    }

    /// The scalars of `text` a terminal would obey, but the line feeds that end lines.
    static func obeyed(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter(TerminalText.needsEscape)
    }

    @Test("the boundary escapes every character of the corpus a terminal would obey, once, and JSON keeps its meaning")
    func boundary() throws {
        for text in Self.corpus {
            let safe = TerminalText.safe(text)
            #expect(Self.obeyed(safe).isEmpty, "\(safe.debugDescription)")
            #expect(TerminalText.safe(safe) == safe, "escaping twice changes nothing")
            // Inside a JSON string, the escape means the same character.
            let encoded = String(decoding: try JSONEncoder().encode([text]), as: UTF8.self)
            let decoded = try JSONDecoder().decode([String].self, from: Data(TerminalText.safe(encoded).utf8))
            #expect(decoded == [text])
        }
        #expect(TerminalText.safe("plain text, 中文, Türkçe\n") == "plain text, 中文, Türkçe\n")
    }

    /// Eve signed in with `name`, whatever the last command did (signed out, deleted the account).
    func signedIn(as name: String) async {
        let account = ["--email", "eve@example.com", "--password", "correct horse", "--yes"]
        if await run(["sign-in", "email"] + account).code != .success {
            #expect(await run(["sign-up"] + account.dropLast()).code == .success)
        }
        let updated = await run(["update-profile", "--name", name])
        #expect(updated.code == .success, "\(updated.err)")
    }

    @Test("every command, with a hostile name stored, prints nothing a terminal obeys and forges no line")
    func everyCommand() async {
        // A passkey named with the whole corpus (a device keeps one passkey an account).
        await signedIn(as: "eve")
        #expect(await run(["passkey", "add", "--name", Self.corpus.joined()]).code == .success)
        for name in Self.corpus {
            for spec in CommandTable.commands where spec.run != nil {
                for json in [false, true] {
                    await signedIn(as: name)
                    let result = await run(JSONContractTests.example(spec) + (json ? ["--json"] : []))
                    for (stream, text) in [("out", result.out), ("err", result.err)] {
                        #expect(Self.obeyed(text).isEmpty, "\(spec.name) \(stream): \(text.debugDescription)")
                        let forged = text.split(separator: "\n").filter { $0.hasPrefix("FAKE") }
                        #expect(forged.isEmpty, "\(spec.name) \(stream) forges a line: \(text.debugDescription)")
                    }
                }
            }
            await signedIn(as: name)
            let status = await run(["status"])
            #expect(
                status.out.contains(TerminalText.safe(TerminalText.oneLine(name))), "\(status.out.debugDescription)")
        }
    }
}
