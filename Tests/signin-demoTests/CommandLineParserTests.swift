import Testing

@testable import signin_demo

@Suite("CommandLineParser")
struct CommandLineParserTests {
    @Test("no arguments runs the demo, asking at the consent step")
    func noArguments() throws {
        #expect(try CommandLineParser.parse([]) == .demo(DemoOptions()))
    }

    @Test(
        "reads the flags",
        arguments: [
            (["--yes"], Command.demo(DemoOptions(assumeYes: true))),
            (["-y", "--hide-email"], .demo(DemoOptions(assumeYes: true, hideEmail: true))),
            (["--help"], .help), (["-h"], .help), (["help"], .help), (["--version"], .version),
        ])
    func flags(arguments: [String], expected: Command) throws {
        #expect(try CommandLineParser.parse(arguments) == expected)
    }

    @Test(
        "an unknown option or command is a usage error that names it",
        arguments: [
            (["--nope"], "unknown option '--nope'"), (["frobnicate"], "unknown command 'frobnicate'"),
        ])
    func unknown(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message)) { try CommandLineParser.parse(arguments) }
    }
}
