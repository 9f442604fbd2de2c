import Foundation
import SignInData
import SignInDemoAdapters
import SignInDemoTrace
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInPresentation

/// Runs one command through the view model, the way a screen would, and reports it in the user's language.
@MainActor
struct CommandRunner {
    let console: Console
    let paths: DataPaths
    /// The backend the commands talk to.
    let choice: BackendChoice
    /// With an emulator: whether it has the simulated Apple and Google sign-in of `signin-demo serve`.
    var emulatorSimulates = false
    /// With an emulator that did not answer: its host, so that a command that needs it says it cannot be reached
    /// rather than that the backend lacks what the command needs.
    var unreachableEmulator: String?
    let environment: [String: String]
    let text: CLIMessages
    /// The registered sign-in providers.
    let providers: [DemoProvider]
    /// In the interactive menu, its commands in the order it lists them: what to do next is then a menu item to
    /// choose, not a command to run. `nil` outside the menu.
    var menu: [Command]?

    func root(
        _ invocation: Invocation, tracer: any FlowTracer = SilentFlowTracer(), clock: any WallClock = SystemWallClock()
    ) -> CompositionRoot {
        CompositionRoot(
            paths: paths, choice: choice, emulatorSimulates: emulatorSimulates, invocation: invocation,
            console: console, providers: providers, environment: environment, text: text, tracer: tracer,
            clock: clock)
    }

    /// Where the session of this run's backend is kept.
    var sessionFile: String { paths.sessionFile(for: choice) }

    /// What the command needs from the backend that this backend does not have: a simulated Apple ID, a readable
    /// mailbox, a provider's screen (or an identity token obtained elsewhere).
    func unavailable(for invocation: Invocation, root: CompositionRoot) -> UsageError? {
        let spec = invocation.command.spec
        if spec.needs.contains(.simulatedApple), root.backend.apple == nil {
            return UsageError(.usageNoSimulatedApple, ["command": spec.name])
        }
        if spec.needs.contains(.mailbox), root.backend.mailbox == nil { return UsageError(.usageNoMailbox) }
        if spec.needs.contains(.providerScreen), let provider = invocation.command.provider,
            ![.emailPassword, .passkey, .emailLink, .phone].contains(provider), root.uiClients[provider] == nil
        {
            return UsageError(.usageNeedsIDToken, ["provider": text.provider(provider)])
        }
        // The uid the demo's server mints a custom token for: what Firebase takes, said before any call.
        if invocation.command.provider == .customToken, invocation.providedIDToken == nil,
            let account = invocation.account, account.count > EmbeddedIdentityService.maximumUIDLength
        {
            return UsageError(
                .usageBadCustomTokenAccount, ["maximum": String(EmbeddedIdentityService.maximumUIDLength)])
        }
        return nil
    }

    /// What a command needs but can neither find in its options nor ask for.
    func missingInput(for invocation: Invocation) -> UsageError? {
        invocation.canPrompt(console) ? nil : invocation.command.spec.missingInput(invocation)
    }

    /// Runs a command (not the tour or the menu) and returns its exit code.
    func execute(
        _ invocation: Invocation, tracer: any FlowTracer = SilentFlowTracer(), clock: any WallClock = SystemWallClock()
    ) async -> ExitCode {
        let root = root(invocation, tracer: tracer, clock: clock)
        let code = await execute(invocation, root: root)
        // With --json, the session the command ends with, when it did not say: the one stored (read locally, never
        // refreshed); left unknown when the store cannot be read.
        if let report = console.report, !report.knowsSession {
            do {
                report.record(session: try await root.sessions.currentSession())
            } catch {
                // Unreadable: `signedIn` stays null rather than claim nobody is signed in.
            }
        }
        return code
    }

    private func execute(_ invocation: Invocation, root: CompositionRoot) async -> ExitCode {
        if let refusal = refuseIfUnreachable(invocation) { return refusal }
        if let feature = notOffered(invocation.command, root: root) {
            return reportNotOffered(feature, invocation)
        }
        if let refusal = unavailable(for: invocation, root: root) { return usageError(refusal) }
        if let failure = storageFailure(of: root, for: invocation.command) {
            showError(text.errors.message(for: failure), error: failure, verbose: invocation.verbose)
            return .failure
        }
        if let refusal = await checkGoogleAccount(invocation, root: root) { return refusal }
        if let refusal = await confirmLeavingGuest(invocation, root: root) { return refusal }
        guard let run = invocation.command.spec.run else { return .usage }
        return await run(self, invocation, root)
    }

    // MARK: - What each command runs (its `CommandSpec.run`)

