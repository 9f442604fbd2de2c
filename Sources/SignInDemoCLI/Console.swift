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
    /// Whether standard output is a terminal (a person sees what is written, and nothing else keeps it): where a
    /// secret meant for the user's eyes only may go.
    var outputIsTerminal = true
    /// The first failed write to standard output, if any: its `errno`.
    var outputFailure: @Sendable () -> Int32? = { nil }
    /// Whether standard error could still be written.
    var errorStreamWorks: @Sendable () -> Bool = { true }
    /// With `--json`, where the command's outcome is recorded, to be printed as one object at the end.
    var report: JSONReport?
    /// Standard output before ``escapingTerminalControls()``: for what the CLI draws itself (a QR code's colours).
    var unescapedOut: (@Sendable (String) -> Void)?

    /// Writes a drawing the CLI made itself, with its colour sequences: never text from outside, which goes
    /// through ``out``.
    func draw(_ drawing: String) {
        (unescapedOut ?? out)(drawing)
    }

    /// This console with every text it writes passed through ``TerminalText/safe(_:)``: the CLI's output boundary.
    func escapingTerminalControls() -> Console {
        var console = self
        let out = self.out
        let err = self.err
        console.unescapedOut = unescapedOut ?? out
        console.out = { out(TerminalText.safe($0)) }
        console.err = { err(TerminalText.safe($0)) }
        return console
    }

    /// This console with `options` (`--backend firebase`) written after each `signin-demo` that names a command in
    /// what it writes: the hints' command lines then talk to the backend in use.
    func naming(backendOptions options: [String]) -> Console {
        guard !options.isEmpty else { return self }
        var console = self
        let out = self.out
        let err = self.err
        let inserted = options.map(Self.shellQuoted).joined(separator: " ") + " "
        console.out = { out(Self.insert(inserted, afterProgramNamingACommandIn: $0)) }
        console.err = { err(Self.insert(inserted, afterProgramNamingACommandIn: $0)) }
        return console
    }

    /// `word` as a shell reads it back: as it is when it has only characters no shell treats specially, else in
    /// single quotes.
    static func shellQuoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (CharacterSet.alphanumerics.contains(scalar) || "-_./:@%+=,".unicodeScalars.contains(scalar))
        }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `text` with `inserted` after each "signin-demo " that a command's name follows.
    static func insert(_ inserted: String, afterProgramNamingACommandIn text: String) -> String {
        let program = "signin-demo "
        guard text.contains(program) else { return text }
        // The commands that talk to a backend: not serve, help, version.
        let names = CommandName.allCases.filter { ![.serve, .help, .version].contains($0) }.map(\.rawValue)
            .sorted { $0.count > $1.count }
        var result = ""
        var rest = text[...]
        while let found = rest.range(of: program) {
            result += rest[..<found.upperBound]
            rest = rest[found.upperBound...]
            let named = names.first { name in
                rest.hasPrefix(name)
                    && rest.dropFirst(name.count).first.map { !($0.isLetter || $0 == "-") } ?? true
            }
            if named != nil { result += inserted }
        }
        return result + rest
    }

    /// This console for a command run with `--json`: standard output is left to the one object printed at the end.
    /// What the command writes there for people goes to standard error when a person may be answering prompts
    /// (standard input is a terminal), and is dropped otherwise, since the object says it; its messages on standard
    /// error stay, and the first is noted by `report`.
    func reportingJSON(to report: JSONReport) -> Console {
        var console = self
        let err = self.err
        console.unescapedOut = nil
        if isInteractive {
            console.out = { err($0) }
        } else {
            console.out = { _ in }
        }
        console.err = { text in
            report.noteError(text)
            err(text)
        }
        // Nothing meant for the user's eyes only goes where a script reads.
        console.outputIsTerminal = false
        console.report = report
        return console
    }

    /// The process's real standard streams. Call once, at start: it reserves the standard descriptors.
    static func system(text: CLIMessages) -> Console {
        let closed = OutputStream.reserveStandardDescriptors()
        let stdout = OutputStream(descriptor: STDOUT_FILENO, closedAtStart: closed.stdoutClosed)
        let stderr = OutputStream(descriptor: STDERR_FILENO, closedAtStart: closed.stderrClosed)
        return Console(
            out: { stdout.write($0) },
            err: { stderr.write($0) },
            readLine: { readTextLine(errors: stderr, text: text) },
            readSecret: { readWithoutEcho(errors: stderr, text: text) },
            isInteractive: isatty(STDIN_FILENO) == 1,
            outputIsTerminal: !closed.stdoutClosed && isatty(STDOUT_FILENO) == 1,
            outputFailure: { stdout.failureCode },
            errorStreamWorks: { stderr.failureCode == nil }
        )
    }

    /// Reads a line with the terminal's echo turned off, and turns it back on, also at the end of input, and also
    /// when an interrupt (Ctrl-C) or a termination ends the program at the prompt: the shell gets its terminal back as
    /// it was, not with typing invisible.
    private static func readWithoutEcho(errors: OutputStream, text: CLIMessages) -> String? {
        var original = termios()
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &original) == 0 else {
            return readTextLine(errors: errors, text: text)
        }
        settingsToRestore = original
        let previousInterrupt = signal(SIGINT, restoreTerminalAndStop)
        let previousTermination = signal(SIGTERM, restoreTerminalAndStop)
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            signal(SIGINT, previousInterrupt)
            signal(SIGTERM, previousTermination)
            // The line the hidden answer did not end, where prompts go under --json too.
            errors.write("\n")
        }
        return readTextLine(errors: errors, text: text)
    }

    /// Reads one line of standard input as text; `nil` at the end of input. A line that is not valid UTF-8 or is
    /// longer than ``InputText/maximumByteCount`` is refused with a message on standard error and reads as an
    /// empty answer, never as a lossy copy of what was typed.
    private static func readTextLine(errors: OutputStream, text: CLIMessages) -> String? {
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
            errors.write(
                (error == .tooLong
                    ? text(.answerRefusedTooLong, ["limit": "\(InputText.maximumByteCount)"])
                    : text(.answerRefusedNotUTF8)) + "\n")
            return ""
        }
    }
}

/// The terminal's settings before a prompt hid what is typed: what ``restoreTerminalAndStop(_:)`` puts back. Written
/// only by the main thread before the handler is installed, read only by the handler.
nonisolated(unsafe) private var settingsToRestore = termios()

/// The signal handler while a prompt hides what is typed: the terminal's settings back (`tcsetattr` is safe in a
/// handler), then the signal's own default action, as if no handler had been there.
private func restoreTerminalAndStop(_ signalNumber: Int32) {
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &settingsToRestore)
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}
