import SignInDomain

/// What the command line asks for.
enum Command: Hashable, Sendable {
    /// The guided tour (no command).
    case tour
    /// `interactive`: a menu of every flow.
    case interactive
    /// `sign-in <provider>`.
    case signIn(ProviderName)
    /// `sign-up`.
    case signUp
    /// `link <provider>`.
    case link(ProviderName)
    /// `unlink <provider>`.
    case unlink(ProviderName)
    /// `sign-out`.
    case signOut
    /// `status`.
    case status
    /// `reset-password`.
    case resetPassword
    /// `open-link <url>`.
    case openLink(Secret)
    /// `check-credential`.
    case checkCredential
    /// `delete-account`.
    case deleteAccount
    /// `change-password`.
    case changePassword
    /// `apple-revoke`: the user stops using Sign in with Apple with the app (a demo helper).
    case appleRevoke
    /// `outbox`: the mails the embedded backend sent.
    case outbox
    /// `--help`, `help`.
    case help
    /// `--version`.
    case version
}

/// A provider as the command line names it.
enum ProviderName: String, Hashable, Sendable, CaseIterable {
    case apple, google, anonymous, email

    /// Accepts the aliases `guest` and `password`.
    init?(argument: String) {
        switch argument.lowercased() {
        case "apple": self = .apple
        case "google": self = .google
        case "anonymous", "guest": self = .anonymous
        case "email", "password": self = .email
        default: return nil
        }
    }
}

/// Everything the command line says.
struct Invocation: Hashable, Sendable {
    var command: Command = .tour
    /// `--data-dir`: where the backend and the session live.
    var dataDirectory: String?
    /// `--yes`: consent and confirm without asking.
    var assumeYes = false
    /// `--hide-email`: consent at the Apple sheet and hide the email.
    var hideEmail = false
    /// `--json`: machine-readable output (`status`).
    var json = false
    /// `--email`.
    var email: String?
    /// `--password`.
    var password: String?
    /// `--account`: the Google account to pick.
    var account: String?
    /// `--switch-account`: after "this credential belongs to another account", sign in to that account.
    var switchAccount = false
    /// Prompt even when standard input is not a terminal: the interactive menu, whose input is answers.
    var forcePrompts = false

    /// Whether prompts may be shown.
    func canPrompt(_ console: Console) -> Bool { console.isInteractive || forcePrompts }
}

/// A command line that could not be understood.
struct UsageError: Error, Hashable, Sendable {
    let message: String
}

