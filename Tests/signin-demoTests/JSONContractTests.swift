import Foundation
import SignInPresentation
import SignInTesting
import Testing

@testable import SignInDemoCLI

/// README's promise for `--json`, as a property over the whole command table: every command that runs a flow, run
/// with every kind of failure a script meets, prints exactly one JSON object with the documented keys on standard
/// output, and exits with the code its error means. The commands come from ``CommandTable``, so a new command is
/// covered without a new case.
@MainActor
@Suite("--json: one object with the documented keys, for every command and every kind of failure")
struct JSONContractTests {
    let folder = TemporaryFolder(prefix: "signin-json")
    static let keys = Set(SessionFormatter.Document.CodingKeys.allCases.map(\.stringValue))

    /// The commands that take `--json`: every command that runs one flow.
    static let commands = CommandTable.commands.filter { $0.run != nil }

    /// The arguments of `spec`'s example, split as a shell would (single quotes only).
    static func example(_ spec: CommandSpec) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var started = false
        for character in spec.example {
            if character == "'" {
                quoted.toggle()
                started = true
            } else if character == " " && !quoted {
                if started { words.append(word) }
                word = ""
                started = false
            } else {
                word.append(character)
                started = true
            }
        }
        if started { words.append(word) }
        return [spec.name] + words
    }

    struct Run {
        let arguments: [String]
        let code: ExitCode
        let out: String
        let err: String
    }

    func run(
        _ arguments: [String], dataDir: String? = nil, environment: [String: String] = [:], terminal: Bool = false,
        input: [String] = []
    ) async -> Run {
        let captured = CapturedConsole(input: input, isInteractive: terminal)
        var environment = environment
        environment["SIGNIN_DEMO_PBKDF2_ITERATIONS"] = "1000"
        let full = arguments + ["--data-dir", dataDir ?? folder.path]
        let code = await DemoCLI(console: captured.console, environment: environment).run(full)
        return Run(arguments: full, code: code, out: captured.out, err: captured.err)
    }

    /// The contract, for one run: one line, one object, the documented keys, and an exit code that matches the
    /// error.
    func check(_ run: Run, _ scenario: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let what = "\(scenario): \(run.arguments.joined(separator: " ")) → exit \(run.code.rawValue)"
        let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 2, lines[1].isEmpty,
            let object = try? JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        else {
            Issue.record(
                "\(what): standard output is not one JSON object: \(run.out.debugDescription)",
                sourceLocation: sourceLocation)
            return
        }
        #expect(Set(object.keys) == Self.keys, "\(what): keys \(object.keys.sorted())", sourceLocation: sourceLocation)
        let error = object["error"] as? [String: Any]
        let code = error?["code"] as? String
        let message = error?["message"] as? String
        let signedIn = object["signedIn"] as? Bool
        #expect(object["signedIn"] is NSNull || signedIn != nil, "\(what): signedIn", sourceLocation: sourceLocation)
        if signedIn == true { #expect(object["uid"] as? String != nil, "\(what): uid", sourceLocation: sourceLocation) }
        switch run.code {
        case .success:
            // Only `status` with a session it could not refresh offline says why, and is still a success.
            let offlineStatus = run.arguments.first == "status" && signedIn == true
            #expect(
                error == nil || offlineStatus, "\(what): an error on success: \(run.out)",
                sourceLocation: sourceLocation)
        case .failure:
            #expect(
                code != nil && code != "usage" && code != "cancelled", "\(what): \(run.out)",
                sourceLocation: sourceLocation)
        case .usage:
            #expect(
                code == "usage" || code == "secondFactorRequired", "\(what): \(run.out)", sourceLocation: sourceLocation
            )
        case .cancelled:
            #expect(code == "cancelled", "\(what): \(run.out)", sourceLocation: sourceLocation)
        }
        if run.code != .success {
            #expect(message?.isEmpty == false, "\(what): no message: \(run.out)", sourceLocation: sourceLocation)
        }
        // Never a token (a JWT: a base64url header, payload and signature).
        #expect(
            run.out.range(of: #"eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\."#, options: .regularExpression) == nil,
            "\(what): a token on standard output", sourceLocation: sourceLocation)
    }

    @Test("every command's example, signed out and then as a guest (the guard that keeps a guest from being left)")
    func examples() async {
        for spec in Self.commands {
            check(await run(Self.example(spec) + ["--json"]), "signed out")
        }
        #expect(await run(["sign-in", "guest"]).code == .success)
        for spec in Self.commands {
            check(await run(Self.example(spec) + ["--json"]), "a guest")
            _ = await run(["sign-in", "guest", "--yes"])
        }
    }

    @Test("usage errors: an unknown option, a repeated operand, --json where it does not apply, a bad word")
    func usage() async {
        for spec in Self.commands {
            let usage = await run(Self.example(spec) + ["--no-such-option", "--json"])
            check(usage, "unknown option")
            #expect(usage.code == .usage)
        }
        for arguments in [
            ["--json"], ["frobnicate", "--json"], ["help", "--json"], ["version", "--json"], ["sign-in", "--json"],
        ] {
            let refused = await run(arguments)
            check(refused, "usage")
            #expect(refused.code == .usage)
        }
    }

    @Test("a backend that cannot be reached: every command that talks to it says so as error 'network'")
    func unreachable() async {
        let environment = ["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:1", "FIREBASE_API_KEY": "key"]
        for spec in Self.commands {
            let result = await run(Self.example(spec) + ["--backend", "firebase", "--json"], environment: environment)
            check(result, "unreachable")
            if spec.talksToBackend, result.code == .failure {
                #expect(result.out.contains(#""code":"network""#), "\(spec.name): \(result.out)")
            }
        }
    }

    @Test("an unusable data folder (a file), and a session store that cannot be read (a folder in its place)")
    func storage() async throws {
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let file = folder.path + "/a-file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        for spec in Self.commands {
            let result = await run(Self.example(spec) + ["--json"], dataDir: file)
            check(result, "data folder is a file")
            #expect(result.code == .failure || result.code == .usage, "\(spec.name): \(result.code)")
        }
        let broken = folder.path + "/broken"
        try FileManager.default.createDirectory(
            atPath: broken + "/client/session.json", withIntermediateDirectories: true)
        for spec in Self.commands {
            check(await run(Self.example(spec) + ["--json"], dataDir: broken), "session store unreadable")
        }
    }

    @Test("cancelled at a prompt (the end of input on a terminal), as a guest and signed out")
    func cancelled() async {
        for spec in Self.commands {
            check(await run(Self.example(spec) + ["--json"], terminal: true), "end of input, signed out")
        }
        #expect(await run(["sign-in", "guest"]).code == .success)
        for spec in Self.commands {
            let result = await run(Self.example(spec) + ["--json"], terminal: true)
            check(result, "end of input, a guest")
            if spec.leavesGuest { #expect(result.code == .cancelled, "\(spec.name): \(result.out)") }
            _ = await run(["sign-in", "guest", "--yes"])
        }
    }

    @Test("a command that only reads (mfa list, passkey list) reports the session that is signed in, as status does")
    func readingCommandsReportTheSession() async throws {
        #expect(await run(["sign-up", "--email", "ada@example.com", "--password", "correct horse"]).code == .success)
        let status = try #require(
            try JSONSerialization.jsonObject(with: Data(await run(["status", "--json"]).out.utf8)) as? [String: Any])
        for arguments in [["mfa", "list"], ["passkey", "list"], ["verify-email"]] {
            let result = await run(arguments + ["--json"])
            check(result, "signed in")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
            #expect(object["signedIn"] as? Bool == true, "\(arguments): \(result.out)")
            #expect(object["uid"] as? String == status["uid"] as? String, "\(arguments)")
        }
    }

    @Test("a linked credential another account owns: --switch-account switches under --json too, after the guest guard")
    func switchAccount() async throws {
        #expect(await run(["sign-in", "google"]).code == .success)
        let owner = try #require(
            try JSONSerialization.jsonObject(with: Data(await run(["status", "--json"]).out.utf8)) as? [String: Any])
        #expect(await run(["sign-in", "guest", "--yes"]).code == .success)
        let refused = await run(["link", "google", "--switch-account", "--json"])
        check(refused, "switch away from a guest without --yes")
        #expect(refused.code == .usage)
        let switched = await run(["link", "google", "--switch-account", "--yes", "--json"])
        check(switched, "switch")
        #expect(switched.code == .success, "\(switched.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(switched.out.utf8)) as? [String: Any])
        #expect(object["uid"] as? String == owner["uid"] as? String)
        #expect(object["isAnonymous"] as? Bool == false)
    }
}
