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
    /// Reads a line without echoing it (a password); `nil` at the end of input.
    var readSecret: @Sendable () -> String?
    /// Whether standard input is a terminal (a person can answer prompts).
    var isInteractive: Bool

    /// The process's real standard streams.
    static let system = Console(
        out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
        err: { text in FileHandle.standardError.write(Data(text.utf8)) },
        readLine: { readTextLine() },
        readSecret: { readWithoutEcho() },
        isInteractive: isatty(STDIN_FILENO) == 1
    )

    /// Reads a line with the terminal's echo turned off, and turns it back on, also at the end of input.
    private static func readWithoutEcho() -> String? {
        var original = termios()
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &original) == 0 else {
            return readTextLine()
        }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            FileHandle.standardOutput.write(Data("\n".utf8))
        }
        return readTextLine()
    }

    /// Reads one line of standard input as text; `nil` at the end of input. A line that is not valid UTF-8 or is
    /// longer than ``InputText/maximumByteCount`` is refused with a message on standard error and reads as an
    /// empty answer, never as a lossy copy of what was typed.
    private static func readTextLine() -> String? {
        var bytes: [UInt8] = []
        var overflow = false
        while true {
            let next = getchar()
            if next == EOF {
                if bytes.isEmpty && !overflow { return nil }
                break
            }
            if next == 0x0A { break }
            if bytes.count <= InputText.maximumByteCount {
                bytes.append(UInt8(truncatingIfNeeded: next))
            } else {
                overflow = true
            }
        }
        if bytes.last == 0x0D { bytes.removeLast() }
        do throws(InputText.Refusal) {
            guard !overflow else { throw .tooLong }
            return try InputText.decode(bytes)
        } catch {
            let reason =
                error == .tooLong ? "longer than \(InputText.maximumByteCount) bytes" : "not valid UTF-8 text"
            FileHandle.standardError.write(Data("signin-demo: that answer is \(reason); it was ignored.\n".utf8))
            return ""
        }
    }
}
