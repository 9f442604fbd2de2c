import Foundation
import SignInDemoCLI

/// The entry point: run the CLI (the SignInDemoCLI target) on the process's terminal and exit with its code.
@main
struct SignInDemo {
    @MainActor
    static func main() async {
        // The raw bytes, not `CommandLine.arguments`, which replaces invalid UTF-8 instead of refusing it.
        let arguments = (1..<Int(CommandLine.argc)).map { index -> [UInt8] in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
        // A closed pipe is a failed write (EPIPE) to handle, not a signal that kills the process mid-operation.
        signal(SIGPIPE, SIG_IGN)
        exit(await SignInDemoCommandLine.run(arguments: arguments, environment: ProcessInfo.processInfo.environment))
    }
}
