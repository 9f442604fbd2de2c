/// The CLI's exit codes.
enum ExitCode: Int32, Sendable {
    /// The command did what it was asked.
    case success = 0
    /// The sign-in (or another operation) failed; the message is on standard error.
    case failure = 1
    /// The command line could not be understood.
    case usage = 2
    /// The user cancelled (128 + SIGINT, as shells report an interrupted command).
    case cancelled = 130
}
