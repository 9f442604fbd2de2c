// Fuzz target `cli-args`: the input is an argument vector for `signin-demo` (the arguments separated by NUL
// bytes, as the kernel hands them over), parsed by `CommandLineParser.parse`. The parser is internal to the
// SignInDemoCLI target, so Fuzz/run compiles this target in one module with that target's sources, as the next line
// asks.
// fuzz-build: with SignInDemoCLI sources

import SignInDomain

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let arguments =
        bytes.isEmpty
        ? []
        : bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    let invocation: Invocation
    do {
        invocation = try CommandLineParser.parse(arguments)
    } catch {
        fuzzCheck(!englishText(error.key, error.arguments).isEmpty, "a usage error without a message")
        return 0
    }
    fuzzCheck(!invocation.forcePrompts, "the command line turned on forcePrompts, which only the menu sets")
    if invocation.json {
        let takesJSON = invocation.command.spec.options.contains(.json)
        let informational = invocation.command.name == .help || invocation.command.name == .version
        fuzzCheck(takesJSON || informational, "--json accepted with \(invocation.command)")
    }
    for value in [
        invocation.dataDirectory, invocation.email, invocation.password, invocation.currentPassword,
        invocation.account, invocation.project, invocation.displayName, invocation.newEmail, invocation.code,
        invocation.issuer, invocation.clientID,
    ] {
        fuzzCheck(value.map { !$0.isEmpty } ?? true, "an option accepted an empty value")
    }
    // The same invocation spelled the one canonical way parses to the same invocation.
    let canonical = canonicalArguments(invocation)
    do {
        let again = try CommandLineParser.parse(canonical)
        fuzzCheck(again == invocation, "\(arguments) and its canonical form \(canonical) parse differently")
    } catch {
        fuzzFailure(
            "the canonical form \(canonical) of \(arguments) is refused: \(englishText(error.key, error.arguments))")
    }
    return 0
}

private let english = CLIMessages(language: "en")

private func englishText(_ key: CLIText, _ arguments: [String: String]) -> String {
    english(key, arguments)
}

/// The name the command line shows for a registered provider.
private func commandName(_ provider: ProviderType) -> String {
    CompositionRoot.providers.first { $0.type == provider }?.description.commandName ?? provider.rawValue
}

/// Options first, each value inline (`--email=…`), then the command's words, its operand after `--`.
private func canonicalArguments(_ invocation: Invocation) -> [String] {
    var arguments: [String] = []
    if let value = invocation.dataDirectory { arguments.append("--data-dir=\(value)") }
    if invocation.backendGiven { arguments.append("--backend=\(invocation.backend.rawValue)") }
    if let value = invocation.port { arguments.append("--port=\(value)") }
    if let value = invocation.project { arguments.append("--project=\(value)") }
    if let value = invocation.displayName { arguments.append("--name=\(value)") }
    if let value = invocation.newEmail { arguments.append("--new-email=\(value)") }
    if let value = invocation.idTokenFile { arguments.append("--id-token-file=\(value)") }
    if let value = invocation.issuer { arguments.append("--issuer=\(value)") }
    if let value = invocation.clientID { arguments.append("--client-id=\(value)") }
    if let value = invocation.baseURL { arguments.append("--base-url=\(value.absoluteString)") }
    if let value = invocation.email { arguments.append("--email=\(value)") }
    if let value = invocation.password { arguments.append("--password=\(value)") }
    if let value = invocation.currentPassword { arguments.append("--current-password=\(value)") }
    if let value = invocation.code { arguments.append("--code=\(value)") }
    if let value = invocation.account { arguments.append("--account=\(value)") }
    if invocation.assumeYes { arguments.append("--yes") }
    if invocation.hideEmail { arguments.append("--hide-email") }
    if invocation.json { arguments.append("--json") }
    if invocation.switchAccount { arguments.append("--switch-account") }
    if invocation.verbose { arguments.append("--verbose") }
    let command = invocation.command
    let name = command.name?.rawValue ?? ""
    switch command.name {
    case nil: break
    // --help and --version take any option with them, and a command name before --help.
    case .help?: arguments += (command.topic.map { [$0] } ?? []) + ["--help"]
    case .version?: arguments.append("--version")
    default:
        switch command.spec.operand {
        case .provider: arguments += [name, command.provider.map(commandName) ?? ""]
        case .link: arguments += [name, "--", command.resetLink?.value ?? ""]
        case .mfaAction:
            arguments += [name, command.mfaAction?.rawValue ?? ""] + (command.factorID.map { ["--", $0] } ?? [])
        case .passkeyAction:
            arguments += [name, command.passkeyAction?.rawValue ?? ""] + (command.factorID.map { ["--", $0] } ?? [])
        case .none, .optionalCommand: arguments.append(name)
        }
    }
    return arguments
}
