import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInFirebase
import SignInInfrastructure
import SignInPresentation
import SignInREST

/// The demo CLI: parses the command line, then runs the tour, the menu, or one command.
@MainActor
struct DemoCLI {
    /// The version: the last one CHANGELOG.md records, marked as a build from main until a release is tagged.
    static let version = "0.4.0+unreleased"

    let console: Console
    let environment: [String: String]
    /// Every text, in the language of the locale.
    let text: CLIMessages
    /// The registered sign-in providers.
    let providers: [DemoProvider]

    init(
        console: Console, environment: [String: String] = ProcessInfo.processInfo.environment,
        providers: [DemoProvider] = CompositionRoot.providers
    ) {
        // Every text the CLI writes passes the terminal boundary once (escaping twice changes nothing).
        self.console = console.escapingTerminalControls()
        self.environment = environment
        self.providers = providers
        self.text = CLIMessages(language: CompositionRoot.language(environment), providers: providers.descriptions)
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
    /// closed descriptor, a full disk) is one line on standard error, and exit 1 for a command that succeeded; a
    /// command that failed, was misused or was cancelled keeps its own code, which says more.
    func finish(_ code: ExitCode) -> ExitCode {
        guard let failure = console.outputFailure() else { return code }
        if failure == EPIPE { return code }
        console.err(text(.outputFailed, ["reason": String(cString: strerror(failure))]) + "\n")
        return code == .success ? .failure : code
    }

    /// Runs the CLI and returns its exit code. With `--json` (or, on a command line that cannot be parsed, the word
    /// `--json` among its arguments), standard output is exactly one object, printed here once the command has
    /// ended, whatever path it took: see ``JSONReport``.
    func run(_ arguments: [String]) async -> ExitCode {
        let json =
            (try? CommandLineParser.parse(arguments, providers: providers.descriptions).json)
            ?? arguments.contains("--json")
        guard json else { return await runCommandLine(arguments) }
        let report = JSONReport()
        let reporting = DemoCLI(
            console: console.reportingJSON(to: report), environment: environment, providers: providers)
        let code = await reporting.runCommandLine(arguments)
        console.out(report.document(exitCode: code).line())
        return code
    }

    /// Runs the CLI and returns its exit code.
    private func runCommandLine(_ arguments: [String]) async -> ExitCode {
        var invocation: Invocation
        do {
            invocation = try CommandLineParser.parse(arguments, providers: providers.descriptions)
        } catch {
            return usageError(error)
        }
        if invocation.verbose {
            console.err(text(.verboseHashing, ["implementation": HashingImplementation.current.description]) + "\n")
        }
        let help = CommandLineHelp(text: text)
        switch invocation.command.name {
        case .help?:
            console.out(invocation.command.topic.map(help.command) ?? help.global())
            return .success
        case .version?:
            console.out("signin-demo \(Self.version)\n")
            return .success
        case .interactive? where !console.isInteractive:
            return usageError(UsageError(.usageInteractiveNeedsTerminal))
        default:
            break
        }
        guard let paths = DataPaths.resolve(option: invocation.dataDirectory, environment: environment) else {
            return usageError(UsageError(.usageNoDataFolder))
        }
        if let problem = paths.problem() {
            let message = text(.hintDataFolder, ["folder": paths.root, "reason": problem])
            console.report?.fail(code: Self.storageCode, message: message)
            console.err(text(.usagePrefix, ["message": message]) + "\n")
            return .failure
        }
        switch await openIDConnectProviders(&invocation, paths: paths) {
        case .registered(let registered) where !registered.isEmpty:
            let extended = DemoCLI(
                console: console, environment: environment,
                providers: providers + registered.map(DemoProvider.openIDConnect))
            return await extended.run(invocation, paths: paths)
        case .registered:
            return await run(invocation, paths: paths)
        case .stop(let code):
            return code
        }
    }

    /// Runs a parsed command line once the data folder and the registered providers are known.
    private func run(_ invocation: Invocation, paths: DataPaths) async -> ExitCode {
        var invocation = invocation
        if invocation.command.name == .serve {
            return await Server(
                console: console, paths: paths, environment: environment, text: text, providers: providers,
                project: invocation.project, acceptsUnsignedProviderTokens: invocation.acceptsUnsignedProviderTokens,
                testClock: invocation.testClock, asGoogleEmulator: invocation.asGoogleEmulator,
                unsignedSessionTokens: invocation.unsignedSessionTokens
            )
            .run(port: invocation.port ?? Server.defaultPort)
        }
        let choice: BackendChoice
        switch Self.backendChoice(invocation.backend, baseURL: invocation.baseURL, environment: environment) {
        case .success(let chosen): choice = chosen
        case .failure(let error): return usageError(error)
        }
        switch providedIDToken(for: invocation, choice: choice) {
        case .success(let token): invocation.providedIDToken = token
        case .failure(let error): return usageError(error)
        }
        // A hint that names a command ("signin-demo outbox") names the backend in use too, so that following it
        // literally talks to the same backend, not to the embedded one.
        var backendOptions: [String] = []
        if invocation.backend != .embedded { backendOptions = ["--backend", invocation.backend.rawValue] }
        if let baseURL = invocation.baseURL { backendOptions += ["--base-url", baseURL.absoluteString] }
        var runner = CommandRunner(
            console: console.naming(backendOptions: backendOptions), paths: paths, choice: choice,
            environment: environment, text: text, providers: providers)
        if case .firebase(let configuration) = choice, let emulator = RemoteSimulation(configuration) {
            switch await emulator.probe() {
            case .simulates: runner.emulatorSimulates = true
            case .plain: break
            case .unreachable: runner.unreachableEmulator = configuration.emulatorHost
            }
        }
        switch invocation.command.name {
        case nil:
            if let refusal = runner.refuseIfUnreachable(invocation) { return refusal }
            if let refusal = await runner.confirmLeavingGuest(invocation, root: runner.root(invocation)) {
                return refusal
            }
            if let feature = runner.notOffered(.tour, root: runner.root(invocation)) {
                return runner.reportNotOffered(feature, invocation)
            }
            return await GuidedTour(runner: runner, invocation: invocation).run()
        case .interactive?:
            return await InteractiveMenu(runner: runner, invocation: invocation).run()
        default:
            if let missing = runner.missingInput(for: invocation) { return usageError(missing) }
            return await runner.execute(invocation)
        }
    }

    /// The backend `--backend` names, with Firebase's settings from the environment.
    static func backendChoice(_ name: BackendName, baseURL: URL?, environment: [String: String])
        -> Result<BackendChoice, UsageError>
    {
        if baseURL != nil, name != .rest { return .failure(UsageError(.usageBaseURLOnlyForREST)) }
        switch name {
        case .rest:
            guard let baseURL else { return .failure(UsageError(.usageRESTNeedsBaseURL)) }
            return .success(.rest(RESTBackendConfiguration(baseURL: baseURL)))
        case .embedded:
            return .success(.embedded)
        case .firebase:
            switch FirebaseConfiguration.fromEnvironment(environment) {
            case .success(let configuration): return .success(.firebase(configuration))
            case .failure(.missingAPIKey): return .failure(UsageError(.usageFirebaseNeedsKey))
            case .failure(.invalidEmulatorHost(let host)):
                return .failure(UsageError(.usageInvalidEmulatorHost, ["host": InputText.echo(host)]))
            }
        }
    }

    /// The identity token obtained elsewhere, for Apple and Google: from `--id-token-file` (any backend), else, with
    /// `--backend firebase`, from `SIGNIN_DEMO_ID_TOKEN`; its raw nonce from `SIGNIN_DEMO_RAW_NONCE`. A token is one
    /// line of printable ASCII of at most 16 KiB. It stands in for the screen of the command's own provider only
    /// (for a command that signs in again, of whichever provider the session has).
    func providedIDToken(for invocation: Invocation, choice: BackendChoice) -> Result<ProvidedIDToken?, UsageError> {
        let command = invocation.command
        // `sign-in` and `link` sign in with the provider they name; the other commands that take a token sign in
        // again with the session's.
        let namesItsProvider = command.name == .signIn || command.name == .link
        let provider = namesItsProvider ? command.provider : nil
        let takesToken =
            namesItsProvider
            ? provider.map { providers[$0]?.takesIdentityToken == true } ?? false
            : command.spec.options.contains(.idTokenFile)
        guard takesToken else {
            guard invocation.idTokenFile == nil else {
                let names = providers.filter(\.takesIdentityToken).map(\.description.commandName)
                return .failure(UsageError(.usageIDTokenOnlyForProviders, ["providers": names.joined(separator: "|")]))
            }
            return .success(nil)
        }
        let limit = 16 * 1024
        let raw: String
        let source: String
        if let file = invocation.idTokenFile {
            source = file
            func unreadable(_ reason: CLIText) -> Result<ProvidedIDToken?, UsageError> {
                .failure(UsageError(.usageIDTokenUnreadable, ["path": InputText.echo(file), "reason": text(reason)]))
            }
            guard let handle = FileHandle(forReadingAtPath: file) else { return unreadable(.reasonNoSuchFile) }
            defer { try? handle.close() }
            guard let data = try? handle.read(upToCount: limit + 1) else { return unreadable(.reasonNoSuchFile) }
            guard data.count <= limit else { return unreadable(.reasonTooLong) }
            raw = String(decoding: data, as: UTF8.self)
        } else if case .firebase = choice, let fromEnvironment = environment["SIGNIN_DEMO_ID_TOKEN"],
            !fromEnvironment.isEmpty
        {
            source = "SIGNIN_DEMO_ID_TOKEN"
            raw = fromEnvironment
        } else {
            return .success(nil)
        }
        let token = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty, token.utf8.count <= limit,
            token.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 32 && $0.value < 127 })
        else {
            return .failure(
                UsageError(
                    .usageIDTokenUnreadable, ["path": InputText.echo(source), "reason": text(.reasonNotOneLine)]))
        }
        let nonce = environment["SIGNIN_DEMO_RAW_NONCE"].flatMap { $0.isEmpty ? nil : Secret($0) }
        return .success(ProvidedIDToken(provider: provider, idToken: Secret(token), rawNonce: nonce))
    }

    /// The OpenID Connect providers registered in the data folder, with the one `--issuer` and `--client-id` register
    /// (named in the command in place of a bare `oidc`). A command that names an OpenID Connect provider needs it
    /// registered, or the two options; a registry that cannot be read fails only such a command. A registration is
    /// saved only once its issuer answered with its discovery document, and one that replaces another of the same
    /// name with another issuer or client id is confirmed first (`--yes` off a terminal).
    private func openIDConnectProviders(_ invocation: inout Invocation, paths: DataPaths) async
        -> OpenIDProviders
    {
        // A provider the CLI was built with (an `oidc.<name>` provider with a screen of its own) is not looked up.
        let named = invocation.command.provider.flatMap { provider in
            CommandLineParser.isOpenIDConnect(provider) && providers[provider] == nil ? provider.rawValue : nil
        }
        let registry = OpenIDProviderRegistry(path: paths.openIDProviders)
        let registered: [OpenIDProviderRegistry.Entry]
        do throws(OpenIDProviderRegistry.Failure) {
            registered = try registry.load()
        } catch {
            return named == nil ? .registered([]) : registryFailure(error, paths: paths)
        }
        let secretSource: OpenIDProviderRegistry.SecretSource? =
            invocation.clientSecretFile.map { .file($0) } ?? invocation.clientSecretEnvironment.map { .environment($0) }
        if secretSource != nil,
            invocation.issuer == nil || invocation.clientID == nil
                || (invocation.clientSecretFile != nil && invocation.clientSecretEnvironment != nil)
        {
            return .stop(usageError(UsageError(.usageSecretNeedsRegistration)))
        }
        // A provider's scopes and name are part of its registration.
        let registrationOptions = [
            (invocation.scopes != nil, "--scope"), (invocation.providerDisplayName != nil, "--display-name"),
        ]
        for (given, option) in registrationOptions
        where given && (invocation.issuer == nil || invocation.clientID == nil) {
            return .stop(usageError(UsageError(.usageNeedsRegistration, ["option": option])))
        }
        guard invocation.issuer != nil || invocation.clientID != nil else {
            guard let named else { return withSecrets(registered, for: nil) }
            guard named != CommandLineParser.openIDConnectWord else {
                return .stop(usageError(UsageError(.usageOIDCNeedsIssuer, ["provider": named])))
            }
            guard registered.contains(where: { $0.provider.type.rawValue == named }) else {
                return .stop(
                    usageError(UsageError(.usageOIDCNotRegistered, ["provider": named])))
            }
            return withSecrets(registered, for: ProviderType(rawValue: named))
        }
        guard let named else {
            return .stop(usageError(UsageError(.usageIssuerOnlyForOIDC)))
        }
        guard let issuer = invocation.issuer, let clientID = invocation.clientID else {
            return .stop(usageError(UsageError(.usageOIDCNeedsIssuer, ["provider": named])))
        }
        let name =
            named == CommandLineParser.openIDConnectWord
            ? OpenIDProviderRegistry.name(forIssuer: issuer)
            : String(named.dropFirst(CommandLineParser.openIDConnectWord.count + 1))
        let existingEntry = registered.first { $0.provider.name == name }
        let existing = existingEntry?.provider
        let registration: OpenIDConnectProvider
        do throws(OpenIDConnectProvider.RegistrationError) {
            registration = try OpenIDConnectProvider(
                name: name, issuer: issuer, clientID: clientID,
                scopes: invocation.scopes ?? existing?.scopes ?? ["openid", "email", "profile"],
                displayNames: invocation.providerDisplayName.map { ["en": $0] } ?? existing?.displayNames ?? [:])
        } catch {
            let usage: UsageError =
                switch error {
                case .invalidIssuer: UsageError(.usageBadIssuer, ["issuer": InputText.echo(issuer)])
                case .invalidName: UsageError(.usageBadOIDCName, ["name": InputText.echo(name)])
                case .invalidClientID: UsageError(.usageBadClientID)
                case .invalidScope: UsageError(.usageBadScope)
                }
            return .stop(usageError(usage))
        }
        // The secret's place is kept while the issuer and client id are.
        let sameClient = existing?.issuer == issuer && existing?.clientID == clientID
        let entry = OpenIDProviderRegistry.Entry(
            provider: registration, secret: secretSource ?? (sameClient ? existingEntry?.secret : nil))
        if existingEntry != entry {
            if let existing, !sameClient || existing.clientID != clientID, !invocation.assumeYes {
                let names = [
                    "provider": registration.type.rawValue, "issuer": existing.issuer, "client": existing.clientID,
                ]
                guard invocation.canPrompt(console) else {
                    return .stop(usageError(UsageError(.usageNeedsYesToReplaceOIDC, names)))
                }
                console.out(text(.promptReplaceOIDC, names) + " " + text(.promptConfirmYesNo))
                guard text.isYes(console.readLine()) else {
                    console.report?.fail(code: JSONReport.code(for: .cancelled), message: text(.oidcReplaceCancelled))
                    console.err(text(.usagePrefix, ["message": text(.oidcReplaceCancelled)]) + "\n")
                    return .stop(.cancelled)
                }
            }
            // Nothing is saved for an issuer that does not answer as one.
            do {
                _ = try await OpenIDProviderMetadata.discover(registration, transport: URLSessionTransport())
            } catch let error as AuthError {
                let message = text.errors.message(for: error) + " (" + InputText.echo(registration.issuer) + ")"
                console.report?.fail(code: AuthErrorMessages.key(for: error).0.rawValue, message: message)
                console.err(text(.usagePrefix, ["message": message]) + "\n  " + text(.oidcNotRegistered) + "\n")
                return .stop(.failure)
            } catch {
                return .stop(.cancelled)
            }
            do throws(OpenIDProviderRegistry.Failure) {
                try registry.save(entry)
            } catch {
                return registryFailure(error, paths: paths)
            }
        }
        invocation.command.provider = registration.type
        return withSecrets(registered.filter { $0.provider.name != name } + [entry], for: registration.type)
    }

    /// The registrations as providers, the client secret read for `named`'s (the one this command signs in with),
    /// or the failure that says where it could not be read.
    private func withSecrets(_ entries: [OpenIDProviderRegistry.Entry], for named: ProviderType?) -> OpenIDProviders {
        var providers: [OpenIDConnectProvider] = []
        for entry in entries {
            guard entry.provider.type == named, let source = entry.secret else {
                providers.append(entry.provider)
                continue
            }
            switch OpenIDProviderRegistry.secret(from: source, environment: environment) {
            case .success(let secret):
                providers.append(entry.provider.withClientSecret(secret))
            case .failure(let reason):
                let place =
                    switch source {
                    case .file(let path): path
                    case .environment(let name): "$" + name
                    }
                let message = text(
                    .oidcSecretUnreadable,
                    [
                        "provider": entry.provider.type.rawValue, "source": InputText.echo(place),
                        "reason": text(reason.reason),
                    ])
                console.report?.fail(code: Self.storageCode, message: message)
                console.err(text(.usagePrefix, ["message": message]) + "\n")
                return .stop(.failure)
            }
        }
        return .registered(providers)
    }

    /// Says that the registry of OpenID Connect providers cannot be used, and where it is: exit 1.
    private func registryFailure(_ failure: OpenIDProviderRegistry.Failure, paths: DataPaths) -> OpenIDProviders {
        let message = text(.oidcRegistryUnreadable, ["path": paths.openIDProviders, "reason": text(failure.reason)])
        console.report?.fail(code: Self.storageCode, message: message)
        console.err(message + "\n")
        return .stop(.failure)
    }

    /// The error code, with `--json`, of a data folder or file the CLI cannot use: the one of a session store's.
    private static let storageCode = AuthErrorMessages.key(for: .sessionStorage(reason: "")).0.rawValue

    /// What ``openIDConnectProviders(_:paths:)`` found: the registered providers, or the exit code of a command that
    /// stops here.
    private enum OpenIDProviders {
        case registered([OpenIDConnectProvider])
        case stop(ExitCode)
    }

    private func usageError(_ error: UsageError) -> ExitCode {
        error.report(on: console, text: text)
    }
}
