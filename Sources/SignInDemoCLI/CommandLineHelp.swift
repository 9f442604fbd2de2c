import SignInDomain
import SignInPresentation

/// The help texts, derived from ``CommandTable`` in the user's language: the global help (`--help`) and each
/// command's (`signin-demo <command> --help`, `signin-demo help <command>`).
struct CommandLineHelp {
    let text: CLIMessages

    /// The global help: every command with its summary, the options, the rules, the exit codes.
    func global() -> String {
        var lines = [text(.helpTitle), "", text(.helpUsageHeading)]
        let tourUsage = "signin-demo [--data-dir DIR]"
        let commandUsage = "signin-demo " + text(.helpUsageLine)
        let usageWidth = max(tourUsage.count, commandUsage.count)
        lines.append("  " + tourUsage.padding(to: usageWidth + 2) + text(.commandTourSummary))
        lines += ["  " + commandUsage, "", text(.helpCommandsHeading)]
        let names = CommandTable.commands.map { spec -> String in
            switch spec.operand {
            case .provider: usage(spec, withOptions: false)
            case .link: spec.name + " <link>"
            case .optionalCommand: spec.name + " [" + text(.helpCommandWord) + "]"
            case .mfaAction: spec.name + " " + Self.mfaUsage
            case .passkeyAction: spec.name + " " + Self.passkeyUsage
            case .none: spec.name
            }
        }
        let width = names.map(\.terminalWidth).max() ?? 0
        for (name, spec) in zip(names, CommandTable.commands) {
            lines.append("  " + name.padding(to: width + 2) + text(spec.summary))
        }
        lines += ["", text(.helpMoreAboutCommand)]
        lines += ["", text(.helpOptionsHeading)]
        lines += optionLines(CommandTable.options.map(\.name))
        lines += [
            "", text(.helpPrompts), text(.helpConsentOffTerminal), text(.helpRecentSignIn), text(.helpBackends),
            text(.helpLocale),
        ]
        lines += ["", text(.helpExitCodesHeading)]
        lines += [.helpExitSuccess, .helpExitFailure, .helpExitUsage, .helpExitCancelled].map { "  " + text($0) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One command's help: what it does, its usage, its options, an example.
    func command(_ name: String) -> String {
        guard let spec = CommandTable.spec(named: name) else { return global() }
        var lines = ["signin-demo \(name): " + text(spec.summary), "", text(spec.details), ""]
        lines.append(text(.helpCommandUsage, ["usage": "signin-demo " + usage(spec)]))
        lines += ["", text(.helpCommandOptions)]
        lines += optionLines(CommandTable.allOptions(of: spec))
        if case .provider(let choice) = spec.operand {
            // Every provider it takes, by the names it accepts, with its name in the user's language.
            let providers = choice.allowed(in: text.providers)
            let names = providers.map { $0.commandNames.joined(separator: ", ") }
            let width = names.map(\.terminalWidth).max() ?? 0
            lines += ["", text(.helpCommandProviders)]
            lines += zip(names, providers).map { "  " + $0.padding(to: width + 2) + text.provider($1.type) }
            lines.append("  " + ProviderChoice.openIDConnectUsage.padding(to: width + 2) + text(.helpOIDCProvider))
            // What a command takes without a registration: a passkey and a mailed link for `sign-in`, a phone number.
            for only in choice.unregistered {
                let summary =
                    switch only {
                    case .emailLink: text(.menuSignInEmailLink)
                    case .phone: text(.helpPhoneProvider)
                    default: text(.menuSignInPasskey)
                    }
                lines.append("  " + only.rawValue.padding(to: width + 2) + summary)
            }
        }
        lines += ["", text(.helpExample, ["example": spec.exampleLine])]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `sign-in apple|google|anonymous|email [--yes] …`.
    func usage(_ spec: CommandSpec, withOptions: Bool = true) -> String {
        var words = [spec.name]
        switch spec.operand {
        case .none: break
        case .provider(let choice):
            words.append(choice.usage(in: text.providers))
        case .link: words.append("<link>")
        case .optionalCommand: words.append("[" + text(.helpCommandWord) + "]")
        case .mfaAction: words.append(Self.mfaUsage)
        case .passkeyAction: words.append(Self.passkeyUsage)
        }
        guard withOptions else { return words.joined(separator: " ") }
        for option in spec.options {
            let option = CommandTable.option(option)
            words.append("[" + option.long + (option.value.map { " " + $0 } ?? "") + "]")
        }
        return words.joined(separator: " ")
    }

    /// What `mfa` takes.
    static let mfaUsage = "enroll|list|remove [ID]|recovery-codes"
    /// What `passkey` takes.
    static let passkeyUsage = "add|list|remove [ID]"

    private func optionLines(_ names: [OptionName]) -> [String] {
        let specs = CommandTable.options.filter { names.contains($0.name) }
        let labels = specs.map { spec in
            [spec.short, spec.long + (spec.value.map { " " + $0 } ?? "")].compactMap { $0 }.joined(separator: ", ")
        }
        let width = labels.map(\.terminalWidth).max() ?? 0
        return zip(labels, specs).map { label, spec in "  " + label.padding(to: width + 2) + text(spec.help) }
    }
}
