import SignInDomain
import SignInEmbeddedStore
import SignInFirebase
import SignInJOSE
import SignInPresentation
import Testing

@testable import SignInDemoCLI

@Suite("CommandLineParser")
struct CommandLineParserTests {
    @Test("no arguments runs the guided demo, asking at the consent step")
    func noArguments() throws {
        #expect(try CommandLineParser.parse([]) == Invocation())
    }

    @Test(
        "reads commands and options, options anywhere",
        arguments: [
            (["--yes"], Invocation(assumeYes: true)),
            (["-y", "--hide-email"], Invocation(assumeYes: true, hideEmail: true)),
            (["sign-in", "apple", "--yes"], Invocation(command: .signIn(.apple), assumeYes: true)),
            (["sign-in", "guest"], Invocation(command: .signIn(.anonymous))),
            (
                ["sign-in", "email", "--email", " a@b.co ", "--password=pw pw pw"],
                Invocation(command: .signIn(.emailPassword), email: "a@b.co", password: "pw pw pw")
            ),
            (["link", "google", "--account", " sam "], Invocation(command: .link(.google), account: "sam")),
            (["link", "email", "--switch-account"], Invocation(command: .link(.emailPassword), switchAccount: true)),
            (["unlink", "apple"], Invocation(command: .unlink(.apple))),
            (["open-link", "signin-demo://x"], Invocation(command: .openLink("signin-demo://x"))),
            (["delete-account", "-y"], Invocation(command: Command(.deleteAccount), assumeYes: true)),
            (["serve", "--project", "demo-x"], Invocation(command: Command(.serve), project: "demo-x")),
            (["interactive"], Invocation(command: Command(.interactive))),
            (["outbox"], Invocation(command: Command(.outbox))),
            (["sign-up"], Invocation(command: Command(.signUp))),
            (["reset-password"], Invocation(command: Command(.resetPassword))),
            (["check-credential"], Invocation(command: Command(.checkCredential))),
            (["apple-revoke"], Invocation(command: Command(.appleRevoke))),
            (["--data-dir", "/tmp/x", "status"], Invocation(command: Command(.status), dataDirectory: "/tmp/x")),
            (
                ["status", "--json", "--data-dir=/d"],
                Invocation(command: Command(.status), dataDirectory: "/d", json: true)
            ),
            (["sign-out"], Invocation(command: Command(.signOut))),
            (
                ["change-password", "--current-password", "old"],
                Invocation(command: Command(.changePassword), currentPassword: "old")
            ),
            (["--help"], Invocation(command: .help(nil))), (["help"], Invocation(command: .help(nil))),
            (["status", "-h"], Invocation(command: .help("status"))),
            (["help", "sign-in"], Invocation(command: .help("sign-in"))),
            (["sign-in", "--help"], Invocation(command: .help("sign-in"))),
            (["--version"], Invocation(command: Command(.version))), (["-V"], Invocation(command: Command(.version))),
            (["version"], Invocation(command: Command(.version))),
            // `--` ends the options: what follows is an operand even if it starts with a dash.
            (["open-link", "--", "--not-an-option"], Invocation(command: .openLink("--not-an-option"))),
            (["status", "--verbose"], Invocation(command: Command(.status), verbose: true)),
            // Found by the cli-args fuzzer: "=" followed by a combining mark is one Character.
            (
                ["sign-in", "email", "--email=\u{301}a@b.co"],
                Invocation(command: .signIn(.emailPassword), email: "\u{301}a@b.co")
            ),
        ])
    func parses(arguments: [String], expected: Invocation) throws {
        #expect(try CommandLineParser.parse(arguments) == expected)
    }