    func signIn(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        let provider = invocation.command.provider ?? .emailPassword
        if provider == .passkey { return await signInWithPasskey(invocation, root) }
        if provider == .emailLink { return await sendSignInLink(invocation, root) }
        if provider == .phone { return await phone(invocation, root, linking: false) }
        if provider == .emailPassword {
            guard let input = credentials(invocation, confirmNew: false) else { return cancelled(.signInCancelled) }
            await root.screen.send(.signInWithEmail(email: input.email, password: input.password))
        } else {
            await root.screen.send(.clickProvider(provider))
        }
        if let stopped = await finishSecondFactor(invocation, root) { return stopped }
        return await report(root, invocation, cancelled: (.signInCancelled, { $0.session == nil })) { session in
            session.map { SessionFormatter(text: text).describe($0) } ?? ""
        }
    }

    func signUp(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        guard let offer = root.viewModel.features.passwords?.signUp else {
            return reportNotOffered(.signIn(.emailPassword), invocation)
        }
        guard let input = credentials(invocation, confirmNew: true) else { return cancelled(.signUpCancelled) }
        await root.screen.send(.account(.signUp(offer, email: input.email, password: input.password)))
        return await report(root, invocation) { session in
            session.map { SessionFormatter(text: text).describe($0, heading: text(.accountCreated)) } ?? ""
        }
    }

    func link(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        let provider = invocation.command.provider ?? .emailPassword
        if provider == .phone { return await phone(invocation, root, linking: true) }
        guard let offer = root.viewModel.features.account?.link else { return reportNotOffered(.linking, invocation) }
        let before = try? await root.sessions.currentSession()
        if provider == .emailPassword {
            guard let input = credentials(invocation, confirmNew: true) else { return cancelled(.linkCancelled) }
            await root.screen.send(.account(.linkEmail(offer, email: input.email, password: input.password)))
        } else {
            await root.screen.send(.account(.link(offer, provider)))
        }
        if case .credentialAlreadyInUse(let credential)? = root.viewModel.state.error {
            return await recover(credential, provider: provider, root: root, invocation: invocation)
        }
        return await report(root, invocation, cancelled: (.linkCancelled, { $0.completed == nil })) { session in
            guard let session else { return "" }
            let name = ["provider": text.provider(provider)]
            let heading = before?.uid == session.uid ? text(.uidKept, name) : text(.linkedProvider, name)
            return SessionFormatter(text: text).describe(session, heading: heading)
        }
    }

    func unlink(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        let provider = invocation.command.provider ?? .emailPassword
        guard let offer = root.viewModel.features.account?.unlink else {
            return reportNotOffered(.unlinking, invocation)
        }
        if let stopped = await sendSensitive(
            root, invocation, { .account(.unlink(offer, provider, currentPassword: $0)) })
        {
            return stopped
        }
        return await report(root, invocation) { session in
            let heading = text(.unlinkedProvider, ["provider": text.provider(provider)])
            return session.map { SessionFormatter(text: text).describe($0, heading: heading) } ?? ""
        }
    }

    func signOut(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        await root.screen.send(.clickSignOut)
        return await report(root, invocation) { _ in
            text(root.backend.choice == .embedded ? .signedOutDone : .signedOutLocal) + "\n"
        }
    }

    func resetPassword(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        let signedInEmail = try? await root.sessions.currentSession()?.email
        guard let email = invocation.email ?? signedInEmail ?? ask(text(.promptEmail)) else {
            return cancelled(.resetCancelled)
        }
        guard let offer = root.viewModel.features.passwords?.requestReset else {
            return reportNotOffered(.passwordReset, invocation)
        }
        await root.screen.send(.account(.requestPasswordReset(offer, email: email)))
        return await report(root, invocation) { _ in
            if let mailbox = root.backend.mailbox {
                let values = ["email": email, "folder": mailbox.location]
                return nextStep(.resetMailed, values, orChoose: .resetMailedMenu, Command(.outbox)) + "\n"
            } else if case .rest = choice {
                let item = InteractiveMenu.openLink
                return nextStep(.resetMailedByServer, ["email": email], orChoose: .resetMailedByServerMenu, item)
                    + "\n"
            } else {
                return text(.resetMailedFirebase, ["email": email]) + "\n"
            }
        }
    }

