import Testing

@testable import signin_demo

@Suite("CommandLineParser")
struct CommandLineParserTests {
    @Test("no arguments runs the guided demo, asking at the consent step")
    func noArguments() throws {
        #expect(try CommandLineParser.parse([]) == Invocation())
    }

    @Test(
        "reads commands and options, options anywhere",
        arguments: [
            (["--yes"], Invocation(assumeYes: true)),
            (["-y", "--hide-email"], Invocation(assumeYes: true, hideEmail: true)),
            (["sign-in", "apple", "--yes"], Invocation(command: .signIn(provider: "apple"), assumeYes: true)),
            (["--data-dir", "/tmp/x", "status"], Invocation(command: .status, dataDirectory: "/tmp/x")),
            (["status", "--json", "--data-dir=/d"], Invocation(command: .status, dataDirectory: "/d", json: true)),
            (["sign-out"], Invocation(command: .signOut)),
            (["--help"], Invocation(command: .help)), (["help"], Invocation(command: .help)),
            (["status", "-h"], Invocation(command: .help)), (["--version"], Invocation(command: .version)),
        ])
    func parses(arguments: [String], expected: Invocation) throws {
        #expect(try CommandLineParser.parse(arguments) == expected)
    }

    @Test(
        "bad command lines are usage errors that say what is wrong",
        arguments: [
            (["--nope"], "unknown option '--nope'"),
            (["frobnicate"], "unknown command 'frobnicate'"),
            (["sign-in"], "sign-in needs a provider: apple"),
            (["sign-in", "myspace"], "unknown provider 'myspace' (known: apple)"),
            (["sign-in", "apple", "extra"], "unexpected 'extra' after 'sign-in apple'"),
            (["status", "now"], "unexpected 'now' after 'status'"),
            (["--data-dir"], "--data-dir needs a folder"),
            (["--data-dir="], "--data-dir needs a folder"),
            (["sign-out", "--json"], "--json goes with 'status'"),
        ])
    func usageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message)) { try CommandLineParser.parse(arguments) }
    }
}

@Suite("DataPaths")
struct DataPathsTests {
    @Test("--data-dir wins over the environment, which wins over the platform default")
    func precedence() {
        let environment = ["SIGNIN_DEMO_DATA_DIR": "/env", "HOME": "/home/u", "XDG_DATA_HOME": "/xdg"]
        #expect(DataPaths.resolve(option: "/opt", environment: environment)?.root == "/opt")
        #expect(DataPaths.resolve(option: nil, environment: environment)?.root == "/env")
        #if !canImport(Darwin)
            #expect(
                DataPaths.resolve(option: nil, environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/xdg"])?.root
                    == "/xdg/signin-demo")
            #expect(
                DataPaths.resolve(option: nil, environment: ["HOME": "/home/u"])?.root
                    == "/home/u/.local/share/signin-demo")
            #expect(
                DataPaths.resolve(option: nil, environment: ["HOME": "/home/u", "XDG_DATA_HOME": "relative"])?.root
                    == "/home/u/.local/share/signin-demo")
        #endif
        #expect(DataPaths.resolve(option: nil, environment: [:]) == nil)
    }

    @Test("the backend and the session live in separate subfolders")
    func layout() {
        let paths = DataPaths(root: "/d")
        #expect(paths.backendFolder == "/d/backend")
        #expect(paths.sessionFile == "/d/client/session.json")
    }
}
