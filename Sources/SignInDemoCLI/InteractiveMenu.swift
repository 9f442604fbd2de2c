import Foundation
import SignInDomain
import SignInPresentation

/// `signin-demo interactive`: every flow as a menu, on a terminal. Each choice runs the same command as the
/// subcommand of the same name, asking for what it needs; the end of input (Ctrl-D) at a step's prompt cancels
/// that step only, and at the menu quits.
@MainActor
struct InteractiveMenu {
    let runner: CommandRunner
    let invocation: Invocation

    /// The menu's "open a reset link" entry; the link is asked for when it is chosen.
    static let openLink = Command(.openLink)

    /// Every entry there can be, in the order of the commands' declarations: signing in with each registered
    /// provider, linking each provider that links, and every other command that has a menu item
    /// (`CommandSpec.menu`). Each entry's label is in the user's language.
    static func entries(_ providers: [DemoProvider]) -> [(label: (CLIMessages) -> String, command: Command)] {
        CommandTable.commands.flatMap { spec -> [(label: (CLIMessages) -> String, command: Command)] in
            switch spec.command {
            case .signIn?:
                return providers.map { provider in
                    (
                        label: { text in
                            provider.menuTexts.map { text($0.signIn) }
                                ?? text(.menuSignInWith, ["provider": text.provider(provider.type)])
                        }, command: Command.signIn(provider.type)
                    )
                } + [
                    ({ text in text(.menuSignInPasskey) }, Command.signIn(.passkey)),
                    ({ text in text(.menuSignInEmailLink) }, Command.signIn(.emailLink)),
                    ({ text in text(.menuSignInPhone) }, Command.signIn(.phone)),
                ]
            case .link?:
                return providers.filter(\.description.isLinkable).map { provider in
                    (
                        label: { text in
                            provider.menuTexts?.link.map { text($0) }
                                ?? text(.menuLinkWith, ["provider": text.provider(provider.type)])
                        }, command: Command.link(provider.type)
                    )
                } + [({ text in text(.menuLinkPhone) }, Command.link(.phone))]
            case .mfa?:
                let items: [(CLIText, MFAAction)] = [
                    (.menuMFAEnroll, .enroll), (.menuMFAList, .list), (.menuMFARemove, .remove),
                    (.menuMFARecoveryCodes, .recoveryCodes),
                ]
                return items.map { label, action in ({ text in text(label) }, Command.mfa(action)) }
            case .passkey?:
                let items: [(CLIText, PasskeyAction)] = [
                    (.menuPasskeyAdd, .add), (.menuPasskeyList, .list), (.menuPasskeyRemove, .remove),
                ]
                return items.map { label, action in ({ text in text(label) }, Command.passkey(action)) }
            default:
                guard let label = spec.menu else { return [] }
                // What the command names after its name (a provider to unlink, a link) is asked when it is chosen.
                return [({ text in text(label) }, Command(spec.command))]
            }
        }
    }

    /// The entries whose command works with this backend: a team's own server has no guests, no Apple or Google and
    /// no outbox, so the menu does not offer them.
    static func entries(
        _ runner: CommandRunner, root: CompositionRoot
    ) -> [(label: (CLIMessages) -> String, command: Command)] {
        entries(runner.providers).filter { entry in
            runner.notOffered(entry.command, root: root) == nil
                && runner.unavailable(for: Invocation(command: entry.command), root: root) == nil
        }
    }

    func run() async -> ExitCode {
        let console = runner.console
        let text = runner.text
        let entries = Self.entries(runner, root: runner.root(invocation))
        var menuRunner = runner
        menuRunner.menu = entries.map(\.command)
        console.out(text(.menuHeading, ["folder": runner.paths.root]) + "\n")
        let maximum = ["max": "\(entries.count)"]
        var menu = "\n\(text(.menuWhatNext))\n"
        for (index, entry) in entries.enumerated() {
            menu += "  \(String(index + 1).leftPadded(to: 2))) \(entry.label(text))\n"
        }
        menu += "   0) \(text(.menuQuit))\n"
        // The whole menu once; after each step a one-line prompt, so that the step's result stays in view.
        console.out(menu + text(.menuChoose))
        while true {
            // A bad answer is asked again in place; '?' draws the menu again.
            var number: Int?
            while number == nil {
                guard let line = console.readLine() else {
                    console.out("\n")
                    return .success
                }
                let answer = line.trimmingCharacters(in: .whitespaces)
                if answer == "0" || answer.lowercased() == "q" { return .success }
                if answer == "?" {
                    console.out(menu + text(.menuChoose))
                } else if let chosen = Int(answer), (1...entries.count).contains(chosen) {
                    number = chosen
                } else {
                    console.out(text(.menuRetry, maximum))
                }
            }
            defer { console.out("\n" + text(.menuChooseAgain, maximum)) }
            guard let number else { continue }
            var options = invocation
            options.forcePrompts = true
            options.command = entries[number - 1].command
            if options.command.name == .unlink {
                let linkable = ProviderChoice.linkable.allowed(in: text.providers)
                let names = linkable.map(\.commandName).joined(separator: ", ")
                guard let name = runner.ask(text(.promptProviderToUnlink, ["providers": names])) else {
                    console.out(text(.cancelled) + "\n")
                    continue
                }
                let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
                guard let provider = linkable.first(where: { $0.commandNames.contains(wanted) }) else {
                    console.out(
                        text(
                            .usageUnknownProvider,
                            [
                                "provider": InputText.echo(name), "command": CommandName.unlink.rawValue,
                                "providers": names,
                            ]) + "\n")
                    continue
                }
                options.command = .unlink(provider.type)
            }
            if options.command.name == .updateProfile {
                guard let name = runner.ask(text(.promptDisplayName)) else {
                    console.out(text(.cancelled) + "\n")
                    continue
                }
                options.displayName = name
            }
            if options.command.name == .openLink {
                guard let link = runner.ask(text(.promptLink)) else {
                    console.out(text(.cancelled) + "\n")
                    continue
                }
                options.command = .openLink(Secret(link))
            }
            if let missing = menuRunner.missingInput(for: options) {
                console.out(text(missing.key, missing.arguments) + "\n")
                continue
            }
            _ = await menuRunner.execute(options)
        }
    }
}