    func openLink(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        let link = invocation.command.resetLink ?? Secret("")
        let parsed: DeepLink
        do {
            parsed = try DeepLink.parse(link.value)
        } catch {
            // A link that is no good is said so before a new password is asked for.
            showError(text.errors.message(for: error), error: error, verbose: invocation.verbose)
            return .failure
        }
        if case .emailSignIn = parsed { return await openSignInLink(invocation, root, link: link) }
        if case .verifyEmail = parsed {
            guard let offer = root.viewModel.features.profile?.applyEmailVerification else {
                return reportNotOffered(.emailVerification, invocation)
            }
            await root.screen.send(.account(.openVerificationLink(offer, link)))
            return await report(root, invocation) { _ in
                guard case .applyEmailVerification(let email)? = root.viewModel.state.completed else { return "" }
                return text(.emailVerified, ["email": email]) + "\n"
            }
        }
        guard let offer = root.viewModel.features.passwords?.confirmReset else {
            return reportNotOffered(.passwordReset, invocation)
        }
        if let check = root.viewModel.features.passwords?.checkResetCode {
            // Whose password the link sets, or that it is used or expired, before a new password is typed.
            await root.screen.send(.account(.checkResetLink(check, link)))
            guard case .checkPasswordResetCode(let email)? = root.viewModel.state.completed else {
                return await report(root, invocation) { _ in "" }
            }
            if invocation.password == nil { console.out(text(.resetLinkFor, ["email": email]) + "\n") }
        }
        guard let password = invocation.password ?? askNewPassword() else { return cancelled(.openLinkCancelled) }
        await root.screen.send(.account(.openResetLink(offer, link, newPassword: Secret(password))))
        return await report(root, invocation) { _ in
            nextStep(.passwordResetDone, orChoose: .passwordResetDoneMenu, .signIn(.emailPassword)) + "\n"
        }
    }

    func changePassword(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        guard let offer = root.viewModel.features.passwords?.change else {
            return reportNotOffered(.passwordChange, invocation)
        }
        // An account with no password has none to change: said before anything is asked, with the way to add one.
        if let session = try? await root.sessions.currentSession(), !session.providerIds.contains(.emailPassword) {
            let error = AuthError.providerNotLinked(.emailPassword)
            console.report?.fail(code: errorCode(error), message: text(.noPasswordToChange))
            console.err(
                text(.usagePrefix, ["message": text(.noPasswordToChange)]) + "\n  "
                    + nextStep(.hintAddPassword, orChoose: .hintAddPasswordMenu, .link(.emailPassword)) + "\n")
            return .failure
        }
        guard let password = invocation.password ?? askNewPassword() else {
            return cancelled(.changePasswordCancelled)
        }
        if let stopped = await sendSensitive(
            root, invocation, { .account(.changePassword(offer, newPassword: Secret(password), currentPassword: $0)) })
        {
            return stopped
        }
        return await report(root, invocation) { _ in text(.passwordChanged) + "\n" }
    }

    func updateProfile(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        guard let offer = root.viewModel.features.profile?.update else {
            return reportNotOffered(.profileUpdate, invocation)
        }
        // On a terminal, nothing is asked for: a command line that changes nothing is refused here too.
        guard invocation.displayName != nil || invocation.newEmail != nil || invocation.photoURL != nil else {
            return usageError(UsageError(.usageNeedsNameOrEmail))
        }
        if let stopped = await sendSensitive(
            root, invocation,
            {
                .account(
                    .updateProfile(
                        offer, displayName: invocation.displayName, email: invocation.newEmail,
                        photoURL: invocation.photoURL, currentPassword: $0))
            })
        {
            return stopped
        }
        return await report(root, invocation) { session in
            session.map { SessionFormatter(text: text).describe($0, heading: text(.profileUpdated)) } ?? ""
        }
    }

    func verifyEmail(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        guard let offer = root.viewModel.features.profile?.sendEmailVerification else {
            return reportNotOffered(.emailVerification, invocation)
        }
        await root.screen.send(.account(.sendEmailVerification(offer)))
        return await report(root, invocation) { _ in
            guard case .sendEmailVerification(let email)? = root.viewModel.state.completed else { return "" }
            if let mailbox = root.backend.mailbox {
                let values = ["email": email, "folder": mailbox.location]
                return nextStep(.verificationMailed, values, orChoose: .verificationMailedMenu, Command(.outbox)) + "\n"
            }
            return text(.verificationMailedElsewhere, ["email": email]) + "\n"
        }
    }

