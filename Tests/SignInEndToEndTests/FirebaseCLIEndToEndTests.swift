import Foundation
import SignInCrypto
import SignInData
import SignInInfrastructure
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `signin-demo serve` as its own process, for the CLI's `--backend firebase` runs.
final class ServeProcess: Sendable {
    let process: Process
    let port: Int
    let folder: URL

    /// Starts `signin-demo serve --port 0` and waits (at most 20 s) for the line that names its address.
    /// - Parameter dataFolder: The data folder to serve; a new one inside the process's own folder by default.
    init(environment: [String: String], dataFolder: URL? = nil) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("signin-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let out = folder.appendingPathComponent("out")
        let err = folder.appendingPathComponent("err")
        try Data().write(to: out)
        try Data().write(to: err)
        process = Process()
        process.executableURL = CLIProcess.executable
        let data = dataFolder ?? folder.appendingPathComponent("data")
        process.arguments = ["serve", "--port", "0", "--data-dir", data.path]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var found: Int?
        for _ in 0..<200 where found == nil {
            let text = String(decoding: (try? Data(contentsOf: out)) ?? Data(), as: UTF8.self)
            if let range = text.range(of: #"127\.0\.0\.1:[0-9]+"#, options: .regularExpression) {
                found = Int(text[range].split(separator: ":")[1])
            } else {
                usleep(100_000)
            }
        }
        guard let found else {
            process.terminate()
            throw UnexpectedServeError(log: Self.read(err))
        }
        port = found
    }

    struct UnexpectedServeError: Error { let log: String }

    var host: String { "127.0.0.1:\(port)" }
    var output: String { Self.read(folder.appendingPathComponent("out")) }
    var log: String { Self.read(folder.appendingPathComponent("err")) }

    /// Kills the process at once (SIGKILL), as a crash would, and waits (at most 15 s) for it to be gone.
    func crash() {
        kill(process.processIdentifier, SIGKILL)
        for _ in 0..<150 where process.isRunning { usleep(100_000) }
    }

    /// Sends SIGTERM and waits (at most 15 s) for the graceful stop.
    func stop() -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, SIGTERM)
        for _ in 0..<150 where process.isRunning { usleep(100_000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: folder)
    }

    private static func read(_ url: URL) -> String {
        String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
    }
}

@Suite("signin-demo --backend firebase, against signin-demo serve and without a backend", .serialized)
struct FirebaseCLIEndToEndTests {
    static let fast = ["SIGNIN_DEMO_PBKDF2_ITERATIONS": "1000"]
    static let apiKey = "AIzaE2E-not-a-real-key-4242"

    @Test("the account flows complete over HTTP, and no token, password or API key shows anywhere")
    func flows() throws {
        let serve = try ServeProcess(environment: Self.fast)
        let cli = CLIProcess(environment: Self.fast)
        defer { cli.cleanUp() }
        let firebase = ["FIREBASE_AUTH_EMULATOR_HOST": serve.host, "FIREBASE_API_KEY": Self.apiKey]
        var outputs: [String] = []
        func run(_ arguments: [String]) throws -> CLIProcess.Result {
            let result = try cli.run(
                ["--backend", "firebase"] + arguments, environment: firebase, timeout: .seconds(60))
            outputs += [result.stdout, result.stderr]
            return result
        }
        let password = "correct horse e2e"
        let guest = try run(["sign-in", "guest", "--json"])
        #expect(guest.status == 0, "\(guest.stderr)")
        let uid = try #require(
            (try JSONSerialization.jsonObject(with: Data(guest.stdout.utf8)) as? [String: Any])?["uid"] as? String)
        #expect(try run(["link", "email", "--email", "jane@example.com", "--password", password]).status == 0)
        #expect(try run(["sign-out", "--yes"]).status == 0)
        let back = try run(["sign-in", "email", "--email", "jane@example.com", "--password", password, "--json"])
        #expect(back.status == 0)
        #expect(back.stdout.contains("\"uid\":\"\(uid)\"") || back.stdout.contains("\"uid\" : \"\(uid)\""))

