import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The CLI's terminal: where output goes and where answers come from. Injected, so that tests run the
/// whole CLI in-process with captured output.
struct Console: Sendable {
    /// Writes to standard output.
    var out: @Sendable (String) -> Void
    /// Writes to standard error.
    var err: @Sendable (String) -> Void
    /// Reads a line from standard input; `nil` at the end of input.
    var readLine: @Sendable () -> String?
    /// Whether standard input is a terminal (a person can answer prompts).
    var isInteractive: Bool

    /// The process's real standard streams.
    static let system = Console(
        out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
        err: { text in FileHandle.standardError.write(Data(text.utf8)) },
        readLine: { Swift.readLine(strippingNewline: true) },
        isInteractive: isatty(STDIN_FILENO) == 1
    )
}
