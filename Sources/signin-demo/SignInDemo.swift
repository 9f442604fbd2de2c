import Foundation

/// The entry point: run the CLI on the real terminal and exit with its code.
@main
struct SignInDemo {
    @MainActor
    static func main() async {
        // The raw bytes, not `CommandLine.arguments`, which replaces invalid UTF-8 instead of refusing it.
        let raw = (1..<Int(CommandLine.argc)).map { index -> [UInt8] in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
        // A closed pipe is a failed write (EPIPE) to handle, not a signal that kills the process mid-operation.
        signal(SIGPIPE, SIG_IGN)
        let text = CLIMessages(language: CompositionRoot.language(ProcessInfo.processInfo.environment))
        let code = await DemoCLI(console: .system(text: text)).run(rawArguments: raw)
        exit(code.rawValue)
    }
}