    func checkCredential(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        let viewModel = root.viewModel
        guard let offer = viewModel.features.account?.checkAppleCredential else {
            return reportNotOffered(.signIn(.apple), invocation)
        }
        await root.screen.send(.account(.checkAppleCredential(offer, .userAsked)))
        if case .checkAppleCredential(let state)? = viewModel.state.completed {
            console.report?.record(result: .object(["state": .string(state.rawValue)]))
            if state != .authorized {
                let message = viewModel.state.errorMessage ?? ""
                if let error = viewModel.state.error { console.report?.fail(code: errorCode(error), message: message) }
                console.out(text(.credentialState, ["state": text(Self.stateText(state))]) + "\n")
                console.err(text(.usagePrefix, ["message": message]) + "\n")
                return .failure
            }
        }
        return await report(root, invocation) { _ in
            text(.credentialState, ["state": text(Self.stateText(.authorized))]) + "\n"
        }
    }

    /// An Apple credential state in the user's language (the JSON `result` keeps Apple's name).
    static func stateText(_ state: AppleCredentialState) -> CLIText {
        switch state {
        case .authorized: .stateAuthorized
        case .revoked: .stateRevoked
        case .notFound: .stateNotFound
        }
    }

    func deleteAccount(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        if !invocation.assumeYes {
            guard ask(text(.promptTypeDelete)) == "DELETE" else { return cancelled(.deleteCancelled) }
        }
        guard let offer = root.viewModel.features.account?.delete else {
            return reportNotOffered(.accountDeletion, invocation)
        }
        if let stopped = await sendSensitive(root, invocation, { .account(.deleteAccount(offer, currentPassword: $0)) })
        {
            return stopped
        }
        return await report(root, invocation) { _ in text(.accountDeleted) + "\n" }
    }

    /// Sends a sensitive action (unlink, change the password, delete the account, a second factor's) with
    /// `--current-password`. When the backend wants a recent sign-in with the account's password and none was given,
    /// asks for it on a terminal and sends the action once more with it. When signing in again asks for a second
    /// factor, takes the code as a sign-in does (`--code`, or asked) and, once signed in again, sends the action once
    /// more. `nil` when the action's outcome is the view model's state; the exit code when it ended before.
    func sendSensitive(
        _ root: CompositionRoot, _ invocation: Invocation, _ action: (Secret?) -> SignInAction
    ) async -> ExitCode? {
        let given = invocation.currentPassword.map { Secret($0) }
        await root.screen.send(action(given))
        if given == nil, case .recentSignInRequired(.emailPassword)? = root.viewModel.state.error,
            invocation.canPrompt(console), let typed = askSecret(text(.promptCurrentPassword)), !typed.isEmpty
        {
            await root.screen.send(action(Secret(typed)))
        }
        guard case .secondFactorRequired? = root.viewModel.state.error,
            root.viewModel.state.secondFactorChallenge != nil
        else { return nil }
        if let stopped = await finishSecondFactor(invocation, root) { return stopped }
        guard root.viewModel.state.error == nil else { return nil }
        // Signed in again with both factors just now: the action needs no password any more.
        await root.screen.send(action(nil))
        return nil
    }

    // MARK: - Checks before a command

    /// `--account` must name one of the device's Google accounts when Google's chooser answers it (signing in or
    /// linking with Google, or signing in again): anything else is a usage error that lists them. Another
    /// provider's screen reads `--account` its own way.
    private func checkGoogleAccount(_ invocation: Invocation, root: CompositionRoot) async -> ExitCode? {
        guard let wanted = invocation.account else { return nil }
        let command = invocation.command
        if command.name == .signIn || command.name == .link, command.provider != .google { return nil }
        // When the accounts cannot be listed (no answer), the sign-in itself reports why.
        guard let google = root.backend.google, let accounts = try? await google.accounts() else { return nil }
        guard !accounts.contains(where: { $0.email.lowercased().contains(wanted.lowercased()) }) else { return nil }
        let known = accounts.map(\.email).joined(separator: ", ")
        return usageError(
            UsageError(.usageUnknownGoogleAccount, ["account": InputText.echo(wanted), "accounts": known]))
    }

    /// Before a command that would end a guest's session (signing out, signing in with another provider, the tour,
    /// which starts with Sign in with Apple), asks whether to lose the guest account, which nobody can sign in to
    /// again; `--yes` answers yes, and with no terminal and no `--yes` the command is refused (exit 2).
    /// - Parameter always: Ask whatever the command: a `link` that switches to the account owning the credential.
    func confirmLeavingGuest(_ invocation: Invocation, root: CompositionRoot, always: Bool = false) async -> ExitCode? {
        let command = invocation.command
        guard always || command.spec.leavesGuest, !invocation.assumeYes,
            let current = try? await root.sessions.currentSession(),
            current.isAnonymous
        else { return nil }
        guard invocation.canPrompt(console) else { return usageError(UsageError(.usageNeedsYesToLoseGuest)) }
        let question =
            if command.name == .signIn, let provider = command.provider, provider != .anonymous {
                nextStep(
                    .guestWarning, ["provider": text.commandName(provider)], orChoose: .guestWarningMenu,
                    .link(provider))
            } else if command == .tour {
                text(.guestWarning, ["provider": text.commandName(.apple)])
            } else {
                text(.promptLoseGuest)
            }
        guard isYes(ask(question)) else {
            return cancelled(command.name == .signOut ? .signOutCancelled : .signInCancelled)
        }
        return nil
    }

