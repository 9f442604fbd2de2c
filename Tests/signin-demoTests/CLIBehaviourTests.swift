import Foundation
import SignInDomain
import SignInPresentation
import SignInTesting
import Testing

@testable import SignInDemoCLI

/// What the CLI says and asks, in-process: the menu, warnings, JSON, and every text in the user's language.
@MainActor
@Suite("The CLI as people use it")
struct CLIBehaviourTests {
    let folder = TemporaryFolder(prefix: "signin-cli")

    func run(
        _ arguments: [String], input: [String] = [], terminal: Bool = false, language: String = "en_US.UTF-8"
    ) async -> (ExitCode, CapturedConsole) {
        let captured = CapturedConsole(input: input, isInteractive: terminal)
        let environment = ["LANG": language, "SIGNIN_DEMO_PBKDF2_ITERATIONS": "1000"]
        let code = await DemoCLI(console: captured.console, environment: environment).run(
            arguments + ["--data-dir", folder.path])
        return (code, captured)
    }

    // MARK: - The interactive menu

    /// The menu's number for `command`, from the menu the registered providers make.
    func menu(_ command: Command) -> String {
        InteractiveMenu.entries(CompositionRoot.providers).firstIndex { $0.command == command }.map { "\($0 + 1)" }
            ?? "?"
    }