        let signUp = try run(["sign-up", "--email", "sam@example.com", "--password", password, "--json"])
        #expect(signUp.status == 0 && signUp.stdout.contains("sam@example.com"), "\(signUp.stderr)")
        let taken = try run(["sign-up", "--email", "sam@example.com", "--password", password])
        #expect(taken.status == 1 && taken.stderr.contains("sam@example.com already belongs to an account"))
        let me = try run(["me"])
        #expect(
            me.status == 0 && me.stdout.hasPrefix("HTTP 200") && me.stdout.contains("sam@example.com"), "\(me.stdout)")
        let apple = try run(["sign-in", "apple", "--yes"])
        #expect(apple.status == 0 && apple.stdout.contains("apple.com"), "\(apple.stderr)")
        let google = try run(["sign-in", "google", "--yes"])
        #expect(google.status == 0 && google.stdout.contains("google.com"), "\(google.stderr)")

        #expect(try run(["reset-password", "--email", "jane@example.com"]).status == 0)
        let outbox = try run(["outbox"])
        // serve lists Firebase's action links.
        let link = try #require(
            outbox.stdout.split(whereSeparator: \.isWhitespace).last {
                $0.contains("/emulator/action?mode=resetPassword")
            },
            "\(outbox.stdout)")
        let newPassword = "staple gun e2e 42"
        #expect(
            try run(["open-link", link.trimmingCharacters(in: .whitespaces), "--password", newPassword]).status == 0)
        #expect(try run(["sign-in", "email", "--email", "jane@example.com", "--password", password]).status == 1)
        #expect(try run(["sign-in", "email", "--email", "jane@example.com", "--password", newPassword]).status == 0)
        #expect(try run(["delete-account", "--yes", "--current-password", newPassword]).status == 0)

        #expect(serve.stop() == 0)
        #expect(serve.output.contains("Stopped"))
        let log = serve.log
        #expect(log.contains("\"POST /identitytoolkit.googleapis.com/v1/accounts:signInWithIdp\" 200"))
        #expect(log.contains("\"POST /identitytoolkit.googleapis.com/v1/accounts:lookup\" 200"))
        #expect(log.contains("\"POST /identitytoolkit.googleapis.com/v1/accounts:delete\" 200"))
        for text in outputs + [log, serve.output] {
            #expect(!text.contains(password) && !text.contains(newPassword))
            #expect(!text.contains(Self.apiKey))
            #expect(
                text.range(of: #"eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\."#, options: .regularExpression) == nil,
                "a JWT")
        }
    }

    @Test("signin-demo serve listens on 127.0.0.1 only: its test endpoints are not reachable from other machines")
    func loopbackOnly() throws {
        #if os(Linux)
            let serve = try ServeProcess(environment: Self.fast)
            // /proc/net/tcp lists each IPv4 socket as "local_address rem_address st ...", addresses in hex, the
            // address in host byte order: 127.0.0.1 is 0100007F; state 0A is LISTEN.
            // Read to the end: a /proc file reports no size, and with many sockets it is longer than one read.
            func procFile(_ path: String) -> String {
                String(decoding: FileHandle(forReadingAtPath: path)?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
            }
            let table = procFile("/proc/net/tcp")
            let port = String(format: "%04X", serve.port)
            var listening: [String] = []
            for line in table.split(separator: "\n") {
                let fields: [Substring] = line.split(separator: " ")
                guard fields.count > 3, fields[1].hasSuffix(":" + port), fields[3] == "0A" else { continue }
                listening.append(String(fields[1]))
            }
            #expect(listening == ["0100007F:" + port])
            let table6 = procFile("/proc/net/tcp6")
            #expect(!table6.contains(":" + port + " 00000000000000000000000000000000:0000 0A"))
            #expect(serve.stop() == 0)
        #endif
    }

    @Test("the guided tour runs against serve: refresh, the app's API, reset, a sign-in link, revocation, deletion")
    func tour() throws {
        let serve = try ServeProcess(environment: Self.fast)
        let cli = CLIProcess(environment: Self.fast)
        defer { cli.cleanUp() }
        let result = try cli.run(
            ["--backend", "firebase"], environment: ["FIREBASE_AUTH_EMULATOR_HOST": serve.host], timeout: .seconds(120))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("HTTP 200") || result.stdout.contains("200"))
        #expect(serve.log.contains("\"GET /v1/me\" 200"))
        #expect(serve.log.contains("\"POST /securetoken.googleapis.com/v1/token\" 200"))
        #expect(
            serve.log.contains("\"POST /securetoken.googleapis.com/v1/token\" 400"), "the old refresh token refused")
        // The sign-in link: mailed with EMAIL_SIGNIN, signed in with once, and refused the second time.
        #expect(result.stdout.contains("the link signed in to the same account"), "\(result.stdout)")
        #expect(result.stdout.contains("signed out and in again with a new SMS code alone"), "\(result.stdout)")
        #expect(serve.log.contains("\"POST /identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink"))
        #expect(serve.stop() == 0)
    }

    @Test("an identity token obtained elsewhere signs in with --id-token-file and SIGNIN_DEMO_RAW_NONCE")
    func providedToken() async throws {
        let serve = try ServeProcess(environment: Self.fast)
        let cli = CLIProcess(environment: Self.fast)
        defer { cli.cleanUp() }
        let rawNonce = "e2e-raw-nonce-0123456789abcdef"
        let url = try #require(URL(string: "http://\(serve.host)/embedded/v1/google/signIn"))
        let body = try JSONSerialization.data(withJSONObject: [
            "email": "jane.appleseed@gmail.com", "nonce": SHA256.hexDigest(rawNonce),
        ])
        let answer = try await URLSessionTransport().send(
            HTTPRequest(method: "POST", url: url, headers: ["Content-Type": "application/json"], body: body))
        let token = try #require(
            (try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["idToken"] as? String)
        let file = cli.dataDirectory.deletingLastPathComponent().appendingPathComponent("token-\(UUID().uuidString)")
        try Data((token + "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let signedIn = try cli.run(
            ["--backend", "firebase", "sign-in", "google", "--id-token-file", file.path],
            environment: ["FIREBASE_AUTH_EMULATOR_HOST": serve.host, "SIGNIN_DEMO_RAW_NONCE": rawNonce],
            timeout: .seconds(60))
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        #expect(signedIn.stdout.contains("google.com"))
        // The same token again is a replay, refused by the server's nonce check.
        let replay = try cli.run(
            ["--backend", "firebase", "sign-in", "google", "--yes", "--id-token-file", file.path],
            environment: ["FIREBASE_AUTH_EMULATOR_HOST": serve.host, "SIGNIN_DEMO_RAW_NONCE": rawNonce],
            timeout: .seconds(60))
        #expect(replay.status == 1)
        #expect(!replay.stderr.contains(token))
        _ = serve.stop()
    }

    @Test("with the emulator down, what needs it says it cannot be reached (exit 1), not that the backend lacks it")
    func emulatorDown() throws {
        let cli = CLIProcess()
        defer { cli.cleanUp() }
        // Port 9 (discard) on loopback: nothing listens there on a test machine.
        let down = ["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9"]
        for arguments in [["me"], ["check-credential"], ["sign-in", "apple", "--yes"], ["outbox"], []] {
            let result = try cli.run(["--backend", "firebase"] + arguments, environment: down, timeout: .seconds(30))
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr.contains("cannot be reached") && result.stderr.contains("127.0.0.1:9"), "\(arguments)")
            #expect(!result.stderr.contains("does not offer") && !result.stderr.contains("simulated"), "\(arguments)")
        }
        // What needs only this device still works.
        #expect(try cli.run(["--backend", "firebase", "status"], environment: down).status == 1)
    }

    @Test("--backend firebase without a key or an emulator exits 2 and names what to set")
    func noKey() throws {
        let cli = CLIProcess()
        defer { cli.cleanUp() }
        let result = try cli.run(
            ["--backend", "firebase", "status"],
            environment: ["FIREBASE_API_KEY": "", "FIREBASE_AUTH_EMULATOR_HOST": ""])
        #expect(result.status == 2)
        #expect(result.stderr.contains("FIREBASE_API_KEY") && result.stderr.contains("FIREBASE_AUTH_EMULATOR_HOST"))
        let bad = try cli.run(
            ["--backend", "firebase", "status"], environment: ["FIREBASE_AUTH_EMULATOR_HOST": "evil.example/x"])
        #expect(bad.status == 2 && bad.stderr.contains("host:port"))
        let unknown = try cli.run(["--backend", "cloud", "status"])
        #expect(unknown.status == 2 && unknown.stderr.contains("embedded, firebase or rest"))
    }

    @Test("against a Firebase project, what needs the simulator says so and exits 2, before any request")
    func projectLimits() throws {
        let cli = CLIProcess()
        defer { cli.cleanUp() }
        // A key and no emulator: production URLs. Nothing here may reach the network.
        let project = ["FIREBASE_API_KEY": Self.apiKey, "FIREBASE_AUTH_EMULATOR_HOST": ""]
        for (arguments, says) in [
            (["sign-in", "apple", "--yes"], "--id-token-file"), (["link", "google"], "--id-token-file"),
            (["outbox"], "inbox"), (["check-credential"], "Apple ID"), (["apple-revoke"], "Apple ID"),
            (["me"], "no app API"),
            ([], "guided tour"),
        ] {
            let result = try cli.run(
                ["--backend", "firebase"] + arguments, environment: project, timeout: .seconds(30))
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(says), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains(Self.apiKey))
        }
    }

    @Test(
        "against an emulator without our simulated sign-in (Google's), Apple and Google want a token, the tour says why"
    )
    func emulatorWithoutSimulation() throws {
        // Stands in for Google's emulator: it knows none of /embedded/v1/…, and lists no reset codes.
        let emulator = try LoopbackHTTPServer { request in
            request.url.path.hasSuffix("/oobCodes")
                ? HTTPResponse(status: 200, body: Data(#"{"oobCodes":[]}"#.utf8)) : HTTPResponse(status: 404)
        }
        defer { emulator.stop() }
        let cli = CLIProcess()
        defer { cli.cleanUp() }
        let environment = ["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:\(emulator.port)", "GCLOUD_PROJECT": "demo-x"]
        for (arguments, says) in [(["sign-in", "apple", "--yes"], "--id-token-file"), ([], "guided tour")] {
            let result = try cli.run(
                ["--backend", "firebase"] + arguments, environment: environment, timeout: .seconds(60))
            #expect(result.status == 2 && result.stderr.contains(says), "\(arguments): \(result.stderr)")
        }
        let outbox = try cli.run(["--backend", "firebase", "outbox"], environment: environment, timeout: .seconds(60))
        #expect(
            outbox.status == 0 && outbox.stdout.contains("/emulator/v1/projects/demo-x/oobCodes"),
            "exit \(outbox.status): \(outbox.stdout) \(outbox.stderr)")
    }

    @Test(
        "sign-in phone and link phone over serve: the code from the emulator's verificationCodes, a taken number refused"
    )
    func phone() throws {
        let serve = try ServeProcess(environment: Self.fast)
        let cli = CLIProcess(environment: Self.fast)
        defer { cli.cleanUp() }
        let environment = ["FIREBASE_AUTH_EMULATOR_HOST": serve.host]
        func run(_ arguments: [String]) throws -> CLIProcess.Result {
            try cli.run(["--backend", "firebase"] + arguments, environment: environment, timeout: .seconds(60))
        }
        func lastCode() throws -> String {
            let outbox = try run(["outbox", "--json"]).stdout
            let items = (try JSONSerialization.jsonObject(with: Data(outbox.utf8)) as? [String: Any])?["result"]
            return try #require(
                (items as? [[String: Any]] ?? []).last { $0["kind"] as? String == "sms" }?["code"] as? String)
        }
        #expect(try run(["sign-in", "phone", "--phone", "+15555550100"]).status == 0)
        let signedIn = try run(["sign-in", "phone", "--phone", "+15555550100", "--code", try lastCode()])
        #expect(signedIn.status == 0 && signedIn.stdout.contains("providers:     phone"), "\(signedIn.stderr)")
        #expect(try run(["sign-up", "--email", "kit@example.com", "--password", "kit password 1"]).status == 0)
        #expect(try run(["link", "phone", "--phone", "+15555550100"]).status == 0)
        let taken = try run(["link", "phone", "--phone", "+15555550100", "--code", try lastCode(), "--json"])
        #expect(taken.status == 1 && taken.stdout.contains(#""code":"phoneNumberAlreadyInUse""#), "\(taken.stdout)")
        #expect(serve.log.contains("\"POST /identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode"))
        #expect(serve.stop() == 0)
    }

    @Test("apple-revoke against serve says when there was nothing to revoke (exit 1), as in-process")
    func appleRevokeTwice() throws {
        let serve = try ServeProcess(environment: Self.fast)
        let cli = CLIProcess(environment: Self.fast)
        defer { cli.cleanUp() }
        let environment = ["FIREBASE_AUTH_EMULATOR_HOST": serve.host]
        func run(_ arguments: [String]) throws -> Int32 {
            try cli.run(["--backend", "firebase"] + arguments, environment: environment, timeout: .seconds(60)).status
        }
        #expect(try run(["sign-in", "apple", "--yes"]) == 0)
        #expect(try run(["apple-revoke"]) == 0)
        #expect(try run(["apple-revoke"]) == 1)
        _ = serve.stop()
    }

    @Test("serve stops gracefully on a SIGTERM sent the moment it prints its address", .timeLimit(.minutes(2)))
    func earlySigterm() throws {
        for _ in 0..<5 {
            let serve = try ServeProcess(environment: Self.fast)
            #expect(serve.stop() == 0)
        }
    }

    @Test("serve refuses --backend firebase, and a port that is not one")
    func serveUsage() throws {
        let cli = CLIProcess()
        defer { cli.cleanUp() }
        #expect(try cli.run(["serve", "--backend", "firebase"]).status == 2)
        for port in ["70000", "-1", "http", "9099x"] {
            let result = try cli.run(["serve", "--port", port])
            #expect(result.status == 2 && result.stderr.contains("0 to 65535"), "\(port)")
        }
    }
}