    // MARK: - Reporting

    /// With an emulator that did not answer, a command that needs it fails at once and says so (exit 1).
    func refuseIfUnreachable(_ invocation: Invocation) -> ExitCode? {
        guard let host = unreachableEmulator, invocation.command.spec.talksToBackend else { return nil }
        let error = AuthError.network(reason: "cannot reach \(host)")
        showError(text.errors.message(for: error) + " (\(host))", error: error, verbose: invocation.verbose)
        return .failure
    }

    /// The embedded backend's storage failure, checked before a command that uses the backend: its simulated Apple
    /// and Google issuers run behind the UI clients, whose failures reach the screen as text, so the store is read
    /// once here, where its failure is still a typed value. `nil` when the store can be read, or the command does not
    /// use it.
    func storageFailure(of root: CompositionRoot, for command: Command) -> AuthError? {
        guard command.spec.readsStore, let embedded = root.backend.embedded else { return nil }
        do {
            try embedded.storage.read { _ in () }
            return nil
        } catch {
            return error.toDomain(provider: .anonymous)
        }
    }

    /// Prints the outcome of the view model's last action: its error with what to do next, a cancel (when
    /// `cancelled` says the state means one), or `success`. With `--json`, one JSON object whatever happened.
    func report(
        _ root: CompositionRoot, _ invocation: Invocation,
        cancelled: (message: CLIText, applies: (SignInState) -> Bool)? = nil, success: (UserSession?) -> String
    ) async -> ExitCode {
        let state = root.viewModel.state
        if let error = state.error {
            // With --json, the session is the one still stored (read in `execute`), not the screen's: a failed
            // sign-in leaves the earlier one signed in.
            showError(state.errorMessage ?? text.errors.message(for: error), error: error, verbose: invocation.verbose)
            return .failure
        }
        if let cancelled, cancelled.applies(state) {
            return self.cancelled(cancelled.message)
        }
        // A command that signs in or out leaves its session on the screen; one that only reads (mfa list) leaves the
        // stored one, recorded by `execute`.
        if let session = state.session { console.report?.record(session: session) }
        console.out(success(state.session))
        return .success
    }

    /// An error, then the next step for the errors that have one, then the developer details with `--verbose`.
    func showError(_ message: String, error: AuthError, verbose: Bool) {
        console.report?.fail(code: errorCode(error), message: message)
        var lines = [text(.usagePrefix, ["message": message])]
        if let hint = hint(for: error) { lines.append("  " + hint) }
        if verbose { lines.append("  " + text(.hintDetailsVerbose, ["details": error.description])) }
        console.err(lines.joined(separator: "\n") + "\n")
    }

    /// The next step after `error`, for the errors that have one.
    func hint(for error: AuthError) -> String? {
        switch error {
        case .notSignedIn, .signedOut, .refreshTokenRejected:
            nextStep(.hintSignIn, signInArguments, orChoose: .hintSignInMenu, nil)
        case .emailNotFound:
            nextStep(.hintEmailNotFound, orChoose: .hintEmailNotFoundMenu, Command(.signUp))
        case .wrongPassword:
            nextStep(.hintWrongPassword, orChoose: .hintWrongPasswordMenu, Command(.resetPassword))
        case .wrongCredentials:
            nextStep(.hintWrongCredentials, orChoose: .hintWrongCredentialsMenu, Command(.resetPassword))
        case .emailAlreadyInUse: nextStep(.hintEmailInUse, orChoose: .hintEmailInUseMenu, .signIn(.emailPassword))
        case .invalidDeepLink, .invalidResetCode, .resetCodeExpired:
            if choice.hasReadableMailbox {
                nextStep(
                    .hintInvalidLink, orChoose: .hintInvalidLinkMenu, Command(.resetPassword), also: Command(.outbox))
            } else {
                nextStep(.hintInvalidLinkNoOutbox, orChoose: .hintInvalidLinkNoOutboxMenu, Command(.resetPassword))
            }
        case .sessionStorage(let reason): text(.hintDataFolder, ["folder": paths.root, "reason": reason])
        case .uiClientFailed(.passkey, let reason):
            text(.hintPasskeyDevice, ["file": paths.devicePasskeys, "reason": reason])
        case .backendStorage(let failure) where failure.kind == .damaged:
            text(.hintBackendDamaged, ["folder": paths.root, "reason": failure.reason])
        case .backendStorage(let failure):
            text(.hintDataFolder, ["folder": paths.root, "reason": failure.reason])
        case .backend(let code, _) where code == "PROJECT_NOT_FOUND":
            text(.hintProjectMismatch, ["project": CompositionRoot.projectID(environment)])
        default: nil
        }
    }