    @Test(
        "bad command lines are usage errors that say what is wrong",
        arguments: [
            (["--nope"], "unknown option '--nope'"),
            (["frobnicate"], "unknown command 'frobnicate'"),
            // The lists of providers come from the registered ones.
            (["sign-in"], "sign-in needs a provider: \(Registered.all), \(Registered.signInOthers)"),
            (
                ["sign-in", "myspace"],
                "unknown provider 'myspace' for sign-in (known: \(Registered.all), \(Registered.signInOthers))"
            ),
            (
                ["link", "anonymous"],
                "unknown provider 'anonymous' for link (known: \(Registered.linkable), \(Registered.linkOthers))"
            ),
            (["unlink"], "unlink needs a provider: \(Registered.linkable), \(Registered.linkOthers)"),
            (["open-link"], "open-link needs the link from the mail"),
            (["--yes=no"], "--yes takes no value"),
            (["--email"], "--email needs a value"),
            (["sign-in", "apple", "extra"], "unexpected 'extra' after 'sign-in apple'"),
            (["status", "now"], "unexpected 'now' after 'status'"),
            (["--data-dir"], "--data-dir needs a value"),
            (["--data-dir="], "--data-dir needs a value"),
            (["serve", "--json"], "--json does not apply to 'serve'"),
            (["sign-in", "email", "--email", "--json"], "--email needs a value"),
            (["update-profile", "--name", "--yes"], "--name needs a value"),
            (["sign-up", "--email", "a@b.co", "--email", "c@d.co"], "--email is given twice; give it once."),
            (["status", "--json", "--json"], "--json is given twice; give it once."),
            (["--version", "extra"], "--version takes no command or operand: run 'signin-demo --version' alone."),
            (["status", "--version"], "--version takes no command or operand: run 'signin-demo --version' alone."),
            (["status", "--yes"], "--yes does not apply to 'status'"),
            (["outbox", "--email", "a@b.co"], "--email does not apply to 'outbox'"),
            (["check-credential", "--hide-email"], "--hide-email does not apply to 'check-credential'"),
            (["apple-revoke", "--password", "x"], "--password does not apply to 'apple-revoke'"),
            (["--json"], "--json needs a command that takes it"),
            (["help", "nothing"], "unknown command 'nothing'"),
            (["--backend", "cloud"], "unknown backend 'cloud' (use embedded, firebase or rest)"),
            (["serve", "--port", "65536"], "the port must be a number from 0 to 65535 (it is '65536')"),
            (["serve", "--port", "+80"], "the port must be a number from 0 to 65535 (it is '+80')"),
            (
                ["serve", "--project", "a/b"],
                "a project id is letters, digits and '-', at most 63 of them (it is 'a/b')"
            ),
            (
                ["serve", "--project", "a b"],
                "a project id is letters, digits and '-', at most 63 of them (it is 'a b')"
            ),
            (["status", "--project", "p"], "--project does not apply to 'status'"),
            (["status", "--port", "80"], "--port does not apply to 'status'"),
            (["serve", "--id-token-file", "t"], "--id-token-file does not apply to 'serve'"),
            (["serve", "--base-url", "http://x"], "--base-url does not apply to 'serve'"),
            (
                ["status", "--base-url", "ftp://x"],
                "--base-url must be an http or https URL with a host and no user, query or fragment (it is 'ftp://x')"
            ),
            (
                ["status", "--base-url", "http://u:p@x"],
                "--base-url must be an http or https URL with a host and no user, query or fragment (it is 'http://u:p@x')"
            ),
            // Found by the cli-args fuzzer: a name asked about with --help must be a command too.
            (["help", "", "--help"], "unknown command ''"),
            (["help", "nothing", "--help"], "unknown command 'nothing'"),
        ])
    func usageErrors(arguments: [String], message: String) {
        let english = CLIMessages(language: "en")
        #expect(throws: UsageError.self) { try CommandLineParser.parse(arguments) }
        do {
            _ = try CommandLineParser.parse(arguments)
        } catch {
            #expect(english(error.key, error.arguments) == message)
        }
    }

