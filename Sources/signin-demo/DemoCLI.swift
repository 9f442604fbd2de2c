import Foundation
import SignInDomain
import SignInPresentation

/// The demo CLI: parses the command line, builds the graph, runs the flow, reports.
@MainActor
struct DemoCLI {
    static let version = "0.1.0"

    let console: Console

    /// Runs the CLI and returns its exit code.
    func run(_ arguments: [String]) async -> ExitCode {
        let command: Command
        do {
            command = try CommandLineParser.parse(arguments)
        } catch {
            console.err("signin-demo: \(error.message)\nRun 'signin-demo --help' for usage.\n")
            return .usage
        }
        switch command {
        case .help:
            console.out(CommandLineParser.usage)
            return .success
        case .version:
            console.out("signin-demo \(Self.version)\n")
            return .success
        case .demo(let options):
            return await runAppleFlow(options)
        }
    }

    private func runAppleFlow(_ options: DemoOptions) async -> ExitCode {
        console.out("Sign in with Apple, on the embedded backend (in-process, offline)\n\n")
        let tracer = ConsoleFlowTracer(write: console.out)
        let root = CompositionRoot(options: options, console: console, tracer: tracer)
        tracer.record(.ui, "signin-demo", "the user taps \"Sign in with Apple\"")
        tracer.record(.ui, "SignInScreen.onAppleClick", "the screen forwards the tap to the view model")
        await root.viewModel.dispatch(.clickApple)?.value
        let state = root.viewModel.state
        if let session = state.session {
            console.out("\n" + SessionFormatter.describe(session))
            return .success
        }
        if let message = state.errorMessage {
            console.err("signin-demo: \(message)\n")
            if let error = state.error { console.err("  (\(error))\n") }
            return .failure
        }
        console.err("signin-demo: sign-in cancelled; nothing changed.\n")
        return .cancelled
    }
}
