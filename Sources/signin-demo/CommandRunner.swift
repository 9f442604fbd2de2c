import Foundation
import SignInDomain
import SignInEmbeddedBackend
import SignInPresentation

/// Runs one command through the view model, the way a screen would, and reports it.
@MainActor
struct CommandRunner {
    let console: Console
    let paths: DataPaths
    let environment: [String: String]

    func root(
        _ invocation: Invocation, tracer: any FlowTracer = SilentFlowTracer(), clock: any WallClock = SystemWallClock()
    )
        -> CompositionRoot
    {
        CompositionRoot(
            paths: paths, invocation: invocation, console: console, environment: environment, tracer: tracer,
            clock: clock)
    }

    /// What a command needs but can neither find in its flags nor ask for, as a usage message.
    func missingInput(for invocation: Invocation) -> String? {
        guard !invocation.canPrompt(console) else { return nil }
        switch invocation.command {
        case .signIn(.email), .signUp, .link(.email):
            if invocation.email == nil || invocation.password == nil {
                return "this command needs --email and --password when standard input is not a terminal"
            }
        case .resetPassword where invocation.email == nil:
            return "reset-password needs --email when standard input is not a terminal"
        case .openLink where invocation.password == nil:
            return "open-link needs --password (the new password) when standard input is not a terminal"
        case .changePassword where invocation.password == nil:
            return "change-password needs --password (the new password) when standard input is not a terminal"
        case .deleteAccount where !invocation.assumeYes:
            return "delete-account needs --yes when standard input is not a terminal"
        default:
            break
        }
        return nil
    }

    /// Runs a command (not the tour or the menu) and returns its exit code.
    func execute(
        _ invocation: Invocation, tracer: any FlowTracer = SilentFlowTracer(), clock: any WallClock = SystemWallClock()
    )
        async -> ExitCode
    {
        let root = root(invocation, tracer: tracer, clock: clock)
        let viewModel = root.viewModel
        switch invocation.command {
        case .signIn(let provider):
            await viewModel.dispatch(.clickProvider(provider.type))?.value
            return report(root, cancelled: ("sign-in cancelled; nothing changed.", { $0.session == nil })) { session in
                SessionFormatter.describe(session!)
            }
        case .signUp:
            guard let input = credentials(invocation) else { return cancelled("sign-up cancelled.") }
            await viewModel.dispatch(.signUp(email: input.email, password: input.password))?.value
            return report(root) { session in SessionFormatter.describe(session!, heading: "Account created. Signed in.")
            }
        case .link(let provider):
            let before = try? await root.sessions.currentSession()
            await viewModel.dispatch(.clickLink(provider.type))?.value
            if case .credentialAlreadyInUse(let credential)? = viewModel.state.error {
                return await recover(credential, provider: provider, root: root, invocation: invocation)
            }
            return report(root, cancelled: ("link cancelled; nothing changed.", { $0.completed == nil })) { session in
                let kept = before?.uid == session?.uid ? " (uid kept)" : ""
                return SessionFormatter.describe(session!, heading: "Linked \(provider.rawValue)\(kept).")
            }
        case .unlink(let provider):
            await viewModel.dispatch(.clickUnlink(provider.type))?.value
            return report(root) { session in
                SessionFormatter.describe(session!, heading: "Unlinked \(provider.rawValue).")
            }
        case .signOut:
            await viewModel.dispatch(.clickSignOut)?.value
            return report(root) { _ in "Signed out. The refresh token was revoked and the stored session removed.\n" }
        case .status:
            return await status(root, json: invocation.json)
        case .resetPassword:
            guard let email = invocation.email ?? ask("Email: ") else { return cancelled("reset-password cancelled.") }
            await viewModel.dispatch(.requestPasswordReset(email: email))?.value
            return report(root) { _ in
                "If \(email) has an account, a reset link was mailed to it. The embedded backend's outbox is "
                    + "\(paths.backendFolder)/outbox; show it with 'signin-demo outbox'.\n"
            }
        case .openLink(let link):
            guard let password = invocation.password ?? askSecret("New password: ") else {
                return cancelled("open-link cancelled; the password stays as it was.")
            }
            await viewModel.dispatch(.openResetLink(link, newPassword: Secret(password)))?.value
            return report(root) { _ in
                "Password changed. Every session of the account was ended; sign in with 'signin-demo sign-in email'.\n"
            }
        case .changePassword:
            guard let password = invocation.password ?? askSecret("New password: ") else {
                return cancelled("change-password cancelled; the password stays as it was.")
            }
            await viewModel.dispatch(.changePassword(newPassword: Secret(password)))?.value
            return report(root) { _ in
                "Password changed. Every other session of the account was ended; this one goes on.\n"
            }
        case .checkCredential:
            await viewModel.dispatch(.checkAppleCredential)?.value
            if case .checkAppleCredential(let state)? = viewModel.state.completed, state != .authorized {
                console.out("Apple credential state: \(state.rawValue).\n")
                console.err("signin-demo: \(viewModel.state.errorMessage ?? "")\n")
                return .failure
            }
            return report(root) { _ in "Apple credential state: authorized.\n" }
        case .deleteAccount:
            if !invocation.assumeYes {
                guard ask("Type DELETE to delete your account and everything stored for it: ") == "DELETE" else {
                    return cancelled("delete-account cancelled; nothing changed.")
                }
            }
            await viewModel.dispatch(.clickDeleteAccount)?.value
            return report(root) { _ in "Account deleted: its identities and tokens are gone, and you are signed out.\n"
            }
        case .appleRevoke:
            do {
                try root.backend.appleIssuer.revokeAuthorization(clientID: root.backend.configuration.appleClientID)
            } catch {
                console.err(
                    "signin-demo: \(root.messages.message(for: error.toDomain(provider: .apple)))\n  (\(error))\n")
                return .failure
            }
            console.out(
                "Sign in with Apple is now turned off for signin-demo, as in Settings > Apple ID. "
                    + "Run 'signin-demo check-credential' to see the app notice.\n")
            return .success
        case .outbox:
            return outbox(root)
        case .tour, .interactive, .help, .version:
            return .usage
        }
    }

