import Foundation
import SignInDomain
import SignInPresentation

/// The demo CLI: parses the command line, then runs the tour, the menu, or one command.
@MainActor
struct DemoCLI {
    static let version = "0.4.0"

    let console: Console
    let environment: [String: String]
    /// Every text, in the language of the locale.
    let text: CLIMessages

    init(console: Console, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.console = console
        self.environment = environment
        self.text = CLIMessages(language: CompositionRoot.language(environment))
    }

    /// Runs the CLI on the process's arguments as bytes: each must be valid UTF-8 of a bounded size.
    func run(rawArguments: [[UInt8]]) async -> ExitCode {
        let code: ExitCode
        do {
            code = await run(try InputText.arguments(rawArguments))
        } catch {
            code = usageError(error)
        }
        return finish(code)
    }

    /// The exit code once the output is accounted for. A reader that closed the pipe early (`EPIPE`) is not a
    /// failure of the command: it ends quietly with its own code. Any other failed write to standard output (a
    /// closed descriptor, a full disk) is one line on standard error and exit 1.
    func finish(_ code: ExitCode) -> ExitCode {
        guard let failure = console.outputFailure() else { return code }
        if failure == EPIPE { return code }
        console.err(text(.outputFailed, ["reason": String(cString: strerror(failure))]) + "\n")
        return .failure
    }

    /// Runs the CLI and returns its exit code.
    func run(_ arguments: [String]) async -> ExitCode {
        let invocation: Invocation
        do {
            invocation = try CommandLineParser.parse(arguments)
        } catch {
            return usageError(error)
        }
        let help = CommandLineHelp(text: text)
        switch invocation.command {
        case .help(let name):
            console.out(name.map(help.command) ?? help.global())
            return .success
        case .version:
            console.out("signin-demo \(Self.version)\n")
            return .success
        case .interactive where !console.isInteractive:
            return usageError(UsageError(.usageInteractiveNeedsTerminal))
        default:
            break
        }
        guard let paths = DataPaths.resolve(option: invocation.dataDirectory, environment: environment) else {
            return usageError(UsageError(.usageNoDataFolder))
        }
        if let problem = paths.problem() {
            console.err(
                text(.usagePrefix, ["message": text(.hintDataFolder, ["folder": paths.root, "reason": problem])])
                    + "\n")
            return .failure
        }
        let runner = CommandRunner(console: console, paths: paths, environment: environment, text: text)
        switch invocation.command {
        case .tour:
            return await GuidedTour(runner: runner, invocation: invocation).run()
        case .interactive:
            return await InteractiveMenu(runner: runner, invocation: invocation).run()
        default:
            if let missing = runner.missingInput(for: invocation) { return usageError(missing) }
            return await runner.execute(invocation)
        }
    }

    private func usageError(_ error: UsageError) -> ExitCode {
        console.err(
            text(.usagePrefix, ["message": text(error.key, error.arguments)]) + "\n" + text(.usageSeeHelp) + "\n")
        return .usage
    }
}
