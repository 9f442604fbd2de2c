import Foundation
import SignInDomain
import SignInTesting
import Testing

@testable import SignInDemoCLI

/// What a new user tripped over, each fixed and kept fixed: the suggestions a mistyped command gets, the backends the
/// help names, the option that is missing named alone, a second chance when two new passwords differ, and an error's
/// `localizedDescription`.
@MainActor
@Suite("What a new user trips over")
struct NewUserTests {
    let folder = TemporaryFolder(prefix: "signin-new-user")

    func run(_ arguments: [String], _ captured: CapturedConsole = CapturedConsole()) async -> (
        ExitCode, CapturedConsole
    ) {
        let code = await DemoCLI(
            console: captured.console, environment: ["SIGNIN_DEMO_PBKDF2_ITERATIONS": "1000"]
        ).run(arguments + ["--data-dir", folder.path])
        return (code, captured)
    }

    @Test(
        "other tools' names and typing slips get the command they meant",
        arguments: [
            ("login", "sign-in"), ("signin", "sign-in"), ("logout", "sign-out"), ("signout", "sign-out"),
            ("register", "sign-up"), ("signup", "sign-up"), ("sign-im", "sign-in"), ("statsu", "status"),
            ("Sign-In", "sign-in"),
        ])
    func suggestions(word: String, meant: String) async {
        #expect(throws: UsageError(.usageUnknownCommandSuggest, ["command": word, "suggestion": meant])) {
            try CommandLineParser.parse([word])
        }
        let (code, captured) = await run([word])
        #expect(code == .usage)
        #expect(captured.err.contains("did you mean '\(meant)'?"), "\(captured.err)")
    }

    @Test("a word like no command gets no suggestion")
    func noSuggestion() {
        #expect(throws: UsageError(.usageUnknownCommand, ["command": "frobnicate"])) {
            try CommandLineParser.parse(["frobnicate"])
        }
    }

    @Test("--backend's help and its error name every backend, rest included, in every language")
    func backends() async {
        for language in ["en", "tr", "zh-Hant"] {
            let text = CLIMessages(language: language)
            #expect(text(.optionBackend).contains("rest"), "\(language)")
            #expect(text(.usageUnknownBackend, ["backend": "x"]).contains("rest"), "\(language)")
        }
        let (code, captured) = await run(["--backend", "nope", "status"])
        #expect(code == .usage)
        #expect(captured.err.contains("embedded, firebase or rest"), "\(captured.err)")
    }

    @Test(
        "with no terminal, the one option missing is named alone",
        arguments: [
            (["--email", "a@b.co"], "sign-in needs --password"),
            (["--password", "pw 123456"], "sign-in needs --email"),
            ([], "this command needs --email and --password"),
        ])
    func missingOption(options: [String], message: String) async {
        let (code, captured) = await run(["sign-in", "email"] + options)
        #expect(code == .usage)
        #expect(captured.err.contains(message), "\(captured.err)")
    }

    @Test("two new passwords that differ are asked again, not taken for a cancel")
    func passwordsDiffer() async {
        let typing = CapturedConsole(
            input: ["first pass 1", "other pass 2", "right pass 3", "right pass 3"], isInteractive: true)
        let (code, captured) = await run(["sign-up", "--email", "retry@example.com"], typing)
        #expect(code == .success, "\(captured.err)")
        #expect(captured.err.contains("The two passwords differ; type them again."))
        #expect(captured.out.contains("retry@example.com"))
        let (signIn, _) = await run(["sign-in", "email", "--email", "retry@example.com", "--password", "right pass 3"])
        #expect(signIn == .success)
    }

    @Test("an AuthError's localizedDescription says what happened")
    func localizedDescription() {
        let error: any Error = AuthError.notSupportedByBackend(.linking)
        #expect(error.localizedDescription == "The identity backend does not offer linking.")
        #expect(!AuthError.wrongCredentials.localizedDescription.contains("could not be completed"))
    }

    @Test("a failed sign-in with --json reports the session still stored, not a signed-out one")
    func failedSignInKeepsTheSession() async {
        #expect(await run(["sign-in", "apple", "--yes"]).0 == .success)
        let (code, captured) = await run(
            ["sign-in", "email", "--email", "nobody@example.com", "--password", "wrong pass 1", "--json"])
        #expect(code == .failure)
        #expect(captured.out.contains(#""signedIn":true"#), "\(captured.out)")
        #expect(captured.out.contains(#""providers":["apple.com"]"#), "\(captured.out)")
        #expect(captured.out.contains(#""code":"wrongCredentials""#), "\(captured.out)")
    }

    @Test(
        "a command line that cannot run prints one JSON object with --json too",
        arguments: [["sign-in", "--json"], ["frobnicate", "--json"], ["sign-in", "email", "--json"]])
    func usageErrorsAsJSON(arguments: [String]) async throws {
        let (code, captured) = await run(arguments)
        #expect(code == .usage)
        let lines = captured.out.split(separator: "\n")
        #expect(lines.count == 1, "\(captured.out)")
        let object = try JSONSerialization.jsonObject(with: Data(captured.out.utf8)) as? [String: Any]
        let error = object?["error"] as? [String: Any]
        #expect(error?["code"] as? String == "usage")
        #expect((error?["message"] as? String)?.isEmpty == false)
        #expect(!captured.err.isEmpty, "the message is on standard error as well")
    }

    @Test("the tour asks before it ends a guest's session, as sign-in does; with no terminal it needs --yes")
    func tourKeepsAGuest() async {
        #expect(await run(["sign-in", "guest"]).0 == .success)
        let (refused, message) = await run([])
        #expect(refused == .usage, "\(message.err)")
        #expect(await run(["status", "--json"]).1.out.contains(#""isAnonymous":true"#), "the guest is still there")
        let (declined, _) = await run([], CapturedConsole(input: ["n"], isInteractive: true))
        #expect(declined == .cancelled)
        #expect(await run(["status", "--json"]).1.out.contains(#""isAnonymous":true"#))
        #expect(await run(["--yes"]).0 == .success)
    }

    @Test("after open-link ends every session of the account, status says so too: the stored one was the account's")
    func resetEndsTheStoredSession() async throws {
        let email = ["--email", "reset@example.com"]
        #expect(await run(["sign-up"] + email + ["--password", "first pass 1"]).0 == .success)
        #expect(await run(["reset-password"] + email).0 == .success)
        let link = try #require(mailedLinks().last)
        let (code, captured) = await run(["open-link", link, "--password", "second pass 2"])
        #expect(code == .success, "\(captured.err)")
        #expect(captured.out.contains("Every session of the account was ended"))
        let status = await run(["status", "--json"]).1.out
        #expect(status.contains(#""signedIn":false"#), "\(status)")
        #expect(await run(["sign-in", "email"] + email + ["--password", "second pass 2"]).0 == .success)
    }

    @Test("open-link says whose password a link sets before it asks; a used link is refused before any prompt")
    func openLinkChecksFirst() async throws {
        let email = ["--email", "check@example.com"]
        #expect(await run(["sign-up"] + email + ["--password", "first pass 1"]).0 == .success)
        #expect(await run(["reset-password"] + email).0 == .success)
        let link = try #require(mailedLinks().last)
        let typed = CapturedConsole(input: ["second pass 2", "second pass 2"], isInteractive: true)
        let (code, captured) = await run(["open-link", link], typed)
        #expect(code == .success, "\(captured.err)")
        let out = captured.out
        let named = try #require(out.range(of: "This link sets a new password for check@example.com."), "\(out)")
        let asked = try #require(out.range(of: "New password"), "\(out)")
        #expect(named.lowerBound < asked.lowerBound, "the email is named before the password is asked for")

        let again = CapturedConsole(input: ["third pass 3", "third pass 3"], isInteractive: true)
        let (refused, used) = await run(["open-link", link], again)
        #expect(refused == .failure)
        #expect(used.err.contains("This password-reset link is not valid or was already used."), "\(used.err)")
        #expect(!used.out.contains("New password"), "no password is asked for a used link: \(used.out)")
        #expect(await run(["sign-in", "email"] + email + ["--password", "second pass 2"]).0 == .success)
    }

    @Test("open-link for another account's password leaves this device's session alone")
    func resetOfAnotherAccountKeepsTheSession() async throws {
        #expect(await run(["sign-up", "--email", "other@example.com", "--password", "first pass 1"]).0 == .success)
        #expect(await run(["sign-in", "apple", "--yes"]).0 == .success)
        #expect(await run(["reset-password", "--email", "other@example.com"]).0 == .success)
        let link = try #require(mailedLinks().last)
        #expect(await run(["open-link", link, "--password", "second pass 2"]).0 == .success)
        let status = await run(["status", "--json"]).1.out
        #expect(status.contains(#""signedIn":true"#), "\(status)")
        #expect(status.contains(#""providers":["apple.com"]"#), "\(status)")
    }

    @Test("the menu offers only what the backend has: a team's own server gets no guest, Apple, Google or outbox")
    func menuFollowsTheBackend() async {
        let rest = ["--backend", "rest", "--base-url", "http://127.0.0.1:9"]
        let (code, captured) = await run(rest + ["interactive"], CapturedConsole(input: ["0"], isInteractive: true))
        #expect(code == .success, "\(captured.err)")
        for offered in ["Sign in with email", "Sign up with email", "Reset the password", "Open a link from a mail"] {
            #expect(captured.out.contains(offered), "\(offered)")
        }
        for missing in [
            "Sign in as a guest", "Apple", "Google", "Link email", "Unlink", "Show the outbox", "Change the password",
        ] {
            #expect(!captured.out.contains(missing), "\(missing)")
        }
        let (embedded, all) = await run(["interactive"], CapturedConsole(input: ["0"], isInteractive: true))
        #expect(embedded == .success)
        #expect(all.out.contains("Show the outbox") && all.out.contains("Stop using Sign in with Apple"))
    }

    @Test("'sign in first' names only the providers the backend signs in with")
    func signInHintFollowsTheBackend() async {
        let rest = ["--backend", "rest", "--base-url", "http://127.0.0.1:9"]
        let (code, captured) = await run(rest + ["status"], CapturedConsole())
        #expect(
            code == .failure
                && captured.out.contains(
                    "Sign in first: signin-demo --backend rest --base-url http://127.0.0.1:9 sign-in email.\n"),
            "\(captured.out)")
        let (_, embedded) = await run(["status"], CapturedConsole())
        #expect(
            embedded.out.contains(
                "Sign in first: signin-demo sign-in apple|google|anonymous|email|custom-token|passkey|oidc.NAME."),
            "\(embedded.out)")
    }

    @Test("a bad link's hint names the outbox only where the CLI can read one")
    func linkHintWithoutOutbox() async {
        let link = ["open-link", "https://evil.example/?code=x", "--password", "new horse 12"]
        let (restCode, rest) = await run(["--backend", "rest", "--base-url", "http://127.0.0.1:9"] + link)
        #expect(restCode == .failure)
        #expect(rest.err.contains("This link cannot be opened."), "\(rest.err)")
        #expect(!rest.err.contains("outbox"), "\(rest.err)")
        // Following the hint talks to the same backend.
        #expect(rest.err.contains("signin-demo --backend rest --base-url http://127.0.0.1:9 reset-password"))
        let (_, embedded) = await run(link)
        #expect(embedded.err.contains("'signin-demo outbox' lists them"), "\(embedded.err)")
    }

    @Test("what the menu says after a step names the items to choose, never a command line to run")
    func menuNamesItems() async throws {
        func number(_ command: Command) -> String {
            InteractiveMenu.entries(CompositionRoot.providers).firstIndex { $0.command == command }.map {
                "\($0 + 1)"
            } ?? "?"
        }
        #expect(await run(["sign-up", "--email", "menu@example.com", "--password", "first pass 1"]).0 == .success)
        // Reset the password: the mail, then its link (one step each), then Apple, revoked; then as a guest, Apple
        // again, declined; a wrong link; a wrong password.
        let resetStep = await run(
            ["interactive"], CapturedConsole(input: [number(Command(.resetPassword)), "0"], isInteractive: true))
        let link = try #require(mailedLinks().last)
        let answers = [
            number(InteractiveMenu.openLink), link, "second pass 2", "second pass 2",
            number(.signIn(.apple)), "1", number(Command(.appleRevoke)),
            number(.signIn(.anonymous)), number(.signIn(.apple)), "n",
            number(InteractiveMenu.openLink), "https://evil.example/?code=x", "third pass 3", "third pass 3",
            number(.signIn(.emailPassword)), "menu@example.com", "wrong pass 9", "0",
        ]
        let (code, captured) = await run(["interactive"], CapturedConsole(input: answers, isInteractive: true))
        #expect(code == .success, "\(captured.err)")
        let said = resetStep.1.out + resetStep.1.err + captured.out + captured.err
        #expect(said.contains("choose \(number(Command(.outbox))) to show it"), "\(said)")
        #expect(said.contains("choose \(number(.signIn(.emailPassword))) to sign in with the new password"), "\(said)")
        #expect(said.contains("Choose \(number(Command(.checkCredential))) to see the app notice"), "\(said)")
        #expect(said.contains("Link instead to keep it: choose \(number(.link(.apple)))"), "\(said)")
        #expect(said.contains("or choose \(number(Command(.resetPassword))) for a new one"), "\(said)")
        for command in CommandTable.commands.map(\.name) where command != "interactive" {
            #expect(!said.contains("signin-demo \(command)"), "the menu named the command line \(command)")
        }
    }

    /// The links in the embedded backend's outbox, oldest first.
    private func mailedLinks() -> [String] {
        let outbox = folder.path + "/backend/outbox"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: outbox)) ?? []).filter {
            $0.hasSuffix(".eml")
        }
        return names.sorted().compactMap { name in
            (try? String(contentsOfFile: "\(outbox)/\(name)", encoding: .utf8))?
                .split(whereSeparator: \.isNewline).first { $0.hasPrefix("signin-demo://") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }
}
