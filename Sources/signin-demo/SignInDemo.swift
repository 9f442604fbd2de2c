import Foundation

/// The entry point: run the CLI on the real terminal and exit with its code.
@main
struct SignInDemo {
    @MainActor
    static func main() async {
        let code = await DemoCLI(console: .system).run(Array(CommandLine.arguments.dropFirst()))
        exit(code.rawValue)
    }
}
