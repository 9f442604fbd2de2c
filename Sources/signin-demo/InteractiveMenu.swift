import Foundation
import SignInDomain

/// `signin-demo interactive`: every flow as a menu, on a terminal. Each choice runs the same command as the
/// subcommand of the same name, asking for what it needs; the end of input (Ctrl-D) at a step's prompt cancels
/// that step only, and at the menu quits.
@MainActor
struct InteractiveMenu {
    let runner: CommandRunner
    let invocation: Invocation

    static let entries: [(label: CLIText, command: Command)] = [
        (.menuSignInApple, .signIn(.apple)), (.menuSignInGoogle, .signIn(.google)),
        (.menuSignInGuest, .signIn(.anonymous)), (.menuSignInEmail, .signIn(.email)), (.menuSignUp, .signUp),
        (.menuLinkApple, .link(.apple)), (.menuLinkGoogle, .link(.google)), (.menuLinkEmail, .link(.email)),
        (.menuUnlink, .unlink(.email)), (.menuStatus, .status), (.menuResetPassword, .resetPassword),
        (.menuOutbox, .outbox), (.menuOpenLink, .openLink(Secret(""))), (.menuCheckCredential, .checkCredential),
        (.menuAppleRevoke, .appleRevoke), (.menuDeleteAccount, .deleteAccount), (.menuSignOut, .signOut),
        (.menuChangePassword, .changePassword),
    ]

    func run() async -> ExitCode {
        let console = runner.console
        let text = runner.text
        var menuRunner = runner
        menuRunner.inMenu = true
        console.out(text(.menuHeading, ["folder": runner.paths.root]) + "\n")
        let maximum = ["max": "\(Self.entries.count)"]
        while true {
            var menu = "\n\(text(.menuWhatNext))\n"
            for (index, entry) in Self.entries.enumerated() {
                menu += "  \(String(index + 1).leftPadded(to: 2))) \(text(entry.label))\n"
            }
            console.out(menu + "   0) \(text(.menuQuit))\n\(text(.menuChoose))")
            // A bad answer is asked again in place, without drawing the menu again.
            var number: Int?
            while number == nil {
                guard let line = console.readLine() else {
                    console.out("\n")
                    return .success
                }
                let answer = line.trimmingCharacters(in: .whitespaces)
                if answer == "0" || answer.lowercased() == "q" { return .success }
                if let chosen = Int(answer), (1...Self.entries.count).contains(chosen) {
                    number = chosen
                } else {
                    console.out(text(.menuRetry, maximum))
                }
            }
            guard let number else { continue }
            var options = invocation
            options.forcePrompts = true
            options.command = Self.entries[number - 1].command
            if case .unlink = options.command {
                let names = ProviderName.allCases.filter { $0 != .anonymous }.map(\.rawValue).joined(separator: ", ")
                guard let name = runner.ask(text(.promptProviderToUnlink, ["providers": names])) else {
                    console.out(text(.cancelled) + "\n")
                    continue
                }
                guard let provider = ProviderName(argument: name), provider != .anonymous else {
                    console.out(
                        text(
                            .usageUnknownProvider,
                            ["provider": InputText.echo(name), "command": "unlink", "providers": names]) + "\n")
                    continue
                }
                options.command = .unlink(provider)
            }
            if case .openLink = options.command {
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