/// Parses the arguments (without the program name). Options may stand anywhere.
enum CommandLineParser {
    private static let valueOptions: Set<String> = ["--data-dir", "--email", "--password", "--account"]

    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var invocation = Invocation()
        var words: [String] = []
        var index = 0
        while index < arguments.count {
            var argument = arguments[index]
            index += 1
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inlineValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            if valueOptions.contains(argument) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError(message: "\(argument) needs a value")
                }
                guard !value.isEmpty else { throw UsageError(message: "\(argument) needs a value") }
                switch argument {
                case "--data-dir": invocation.dataDirectory = value
                case "--email": invocation.email = value
                case "--password": invocation.password = value
                default: invocation.account = value
                }
                continue
            }
            if inlineValue != nil { throw UsageError(message: "\(InputText.echo(argument)) takes no value") }
            switch argument {
            case "-h", "--help":
                invocation.command = .help
                return invocation
            case "--version":
                invocation.command = .version
                return invocation
            case "-y", "--yes": invocation.assumeYes = true
            case "--hide-email": invocation.hideEmail = true
            case "--json": invocation.json = true
            case "--switch-account": invocation.switchAccount = true
            case let option where option.hasPrefix("-"):
                throw UsageError(message: "unknown option '\(InputText.echo(option))'")
            default:
                words.append(argument)
            }
        }
        invocation.command = try command(from: words)
        if invocation.json, invocation.command != .status {
            throw UsageError(message: "--json goes with 'status'")
        }
        return invocation
    }

    private static func command(from words: [String]) throws(UsageError) -> Command {
        guard let first = words.first else { return .tour }
        let rest = Array(words.dropFirst())
        func provider(for command: String, allowed: [ProviderName]) throws(UsageError) -> ProviderName {
            let names = allowed.map(\.rawValue).joined(separator: ", ")
            guard let word = rest.first else { throw UsageError(message: "\(command) needs a provider: \(names)") }
            guard let provider = ProviderName(argument: word), allowed.contains(provider) else {
                throw UsageError(message: "unknown provider '\(InputText.echo(word))' for \(command) (known: \(names))")
            }
            try noMore(rest.dropFirst(), after: "\(command) \(InputText.echo(word))")
            return provider
        }
        switch first {
        case "help":
            return .help
        case "sign-in":
            return .signIn(try provider(for: "sign-in", allowed: ProviderName.allCases))
        case "link":
            return .link(try provider(for: "link", allowed: [.apple, .google, .email]))
        case "unlink":
            return .unlink(try provider(for: "unlink", allowed: [.apple, .google, .email]))
        case "open-link":
            guard let url = rest.first else { throw UsageError(message: "open-link needs the link from the mail") }
            try noMore(rest.dropFirst(), after: "open-link")
            return .openLink(Secret(url))
        default:
            let simple: [String: Command] = [
                "interactive": .interactive, "sign-up": .signUp, "sign-out": .signOut, "status": .status,
                "reset-password": .resetPassword, "check-credential": .checkCredential,
                "delete-account": .deleteAccount, "apple-revoke": .appleRevoke, "outbox": .outbox,
                "change-password": .changePassword,
            ]
            guard let command = simple[first] else {
                throw UsageError(message: "unknown command '\(InputText.echo(first))'")
            }
            try noMore(rest[...], after: first)
            return command
        }
    }

    private static func noMore(_ words: ArraySlice<String>, after command: String) throws(UsageError) {
        if let extra = words.first {
            throw UsageError(message: "unexpected '\(InputText.echo(extra))' after '\(command)'")
        }
    }

    static let usage = """
        signin-demo: Clean Architecture sign-in, end to end, on the embedded backend (offline, no account).

        USAGE
          signin-demo [--data-dir DIR]         the guided tour of every flow, each step labelled with its layer
          signin-demo interactive              the same flows as a menu
          signin-demo sign-in apple            Sign in with Apple (a consent step stands in for Apple's sheet)
          signin-demo sign-in google           Sign in with Google (a terminal account chooser)
          signin-demo sign-in anonymous        sign in as a guest (alias: guest)
          signin-demo sign-in email            sign in with email and password
          signin-demo sign-up                  create an email/password account
          signin-demo link apple|google|email  link a provider to the signed-in account (a guest keeps its uid)
          signin-demo unlink apple|google|email  unlink a provider (never the last one)
          signin-demo status [--json]          who is signed in (exit 1 when nobody)
          signin-demo sign-out                 revoke the refresh token and remove the stored session
          signin-demo reset-password           mail a password-reset link to the outbox
          signin-demo open-link <url>          open the link from the mail and choose a new password
          signin-demo change-password          choose a new password while signed in; every other session ends
          signin-demo outbox                   show the mails the embedded backend sent
          signin-demo check-credential         check the Apple credential state; revoked signs out
          signin-demo apple-revoke             demo helper: stop using Sign in with Apple with this app, as in
                                               Settings > Apple ID
          signin-demo delete-account           delete the account, its identities and tokens, and sign out
          signin-demo --help | --version

        On a terminal each command asks for what it needs; otherwise it takes flags, and fails with exit 2 when
        one is missing. Deleting the account, changing the password and unlinking need a sign-in from the last
        five minutes: otherwise the command asks you to sign in again with the same provider first.

        OPTIONS
          -y, --yes           Consent and confirm without asking (the Apple sheet, the Google chooser's first
                              account, delete-account). Consenting is the default when standard input is not a
                              terminal; deleting never is.
          --hide-email        At the Apple sheet, consent and hide the email behind a private relay address.
          --account EMAIL     The Google account to pick.
          --email EMAIL       The email for sign-in email, sign-up, link email and reset-password.
          --password PASS     The password (sign-in email, sign-up, link email) or the new one (open-link,
                              change-password).
          --switch-account    When link finds the credential belongs to another account, sign in to that one.
          --json              With 'status': print JSON for scripts. It never contains a token.
          --data-dir DIR      Where the embedded backend, its outbox and the session live. Default:
                              $SIGNIN_DEMO_DATA_DIR, else $XDG_DATA_HOME/signin-demo, else
                              ~/.local/share/signin-demo (~/Library/Application Support/signin-demo on macOS).
          -h, --help          Show this help.
          --version           Show the version.

        Messages follow the locale (LC_ALL, LC_MESSAGES, LANG): English, Turkish (tr) or Traditional Chinese
        (zh_TW, zh_HK, zh-Hant).

        EXIT CODES
          0 success   1 failed, or signed out (status)   2 usage error   130 cancelled by the user

        """
}
