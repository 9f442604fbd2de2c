import Foundation

/// The demo CLI as the `signin-demo` executable runs it: on the process's own terminal, in the language of its
/// locale. Everything else of the CLI is internal to this target; its tests reach it with `@testable import`.
package enum SignInDemoCommandLine {
    /// Runs one command line.
    /// - Parameters:
    ///   - arguments: The arguments after the program's name, as the raw bytes the process received (invalid UTF-8
    ///     is refused with a usage error, never replaced).
    ///   - environment: The process's environment (the locale, the data folder, the backend's settings).
    /// - Returns: The exit status.
    @MainActor
    package static func run(arguments: [[UInt8]], environment: [String: String]) async -> Int32 {
        let text = CLIMessages(language: CompositionRoot.language(environment))
        return await DemoCLI(console: .system(text: text)).run(rawArguments: arguments).rawValue
    }
}