    /// The values of the "sign in first" hints: the command names of the providers this backend signs in with (a
    /// passkey and `oidc.NAME` included, as the usage line has them), and in the menu its sign-in items.
    private var signInArguments: [String: String] {
        let root = root(Invocation())
        var names = providers.filter { notOffered(.signIn($0.type), root: root) == nil }.map(\.description.commandName)
        // As the usage line names them: a passkey, and any OpenID Connect provider, where the backend signs in so.
        if notOffered(.signIn(.passkey), root: root) == nil { names.append(ProviderType.passkey.rawValue) }
        if root.backend.capabilities.identityProviders != nil { names.append(ProviderChoice.openIDConnectUsage) }
        var values = ["providers": names.joined(separator: "|")]
        if let menu {
            let items = menu.indices.filter { menu[$0].name == .signIn }
            values["items"] = items.map { String($0 + 1) }.joined(separator: text(.listSeparator))
        }
        return values
    }

    /// What to do next: outside the menu, `cli`, which names a command line; in the menu, `menuText`, which names the
    /// items to choose (`{item}` for `item`, `{also}` for `also`). A menu without those items gets `cli`.
    func nextStep(
        _ cli: CLIText, _ arguments: [String: String] = [:], orChoose menuText: CLIText, _ item: Command?,
        also: Command? = nil
    ) -> String {
        guard let menu else { return text(cli, arguments) }
        func number(_ command: Command) -> String? { menu.firstIndex(of: command).map { String($0 + 1) } }
        var values = arguments
        for (key, command) in [("item", item), ("also", also)] {
            guard let command else { continue }
            guard let chosen = number(command) else { return text(cli, arguments) }
            values[key] = chosen
        }
        return text(menuText, values)
    }

    func errorCode(_ error: AuthError) -> String {
        let key = AuthErrorMessages.key(for: error).0
        return key.rawValue
    }

    func usageError(_ error: UsageError) -> ExitCode {
        error.report(on: console, text: text)
    }

    func cancelled(_ message: CLIText) -> ExitCode {
        console.report?.fail(code: JSONReport.code(for: .cancelled), message: text(message))
        console.err(text(.usagePrefix, ["message": text(message)]) + "\n")
        return .cancelled
    }

    private func recover(
        _ credential: AuthCredential, provider: ProviderType, root: CompositionRoot, invocation: Invocation
    ) async -> ExitCode {
        let message = root.viewModel.state.errorMessage ?? ""
        let wantsSwitch =
            invocation.switchAccount
            || (invocation.canPrompt(console) && isYes(ask(message + "\n" + text(.promptSwitchAccount))))
        guard wantsSwitch else {
            console.report?.fail(code: errorCode(.credentialAlreadyInUse(credential)), message: message)
            let name = ["provider": text.commandName(provider)]
            console.err(text(.usagePrefix, ["message": message]) + "\n")
            console.err("  " + nextStep(.recoverHint, name, orChoose: .recoverHintMenu, .signIn(provider)) + "\n")
            return .failure
        }
        // Switching leaves the current account: a guest's, for good. The same guard as signing out or in.
        if let refusal = await confirmLeavingGuest(invocation, root: root, always: true) { return refusal }
        do {
            let session = try await root.signIn.signIn(with: credential)
            console.report?.record(session: session)
            console.out(SessionFormatter(text: text).describe(session, heading: text(.switchedAccount)))
            return .success
        } catch {
            showError(text.errors.message(for: error), error: error, verbose: invocation.verbose)
            return .failure
        }
    }

