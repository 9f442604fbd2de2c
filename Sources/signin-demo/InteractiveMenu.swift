import Foundation
import SignInDomain

/// `signin-demo interactive`: every flow as a menu. Each choice runs the same command as the subcommand of
/// the same name, asking for what it needs. It reads answers from standard input, also when that is not a
/// terminal, so that it can be scripted.
@MainActor
struct InteractiveMenu {
    let runner: CommandRunner
    let invocation: Invocation

    static let entries: [(label: String, command: Command)] = [
        ("Sign in with Apple", .signIn(.apple)), ("Sign in with Google", .signIn(.google)),
        ("Sign in as a guest", .signIn(.anonymous)), ("Sign in with email", .signIn(.email)),
        ("Sign up with email", .signUp), ("Link Apple", .link(.apple)), ("Link Google", .link(.google)),
        ("Link email and password", .link(.email)), ("Unlink a provider", .unlink(.email)),
        ("Status", .status), ("Reset the password (mail a link)", .resetPassword), ("Show the outbox", .outbox),
        ("Open a link from a mail", .openLink(Secret(""))), ("Check the Apple credential state", .checkCredential),
        ("Stop using Sign in with Apple (demo helper)", .appleRevoke), ("Delete the account", .deleteAccount),
        ("Sign out", .signOut), ("Change the password", .changePassword),
    ]

    func run() async -> ExitCode {
        let console = runner.console
        console.out("signin-demo interactive: data folder \(runner.paths.root)\n")
        while true {
            var menu = "\nWhat next?\n"
            for (index, entry) in Self.entries.enumerated() {
                menu += "  \(String(index + 1).leftPadded(to: 2))) \(entry.label)\n"
            }
            console.out(menu + "   0) Quit\nChoose: ")
            guard let line = console.readLine() else { return .success }
            let answer = line.trimmingCharacters(in: .whitespaces)
            if answer == "0" || answer.lowercased() == "q" { return .success }
            guard let number = Int(answer), (1...Self.entries.count).contains(number) else {
                console.out("Please answer with a number from the menu.\n")
                continue
            }
            var options = invocation
            options.forcePrompts = true
            options.command = Self.entries[number - 1].command
            if case .unlink = options.command {
                guard let name = runner.ask("Provider to unlink (apple, google, email): "),
                    let provider = ProviderName(argument: name), provider != .anonymous
                else {
                    console.out("Unknown provider.\n")
                    continue
                }
                options.command = .unlink(provider)
            }
            if case .openLink = options.command {
                guard let link = runner.ask("Link: ") else { continue }
                options.command = .openLink(Secret(link))
            }
            _ = await runner.execute(options)
        }
    }
}
