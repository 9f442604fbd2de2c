/// What the command line asks for.
enum Command: Hashable, Sendable {
    /// Run the Apple sign-in flow step by step (no arguments).
    case demo(DemoOptions)
    /// Print the usage.
    case help
    /// Print the version.
    case version
}

/// Options of the demo run.
struct DemoOptions: Hashable, Sendable {
    /// Consent automatically (`--yes`), as when standard input is not a terminal.
    var assumeYes = false
    /// Hide the email at the consent step (`--hide-email`).
    var hideEmail = false
}

/// A command line that could not be understood.
struct UsageError: Error, Hashable, Sendable {
    let message: String
}

/// Parses the arguments (without the program name).
enum CommandLineParser {
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        var options = DemoOptions()
        for argument in arguments {
            switch argument {
            case "-h", "--help", "help":
                return .help
            case "--version":
                return .version
            case "-y", "--yes":
                options.assumeYes = true
            case "--hide-email":
                options.hideEmail = true
            case let flag where flag.hasPrefix("-"):
                throw UsageError(message: "unknown option '\(flag)'")
            default:
                throw UsageError(message: "unknown command '\(argument)'")
            }
        }
        return .demo(options)
    }

    static let usage = """
        signin-demo: Sign in with Apple, end to end, on the embedded backend (offline, no account needed).

        USAGE
          signin-demo [--yes] [--hide-email]
          signin-demo --help | --version

        With no arguments, runs the Sign in with Apple flow of seed 001 step by step, each step labelled
        with its layer, then prints the session (tokens redacted).

        OPTIONS
          -y, --yes       Consent at the Apple sheet without asking. This is the default when standard
                          input is not a terminal.
          --hide-email    Consent and hide the email behind a private relay address.
          -h, --help      Show this help.
          --version       Show the version.

        EXIT CODES
          0 signed in   1 sign-in failed   2 usage error   130 cancelled by the user

        """
}