    @Test("--id-token-file stands in for the named provider's screen, or for signing in again; elsewhere it is refused")
    func idTokenFileWhereItApplies() async throws {
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let token = folder.path + "/token"
        try "header.payload.signature".write(toFile: token, atomically: true, encoding: .utf8)
        for arguments in [["sign-in", "email"], ["link", "email"], ["sign-in", "guest"]] {
            let (code, captured) = await run(
                arguments + ["--id-token-file", token, "--email", "a@b.c", "--password", "p"])
            #expect(code == .usage, "\(arguments)")
            #expect(
                captured.err.contains("--id-token-file is for the providers that give an identity token"),
                "\(arguments): \(captured.err)")
        }
        // Where it applies, the token is used: this one is no identity token, and the backend says so.
        let (code, captured) = await run(["sign-in", "google", "--id-token-file", token])
        #expect(code == .failure && !captured.err.contains("--id-token-file is for"), "\(captured.err)")
        let (again, output) = await run(["delete-account", "--yes", "--id-token-file", token])
        #expect(again == .failure && !output.err.contains("--id-token-file is for"), "\(output.err)")
    }

    @Test("a bad answer at the menu is asked again in place; after a step a short prompt keeps its result in view")
    func menuAsksAgainInPlace() async {
        let (code, captured) = await run(
            ["interactive"], input: ["x", "99", menu(.signIn(.anonymous)), "?", "0"], terminal: true)
        #expect(code == .success)
        // Drawn once at the start and once when asked for with '?', never after a step.
        #expect(captured.out.components(separatedBy: "What next?").count == 3)
        #expect(captured.out.components(separatedBy: "Please answer with a number from 0 to").count == 3)
        #expect(captured.out.contains("guest:         yes"))
        #expect(captured.out.contains("refresh token: (hidden)\n\n\nChoose (1-"), "\(captured.out)")
    }

    @Test("the menu offers every command that runs a flow here: changing the display name and calling the API too")
    func menuOffersEveryCommand() async {
        let (code, captured) = await run(
            ["interactive"],
            input: [menu(.signIn(.anonymous)), menu(Command(.updateProfile)), "Ada", menu(Command(.me)), "0"],
            terminal: true)
        #expect(code == .success, "\(captured.err)")
        #expect(captured.out.contains("Change the display name") && captured.out.contains("Call the app's API"))
        #expect(captured.out.contains("New display name: "))
        #expect(captured.out.contains("HTTP 200"), "\(captured.out)")
        #expect(await run(["status"]).1.out.contains("Ada"))
    }

    @Test("Ctrl-D at a step's prompt cancels that step only, with 'cancelled' on its own line")
    func endOfInputCancelsTheStep() async {
        // Open a link; the end of input at "Link: " cancels it, and the menu goes on to quit.
        let (code, captured) = await run(["interactive"], input: [menu(InteractiveMenu.openLink)], terminal: true)
        #expect(code == .success)
        #expect(captured.out.contains("Link: \ncancelled\n"))
    }

    @Test("the reset step uses the signed-in account's email instead of asking for it")
    func resetUsesTheSignedInEmail() async {
        #expect(await run(["sign-up", "--email", "jane@example.com", "--password", "correct horse"]).0 == .success)
        let (code, captured) = await run(["interactive"], input: [menu(Command(.resetPassword)), "0"], terminal: true)
        #expect(code == .success)
        #expect(!captured.out.contains("Email: "))
        #expect(captured.out.contains("If jane@example.com has an account"))
    }

    @Test("sign-up on a terminal asks for the new password twice, and gives up after three pairs that differ")
    func signUpConfirmsThePassword() async {
        let (code, captured) = await run(
            ["sign-up", "--email", "jane@example.com"],
            input: ["correct horse", "correct hose", "a horse 123", "a hose 1234", "b horse 123", "b hose 1234"],
            terminal: true)
        #expect(code == .cancelled)
        #expect(captured.err.contains("The two passwords differ; type them again."))
        #expect(captured.err.contains("The two passwords differ.\n"))
        let (ok, _) = await run(
            ["sign-up", "--email", "jane@example.com"], input: ["correct horse", "correct horse"], terminal: true)
        #expect(ok == .success)
    }

    @Test("errors say what to do next: the command to run, or in the menu the item to choose")
    func nextSteps() async {
        let (_, status) = await run(["status"])
        #expect(status.out.contains("Sign in first: signin-demo sign-in"))
        let (_, wrong) = await run(["sign-in", "email", "--email", "a@b.co", "--password", "wrong one"])
        #expect(wrong.err.contains("signin-demo reset-password"))
        let (_, link) = await run(["open-link", "https://evil.example/?code=x", "--password", "new horse battery"])
        #expect(link.err.contains("'signin-demo outbox' lists them"))
        let (_, menu) = await run(
            ["interactive"], input: [menu(.signIn(.emailPassword)), "a@b.co", "wrong one", "0"], terminal: true)
        #expect(menu.err.contains("or choose \(self.menu(Command(.resetPassword))) to mail yourself a reset link"))
    }

    // MARK: - Flags and prompts

    @Test("--email is not asked again on a terminal; only the missing password is")
    func asksOnlyForWhatIsMissing() async {
        _ = await run(["sign-up", "--email", "jane@example.com", "--password", "correct horse"])
        _ = await run(["sign-out"])
        let (code, captured) = await run(
            ["sign-in", "email", "--email", "jane@example.com"], input: ["correct horse"], terminal: true)
        #expect(code == .success, "\(captured.err)")
        #expect(!captured.out.contains("Email: "))
        #expect(captured.out.contains("Password: "))
    }

    @Test("an unknown Google account is a usage error that names the known ones")
    func unknownGoogleAccount() async {
        let (code, captured) = await run(["sign-in", "google", "--account", "nobody@example.com"])
        #expect(code == .usage)
        #expect(captured.err.contains("jane.appleseed@gmail.com, sam.rivera@gmail.com"))
    }

    @Test("leaving a guest account needs a yes: asked on a terminal, --yes otherwise")
    func leavingAGuest() async {
        #expect(await run(["sign-in", "guest"]).0 == .success)
        let (refused, message) = await run(["sign-out"])
        #expect(refused == .usage)
        #expect(message.err.contains("--yes"))
        let (declined, _) = await run(["sign-in", "apple"], input: ["n"], terminal: true)
        #expect(declined == .cancelled)
        #expect(await run(["status"]).1.out.contains("guest:         yes"))
        #expect(await run(["sign-out", "--yes"]).0 == .success)
    }

    @Test("apple-revoke with nothing to revoke says so and exits 1")
    func nothingToRevoke() async {
        let (code, captured) = await run(["apple-revoke"])
        #expect(code == .failure)
        #expect(captured.err.contains("nothing to revoke"))
    }

    // MARK: - Passwords

    @Test("a new password that breaks the policy is refused at its first entry and asked again, not after the second")
    func policyAtFirstEntry() async {
        let (code, captured) = await run(
            ["sign-up"], input: ["ada@example.com", "short", "correct horse", "correct horse"], terminal: true)
        #expect(code == .success, "\(captured.err)")
        #expect(captured.err.components(separatedBy: "at least 8 characters").count == 2, "\(captured.err)")
        // Asked again at once; typed twice only once it passes.
        #expect(captured.out.contains("New password: New password: New password again: "), "\(captured.out)")
    }

    @Test("changing the password of an account without one is refused before anything is asked, with the next step")
    func noPasswordToChange() async {
        #expect(await run(["sign-in", "apple"]).0 == .success)
        let (offTerminal, refused) = await run(["change-password", "--password", "new password 1"])
        #expect(offTerminal == .failure)
        #expect(
            refused.err.contains("no password yet") && refused.err.contains("signin-demo link email"), "\(refused.err)")
        let (onTerminal, asked) = await run(["change-password"], input: ["new password 1"], terminal: true)
        #expect(onTerminal == .failure)
        #expect(!asked.out.contains("New password"), "\(asked.out)")
    }

    // MARK: - Hints name the backend in use

    @Test("a hint's command line names the backend in use, so that following it talks to the same backend")
    func hintsNameTheBackend() async {
        let options = "--backend rest --base-url http://127.0.0.1:1 "
        #expect(
            Console.insert(
                options,
                afterProgramNamingACommandIn: "Sign in first: signin-demo sign-in apple, or 'signin-demo outbox'.")
                == "Sign in first: signin-demo \(options)sign-in apple, or 'signin-demo \(options)outbox'.")
        // Not a command: the program's own prefix, another word, an option already there.
        for text in [
            "signin-demo: wrong", "signin-demo sign-inx", "signin-demo --backend firebase status", "signin-demo",
        ] {
            #expect(Console.insert(options, afterProgramNamingACommandIn: text) == text)
        }
        let (code, captured) = await run(["status", "--backend", "rest", "--base-url", "http://127.0.0.1:1"])
        #expect(code == .failure)
        #expect(
            (captured.out + captured.err).contains("signin-demo --backend rest --base-url http://127.0.0.1:1 sign-in"),
            "\(captured.out)\(captured.err)")
        // A value a shell would read differently is quoted, and commands that need no backend are left alone.
        #expect(Console.shellQuoted("http://127.0.0.1:1/$(id)") == "'http://127.0.0.1:1/$(id)'")
        #expect(Console.shellQuoted("it's") == #"'it'\''s'"#)
        #expect(Console.shellQuoted("http://127.0.0.1:8000/api") == "http://127.0.0.1:8000/api")
        #expect(
            Console.insert(options, afterProgramNamingACommandIn: "signin-demo serve keeps one")
                == "signin-demo serve keeps one")
        let (_, quoted) = await run(["sign-out", "--backend", "rest", "--base-url", "http://127.0.0.1:1/$(id)"])
        #expect(
            (quoted.out + quoted.err).contains("--base-url 'http://127.0.0.1:1/$(id)' "), "\(quoted.out)\(quoted.err)")
        // --base-url names your own API: with another backend it is refused, not ignored.
        #expect(await run(["sign-in", "guest", "--base-url", "http://127.0.0.1:1"]).0 == .usage)
        // On the embedded backend, the hints stay as they are.
        #expect(await run(["status"]).1.out.contains("signin-demo sign-in"))
    }

    // MARK: - JSON

    @Test("--json prints exactly one JSON object with the same keys, on success and on failure")
    func json() async throws {
        let keys: Set<String> = [
            "signedIn", "uid", "email", "displayName", "photoURL", "providers", "isAnonymous", "expiresAt", "reason",
            "error", "result",
        ]
        for arguments in [
            ["status", "--json"], ["sign-in", "email", "--email", "a@b.co", "--password", "wrong one", "--json"],
            ["sign-in", "apple", "--json"], ["status", "--json"], ["unlink", "apple", "--json"],
        ] {
            let (_, captured) = await run(arguments)
            let lines = captured.out.split(separator: "\n")
            #expect(lines.count == 1, "\(arguments): \(captured.out)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(captured.out.utf8)) as? [String: Any])
            #expect(Set(object.keys) == keys, "\(arguments)")
        }
        let (_, failed) = await run(["sign-in", "email", "--email", "a@b.co", "--password", "wrong one", "--json"])
        #expect(failed.out.contains("\"error\":{\"code\":\"wrongCredentials\""))
    }

    // MARK: - Every text in the user's language

    /// English words that no Turkish or Chinese text should contain as prose.
    static let englishWords: Set<String> = [
        "the", "and", "is", "was", "with", "from", "for", "not", "your", "you", "this", "that", "signed", "sign",
        "token", "refresh", "account", "please", "choose", "cannot", "run", "show", "in", "to", "of",
    ]

    /// The English words of `text`, leaving out identifiers, commands, paths, options and values.
    static func englishProse(in text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace || "()[]{},;\"'“”「」（），。：:".contains($0) }).compactMap {
            word -> String? in
            let word = String(word)
            guard !word.contains(where: { ".@/_-=<>|$~0123456789".contains($0) }) else { return nil }
            let letters = word.trimmingCharacters(in: .punctuationCharacters)
            guard letters.first?.isLowercase == true, !letters.dropFirst().contains(where: \.isUppercase) else {
                return nil
            }
            return englishWords.contains(letters) ? letters : nil
        }
    }

    @Test(
        "under Turkish and Traditional Chinese, help, usage errors, status and the tour have no English sentence",
        arguments: ["tr_TR.UTF-8", "zh_TW.UTF-8"])
    func noEnglish(language: String) async {
        var outputs: [String] = []
        outputs.append(await run(["--help"], language: language).1.out)
        for spec in CommandTable.commands {
            outputs.append(await run([spec.name, "--help"], language: language).1.out)
        }
        for bad in [["--nope"], ["frobnicate"], ["sign-in"], ["sign-in", "myspace"], ["status", "--yes"], ["--json"]] {
            outputs.append(await run(bad, language: language).1.err)
        }
        outputs.append(await run(["status"], language: language).1.out)
        let (code, tour) = await run([], language: language)
        #expect(code == .success, "\(tour.err)")
        outputs.append(await run(["status"], language: language).1.out)
        // The tour's own texts; its trace lines are checked with the trace catalogue.
        outputs.append(
            tour.out.split(separator: "\n").filter { !$0.contains("[") }.joined(separator: "\n"))
        for output in outputs {
            for line in output.split(separator: "\n") {
                #expect(Self.englishProse(in: String(line)).isEmpty, "\(language): \(line)")
            }
        }
    }

    @Test("every CLI text has a Turkish and a Traditional Chinese translation with the same placeholders")
    func catalogueComplete() {
        let catalogue = CLIMessages(language: "en").texts
        for language in ["tr", "zh-Hant"] {
            #expect(catalogue.missingKeys(in: language).isEmpty, "\(language)")
            for key in CLIText.allCases {
                let english = catalogue.template(key, in: "en") ?? ""
                let translated = catalogue.template(key, in: language) ?? ""
                #expect(Self.placeholders(english) == Self.placeholders(translated), "\(language) \(key)")
            }
        }
        #expect(catalogue.missingKeys(in: "en").isEmpty)
    }

    static func placeholders(_ text: String) -> Set<String> {
        var found: Set<String> = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            found.insert(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return found
    }
}