    @Test("every name of every registered provider parses, in any case, for the commands that take it")
    func everyProviderName() throws {
        for provider in CompositionRoot.providers.map(\.description) {
            for name in provider.commandNames {
                #expect(
                    try CommandLineParser.parse(["sign-in", " \(name.uppercased()) "]).command == .signIn(provider.type)
                )
                let link = Result { try CommandLineParser.parse(["link", name]).command }
                #expect((try? link.get()) == (provider.isLinkable ? .link(provider.type) : nil))
            }
        }
        let help = CommandLineHelp(text: CLIMessages(language: "en")).global()
        #expect(
            help.contains("sign-in " + CompositionRoot.providers.map(\.description.commandName).joined(separator: "|")))
    }

    @Test("a passkey signs in but is no provider to link; passkey takes add, list and remove with an id")
    func passkeyWords() throws {
        #expect(try CommandLineParser.parse(["sign-in", " Passkey "]).command == .signIn(.passkey))
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["link", "passkey"]) }
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["unlink", "passkey"]) }
        #expect(try CommandLineParser.parse(["passkey", "ADD", "--name", "laptop"]).command == .passkey(.add))
        #expect(try CommandLineParser.parse(["passkey", "remove", "abc"]).command == .passkey(.remove, id: "abc"))
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["passkey"]) }
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["passkey", "enroll"]) }
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["passkey", "list", "extra"]) }
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["sign-in", "passkey", "extra"]) }
        let help = CommandLineHelp(text: CLIMessages(language: "en"))
        #expect(help.command("sign-in").contains("passkey"))
        #expect(help.global().contains("passkey add|list|remove [ID]"))
    }

    @Test(
        "every command of the table parses, with each of its options, and has its own help",
        arguments: CommandTable.commands.map(\.name))
    func everyCommand(name: String) throws {
        let spec = try #require(CommandTable.spec(named: name))
        var arguments = [name]
        switch spec.operand {
        case .provider(let choice):
            arguments.append(try #require(choice.allowed(in: CompositionRoot.providers.descriptions).first).commandName)
        case .link: arguments.append("signin-demo://reset-password?code=x")
        case .mfaAction: arguments.append(MFAAction.list.rawValue)
        case .passkeyAction: arguments.append(PasskeyAction.list.rawValue)
        case .none, .optionalCommand: break
        }
        for option in spec.options {
            let option = CommandTable.option(option)
            arguments.append(option.long)
            if option.value != nil {
                arguments.append(option.name == .port ? "9099" : option.name == .code ? "123456" : "value")
            }
        }
        let invocation = try CommandLineParser.parse(arguments)
        #expect(invocation.command.spec.name == name)
        let help = CommandLineHelp(text: CLIMessages(language: "en"))
        #expect(help.command(name).contains(spec.exampleLine))
        #expect(help.global().contains(name))
    }
}

@Suite("DataPaths")
struct DataPathsTests {
    @Test("--data-dir wins over the environment, which wins over the platform default")
    func precedence() {
        let environment = ["SIGNIN_DEMO_DATA_DIR": "/env", "HOME": "/home/u", "XDG_DATA_HOME": "/xdg"]
        #expect(DataPaths.resolve(option: "/opt", environment: environment)?.root == "/opt")
        #expect(DataPaths.resolve(option: nil, environment: environment)?.root == "/env")
        #if !canImport(Darwin)
            #expect(
                DataPaths.resolve(option: nil, environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/xdg"])?.root
                    == "/xdg/signin-demo")
            #expect(
                DataPaths.resolve(option: nil, environment: ["HOME": "/home/u"])?.root
                    == "/home/u/.local/share/signin-demo")
            #expect(
                DataPaths.resolve(option: nil, environment: ["HOME": "/home/u", "XDG_DATA_HOME": "relative"])?.root
                    == "/home/u/.local/share/signin-demo")
        #endif
        #expect(DataPaths.resolve(option: nil, environment: [:]) == nil)
    }

    @Test("the backend and the session live in separate subfolders, with one session file per backend")
    func layout() {
        let paths = DataPaths(root: "/d")
        #expect(paths.backendFolder == "/d/backend")
        #expect(paths.sessionFile(for: .embedded) == "/d/client/session.json")
        // One session file per backend: a session is never refreshed at another backend than its own, and a
        // Firebase backend is its host, key and tenant together.
        let names = [
            FirebaseConfiguration(apiKey: "k", emulatorHost: "a-b:1"),
            FirebaseConfiguration(apiKey: "k", emulatorHost: "a.b:1"),
            FirebaseConfiguration(apiKey: "k"), FirebaseConfiguration(apiKey: "k2"),
            FirebaseConfiguration(apiKey: "k", tenantID: "t"),
        ].map { paths.sessionFile(for: .firebase($0)) }
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0.hasPrefix("/d/client/session-firebase-") && !$0.contains("k2") })
    }
}

/// The registered providers' command names, as the usage errors list them.
enum Registered {
    static let all = CompositionRoot.providers.map(\.description.commandName).joined(separator: ", ")
    static let linkable = CompositionRoot.providers.filter(\.description.isLinkable).map(\.description.commandName)
        .joined(separator: ", ")
    /// What `sign-in` and `link` take besides the registered providers (a passkey, a mailed link, a phone number).
    static let signInOthers = ProviderChoice.any.unregistered.map(\.rawValue).joined(separator: ", ")
    static let linkOthers = ProviderChoice.linkable.unregistered.map(\.rawValue).joined(separator: ", ")
}