    func status(_ root: CompositionRoot) async -> ExitCode {
        let formatter = SessionFormatter(text: text)
        let outcome: RestoreOutcome
        do {
            outcome = try await root.restoreSession()
        } catch {
            showError(text.errors.message(for: error), error: error, verbose: false)
            return .failure
        }
        switch outcome {
        case .restored(let session), .refreshed(let session):
            console.report?.record(session: session)
            console.out(formatter.describe(session))
            return .success
        case .offline(let session, let error):
            // Still signed in, and exit 0: the error says why the expired session could not be refreshed.
            console.report?.record(session: session)
            console.report?.warn(code: errorCode(error), message: text.errors.message(for: error))
            console.err(text(.sessionExpiredOffline) + "\n")
            console.out(formatter.describe(session))
            return .success
        case .signedOut(let reason):
            console.report?.record(session: nil)
            console.report?.record(reason: reason?.rawValue)
            let detail = reason.map { " " + text.errors.message(for: .signedOut($0)) } ?? ""
            console.report?.fail(code: errorCode(.notSignedIn), message: text(.notSignedIn) + detail)
            console.out(
                text(.notSignedIn) + detail + "\n"
                    + nextStep(.hintSignIn, signInArguments, orChoose: .hintSignInMenu, nil) + "\n")
            return .failure
        case .discarded(let movedTo, let reason):
            let error = AuthError.storedSessionDiscarded(movedTo: movedTo, reason: reason)
            console.report?.record(session: nil)
            console.report?.record(reason: SignOutReason.storedSessionUnreadable.rawValue)
            console.report?.fail(code: errorCode(error), message: text.errors.message(for: error))
            console.err(
                text(.usagePrefix, ["message": text.errors.message(for: error)]) + "\n  "
                    + text(.storedSessionKeptAs, ["path": movedTo]) + "\n")
            console.out(text(.notSignedIn) + "\n")
            return .failure
        }
    }

    func appleRevoke(_ root: CompositionRoot, _ invocation: Invocation) async -> ExitCode {
        guard let apple = root.backend.apple else { return .usage }
        do {
            guard try await apple.revoke() else {
                console.err(text(.appleNothingToRevoke) + "\n")
                return .failure
            }
        } catch {
            let domain = Self.domainError(error, provider: .apple)
            showError(text.errors.message(for: domain), error: domain, verbose: invocation.verbose)
            return .failure
        }
        console.out(nextStep(.appleRevoked, orChoose: .appleRevokedMenu, Command(.checkCredential)) + "\n")
        return .success
    }

    /// What the command needs that the backend does not offer, read off the ports it has (a team's own API has no
    /// guests, identity providers, linking or password change) and the providers wired to them, or `nil`: its
    /// `CommandSpec.requires`.
    func notOffered(_ command: Command, root: CompositionRoot) -> BackendFeature? {
        command.spec.requires(
            CommandSpec.Requirement(
                command: command, capabilities: root.backend.capabilities,
                providerIsWired: command.provider.map(root.wiredProviders.contains) ?? false))
    }

    /// Says that the backend does not offer `feature`, in the user's language, and fails (exit 1).
    func reportNotOffered(_ feature: BackendFeature, _ invocation: Invocation) -> ExitCode {
        let error = AuthError.notSupportedByBackend(feature)
        showError(text.errors.message(for: error), error: error, verbose: invocation.verbose)
        return .failure
    }

    /// `me`: the app's API as the signed-in user, through ``AuthorizedAPIClient``.
    func callAPI(_ root: CompositionRoot, _ invocation: Invocation) async -> ExitCode {
        guard let api = root.backend.api else { return usageError(UsageError(.usageNoAppAPI)) }
        let response: HTTPResponse
        do {
            response = try await root.apiClient.send(HTTPRequest(url: api.me))
        } catch {
            showError(text.errors.message(for: error), error: error, verbose: invocation.verbose)
            return .failure
        }
        let body = String(decoding: response.body.prefix(4096), as: UTF8.self)
        console.report?.record(result: .object(["status": .integer(response.status), "body": .string(body)]))
        let answered = (200..<300).contains(response.status)
        let answer = text(.apiAnswer, ["status": String(response.status), "body": body])
        if !answered { console.report?.fail(code: JSONReport.code(for: .failure), message: answer) }
        console.out(answer + "\n")
        return answered ? .success : .failure
    }