    // MARK: - Reporting

    /// Prints the outcome of the view model's last action: its error, a cancel (when `cancelled` says the
    /// state means one), or `success`.
    private func report(
        _ root: CompositionRoot, cancelled: (message: String, applies: (SignInState) -> Bool)? = nil,
        success: (UserSession?) -> String
    ) -> ExitCode {
        let state = root.viewModel.state
        if let error = state.error {
            console.err("signin-demo: \(state.errorMessage ?? root.messages.message(for: error))\n")
            if error != .notSignedIn { console.err("  (\(error))\n") }
            return .failure
        }
        if let cancelled, cancelled.applies(state) { return self.cancelled(cancelled.message) }
        console.out(success(state.session))
        return .success
    }

    private func cancelled(_ message: String) -> ExitCode {
        console.err("signin-demo: \(message)\n")
        return .cancelled
    }

    private func recover(
        _ credential: AuthCredential, provider: ProviderName, root: CompositionRoot, invocation: Invocation
    )
        async -> ExitCode
    {
        console.err("signin-demo: \(root.viewModel.state.errorMessage ?? "")\n")
        let wantsSwitch =
            invocation.switchAccount
            || (invocation.canPrompt(console) && ask("Sign in to that account instead? [y/N] ")?.lowercased() == "y")
        guard wantsSwitch else {
            console.err(
                "  Your account is unchanged. To use the other account: signin-demo sign-in \(provider.rawValue)\n")
            return .failure
        }
        do {
            let session = try await root.signIn.signIn(with: credential)
            console.out(SessionFormatter.describe(session, heading: "Signed in to the account that owns it."))
            return .success
        } catch {
            console.err("signin-demo: \(root.messages.message(for: error))\n  (\(error))\n")
            return .failure
        }
    }

    private func status(_ root: CompositionRoot, json: Bool) async -> ExitCode {
        let messages = root.messages
        let outcome: RestoreOutcome
        do {
            outcome = try await root.restoreSession()
        } catch {
            console.err("signin-demo: \(messages.message(for: error))\n  (\(error))\n")
            return .failure
        }
        switch outcome {
        case .restored(let session), .refreshed(let session):
            console.out(json ? SessionFormatter.json(session) : SessionFormatter.describe(session))
            return .success
        case .offline(let session, let error):
            console.err("signin-demo: the session has expired and could not be refreshed: \(error)\n")
            console.out(json ? SessionFormatter.json(session) : SessionFormatter.describe(session))
            return .success
        case .signedOut(let reason):
            if json {
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
            console.out(json ? SessionFormatter.json(nil, reason: "storedSessionUnreadable") : "Not signed in.\n")
            return .failure
        }
    }

    private func outbox(_ root: CompositionRoot) -> ExitCode {
        let messages: [OutboxMessage]
        do {
            messages = try root.backend.outbox.messages()
        } catch {
            console.err("signin-demo: cannot read the outbox: \(error)\n")
            return .failure
        }
        guard !messages.isEmpty else {
            console.out("The outbox (\(paths.backendFolder)/outbox) is empty.\n")
            return .success
        }
        for message in messages {
            console.out(
                "\(message.sentAt.formatted(.iso8601))  to \(message.to)  \(message.subject)\n  \(message.link)\n")
        }
        return .success
    }

    // MARK: - Prompts

    func ask(_ question: String) -> String? {
        console.out(question)
        guard let line = console.readLine()?.trimmingCharacters(in: .whitespaces), !line.isEmpty else { return nil }
        return line
    }

    func askSecret(_ question: String) -> String? {
        console.out(question)
        guard let line = console.readSecret(), !line.isEmpty else { return nil }
        return line
    }

    private func credentials(_ invocation: Invocation) -> (email: String, password: Secret)? {
        guard let email = invocation.email ?? ask("Email: ") else { return nil }
        guard let password = invocation.password ?? askSecret("Password: ") else { return nil }
        return (email, Secret(password))
    }
}

extension ProviderName {
    /// The provider type behind the name.
    var type: ProviderType {
        switch self {
        case .apple: .apple
        case .google: .google
        case .anonymous: .anonymous
        case .email: .emailPassword
        }
    }
}
