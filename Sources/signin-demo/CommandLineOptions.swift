/// What the command line asks for.
enum Command: Hashable, Sendable {
    /// The guided demo (no subcommand).
    case demo
    /// `sign-in <provider>`.
    case signIn(provider: String)
    /// `status`.
    case status
    /// `sign-out`.
    case signOut
    /// `--help`, `help`.
    case help
    /// `--version`.
    case version
}

/// Everything the command line says.
struct Invocation: Hashable, Sendable {
    var command: Command = .demo
    /// `--data-dir`: where the backend and the session live.
    var dataDirectory: String?
    /// `--yes`: consent without asking.
    var assumeYes = false
    /// `--hide-email`: consent and hide the email.
    var hideEmail = false
    /// `--json`: machine-readable output (`status`).
    var json = false
}

/// A command line that could not be understood.
struct UsageError: Error, Hashable, Sendable {
    let message: String
}

/// Parses the arguments (without the program name). Options may stand anywhere.
enum CommandLineParser {
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var invocation = Invocation()
        var words: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "-h", "--help":
                invocation.command = .help
                return invocation
            case "--version":
                invocation.command = .version
                return invocation
            case "-y", "--yes":
                invocation.assumeYes = true
            case "--hide-email":
                invocation.hideEmail = true
            case "--json":
                invocation.json = true
            case "--data-dir":
                guard index < arguments.count, !arguments[index].isEmpty else {
                    throw UsageError(message: "--data-dir needs a folder")
                }
                invocation.dataDirectory = arguments[index]
                index += 1
            case let option where option.hasPrefix("--data-dir="):
                let value = String(option.dropFirst("--data-dir=".count))
                guard !value.isEmpty else { throw UsageError(message: "--data-dir needs a folder") }
                invocation.dataDirectory = value
            case let option where option.hasPrefix("-"):
                throw UsageError(message: "unknown option '\(option)'")
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
        guard let first = words.first else { return .demo }
        let rest = Array(words.dropFirst())
        switch first {
        case "help":
            return .help
        case "sign-in":
            guard let provider = rest.first else {
                throw UsageError(message: "sign-in needs a provider: \(supportedProviders.joined(separator: ", "))")
            }
            guard supportedProviders.contains(provider) else {
                throw UsageError(
                    message: "unknown provider '\(provider)' (known: \(supportedProviders.joined(separator: ", ")))")
            }
            try noMore(rest.dropFirst(), after: "sign-in \(provider)")
            return .signIn(provider: provider)
        case "status":
            try noMore(rest[...], after: "status")
            return .status
        case "sign-out":
            try noMore(rest[...], after: "sign-out")
            return .signOut
        default:
            throw UsageError(message: "unknown command '\(first)'")
        }
    }

    private static func noMore(_ words: ArraySlice<String>, after command: String) throws(UsageError) {
        if let extra = words.first { throw UsageError(message: "unexpected '\(extra)' after '\(command)'") }
    }

    static let supportedProviders = ["apple"]

    static let usage = """
        signin-demo: Clean Architecture sign-in, end to end, on the embedded backend (offline, no account).

        USAGE
          signin-demo [--yes] [--hide-email] [--data-dir DIR]    the guided demo
          signin-demo sign-in apple [--yes] [--hide-email]       sign in with Apple
          signin-demo status [--json]                            who is signed in (exit 1 when nobody)
          signin-demo sign-out                                   sign out and revoke the refresh token
          signin-demo --help | --version

        With no command, runs the Sign in with Apple flow of seed 001 step by step, each step labelled with its
        layer, then restores the session as a relaunched app would, refreshes it, and calls the app's API with
        it. Separate runs share the backend and the session through the data folder, as `gh auth login` and
        `gh auth status` do.

        OPTIONS
          -y, --yes         Consent at the Apple sheet without asking. This is the default when standard input
                            is not a terminal.
          --hide-email      Consent and hide the email behind a private relay address.
          --json            With 'status': print JSON for scripts.
          --data-dir DIR    Where the embedded backend and the session live. Default: $SIGNIN_DEMO_DATA_DIR,
                            else $XDG_DATA_HOME/signin-demo, else ~/.local/share/signin-demo
                            (~/Library/Application Support/signin-demo on macOS).
          -h, --help        Show this help.
          --version         Show the version.

        EXIT CODES
          0 success   1 failed, or signed out (status)   2 usage error   130 cancelled by the user

        """
}