    func outbox(_ root: CompositionRoot, _ invocation: Invocation) async -> ExitCode {
        guard let mailbox = root.backend.mailbox else { return .usage }
        let mails: [ResetMail]
        let texts: [TextMessage]
        do {
            mails = try await mailbox.resetMails()
            texts = try await mailbox.textMessages()
        } catch {
            let domain = Self.domainError(error, provider: .emailPassword)
            showError(text.errors.message(for: domain), error: domain, verbose: invocation.verbose)
            return .failure
        }
        console.report?.record(
            result: .array(
                mails.map { mail in
                    .object([
                        "kind": "mail", "to": .string(mail.to), "subject": .string(mail.subject),
                        "link": .string(mail.link), "sentAt": .optional(mail.sentAt?.formatted(.iso8601)),
                        "code": .optional(mail.code),
                    ])
                }
                    + texts.map { message in
                        .object([
                            "kind": "sms", "to": .string(message.to), "code": .string(message.code),
                            "sentAt": .optional(message.sentAt?.formatted(.iso8601)),
                        ])
                    }))
        guard !mails.isEmpty || !texts.isEmpty else {
            console.out(text(.outboxEmpty, ["folder": mailbox.location]) + "\n")
            return .success
        }
        for mail in mails {
            let subject =
                switch mail.kind {
                case .passwordReset?: text(.outboxSubjectReset)
                case .emailVerification?: text(.outboxSubjectVerify)
                case .emailSignIn?: text(.outboxSubjectSignIn)
                case nil: mail.subject
                }
            // An emulator does not say when it sent a mail.
            let date = mail.sentAt?.formatted(.iso8601) ?? text(.outboxNoTime)
            let line = text(.outboxLine, ["date": date, "to": mail.to, "subject": subject])
            console.out(line + "\n  \(TerminalText.oneLine(mail.link))\n")
            if let code = mail.code {
                console.out("  " + text(.outboxCode, ["code": TerminalText.oneLine(code)]) + "\n")
            }
        }
        for message in texts {
            let date = message.sentAt?.formatted(.iso8601) ?? text(.outboxNoTime)
            console.out(
                text(
                    .outboxSMSLine,
                    ["date": date, "to": TerminalText.oneLine(message.to), "code": TerminalText.oneLine(message.code)])
                    + "\n")
        }
        return .success
    }

    /// The ``AuthError`` an error of a backend's extras means: a backend refusal, no answer, or anything else.
    nonisolated static func domainError(_ error: any Error, provider: ProviderType) -> AuthError {
        switch error {
        case let error as IdentityBackendError: error.toDomain(provider: provider)
        case let error as AuthError: error
        case let error as RemoteSimulation.Failure where error.code.isEmpty:
            .backend(code: "HTTP_\(error.status)", message: error.description)
        case let error as RemoteSimulation.Failure:
            // The simulator's refusals carry the backend's codes, which say the same as in-process.
            IdentityBackendError(.init(rawValue: error.code), message: error.description).toDomain(provider: provider)
        default: .network(reason: String(describing: type(of: error)))
        }
    }

    // MARK: - Prompts

    func ask(_ question: String) -> String? {
        console.out(question)
        guard let line = console.readLine() else {
            // The end of input (Ctrl-D) cancels this step: say so on a line of its own.
            console.out("\n")
            return nil
        }
        let answer = line.trimmingCharacters(in: .whitespaces)
        return answer.isEmpty ? nil : answer
    }

    func askSecret(_ question: String) -> String? {
        console.out(question)
        guard let line = console.readSecret(), !line.isEmpty else { return nil }
        return line
    }

    /// A new password, typed twice on a terminal; two that differ are asked again, up to three times.
    func askNewPassword() -> String? {
        for attempt in 1...3 {
            guard let first = askSecret(text(.promptNewPassword)) else { return nil }
            guard console.isInteractive else { return first }
            // The policy is checked at once, before the password is typed again; the third refused one goes on, for
            // the use case to refuse as the command's error.
            if let rule = PasswordPolicy.violation(of: first), attempt < 3 {
                console.err(text(.usagePrefix, ["message": text.errors.message(for: .weakPassword(rule))]) + "\n")
                continue
            }
            guard let second = askSecret(text(.promptNewPasswordAgain)) else { return nil }
            if second == first { return first }
            let message = attempt < 3 ? text(.promptPasswordsDifferRetry) : text(.promptPasswordsDiffer)
            console.err(text(.usagePrefix, ["message": message]) + "\n")
        }
        return nil
    }

    func isYes(_ answer: String?) -> Bool {
        text.isYes(answer)
    }

    /// The email and password from the options, asking only for what is missing.
    private func credentials(_ invocation: Invocation, confirmNew: Bool) -> (email: String, password: Secret)? {
        guard let email = invocation.email ?? ask(text(.promptEmail)) else { return nil }
        if let password = invocation.password { return (email, Secret(password)) }
        guard let password = confirmNew ? askNewPassword() : askSecret(text(.promptPassword)) else { return nil }
        return (email, Secret(password))
    }
}
