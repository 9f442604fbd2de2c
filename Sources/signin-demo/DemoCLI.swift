import Foundation
import SignInDomain
import SignInPresentation

/// The demo CLI: parses the command line, builds the graph, runs the command, reports.
@MainActor
struct DemoCLI {
    static let version = "0.2.0"

    let console: Console
    let environment: [String: String]

    init(console: Console, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.console = console
        self.environment = environment
    }

    /// Runs the CLI and returns its exit code.
    func run(_ arguments: [String]) async -> ExitCode {
        let invocation: Invocation
        do {
            invocation = try CommandLineParser.parse(arguments)
        } catch {
            console.err("signin-demo: \(error.message)\nRun 'signin-demo --help' for usage.\n")
            return .usage
        }
        switch invocation.command {
        case .help:
            console.out(CommandLineParser.usage)
            return .success
        case .version:
            console.out("signin-demo \(Self.version)\n")
            return .success
        default:
            break
        }
        guard let paths = DataPaths.resolve(option: invocation.dataDirectory, environment: environment) else {
            console.err("signin-demo: no data folder: pass --data-dir or set HOME.\n")
            return .usage
        }
        switch invocation.command {
        case .demo:
            return await GuidedDemo(console: console, paths: paths, invocation: invocation).run()
        case .signIn:
            let root = CompositionRoot(
                paths: paths, invocation: invocation, console: console, tracer: SilentFlowTracer())
            return await signInWithApple(root, console: console)
        case .status:
            return await status(paths: paths, invocation: invocation)
        case .signOut:
            return await signOut(paths: paths, invocation: invocation)
        case .help, .version:
            return .success
        }
    }

    private func status(paths: DataPaths, invocation: Invocation) async -> ExitCode {
        let root = CompositionRoot(paths: paths, invocation: invocation, console: console, tracer: SilentFlowTracer())
        let messages = AuthErrorMessages()
        let outcome: RestoreOutcome
        do {
            outcome = try await root.restoreSession()
        } catch {
            console.err("signin-demo: \(messages.message(for: error))\n  (\(error))\n")
            return .failure
        }
        switch outcome {
        case .restored(let session), .refreshed(let session):
            console.out(invocation.json ? SessionFormatter.json(session) : SessionFormatter.describe(session))
            return .success
        case .offline(let session, let error):
            console.err("signin-demo: the session has expired and could not be refreshed: \(error)\n")
            console.out(invocation.json ? SessionFormatter.json(session) : SessionFormatter.describe(session))
            return .success
        case .signedOut(let reason):
            if invocation.json {
                console.out(SessionFormatter.json(nil, reason: reason?.rawValue))
            } else {
                let detail = reason.map { " " + messages.message(for: .signedOut($0)) } ?? ""
                console.out("Not signed in.\(detail)\n")
            }
            return .failure
        case .discarded(let movedTo, let reason):
            console.err(
                "signin-demo: \(messages.message(for: .storedSessionDiscarded(movedTo: movedTo, reason: reason)))\n"
                    + "  The unreadable file was kept as \(movedTo) (\(reason)).\n")
            console.out(
                invocation.json ? SessionFormatter.json(nil, reason: "storedSessionUnreadable") : "Not signed in.\n")
            return .failure
        }
    }

    private func signOut(paths: DataPaths, invocation: Invocation) async -> ExitCode {
        let root = CompositionRoot(paths: paths, invocation: invocation, console: console, tracer: SilentFlowTracer())
        await root.viewModel.dispatch(.clickSignOut)?.value
        let state = root.viewModel.state
        if let error = state.error {
            console.err("signin-demo: \(state.errorMessage ?? "")\n")
            if error != .notSignedIn { console.err("  (\(error))\n") }
            return .failure
        }
        console.out("Signed out. The refresh token was revoked and the stored session removed.\n")
        return .success
    }
}

/// Runs the Apple sign-in through the view model and reports it: shared by the guided demo and `sign-in`.
@MainActor
func signInWithApple(_ root: CompositionRoot, console: Console, showSession: Bool = true) async -> ExitCode {
    await root.viewModel.dispatch(.clickApple)?.value
    let state = root.viewModel.state
    if let session = state.session {
        if showSession { console.out(SessionFormatter.describe(session)) }
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
