import Foundation
import SignInEmbeddedStore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("signin-demo sessions across processes")
final class SessionLifecycleEndToEndTests {
    let cli = CLIProcess()

    deinit { cli.cleanUp() }

    func uid(in output: String) -> String? {
        output.split(separator: "\n").first { $0.contains("uid:") }?.split(separator: " ").last.map(String.init)
    }

    @Test("sign-in apple --yes, then status in a new process shows the same uid; after sign-out, status exits 1")
    func lifecycle() throws {
        let signIn = try cli.run(["sign-in", "apple", "--yes"])
        #expect(signIn.status == 0, "\(signIn.stderr)")
        let uid = try #require(self.uid(in: signIn.stdout))

        let status = try cli.run(["status"])
        #expect(status.status == 0)
        #expect(self.uid(in: status.stdout) == uid)

        let json = try cli.run(["status", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(document?["uid"] as? String == uid)
        #expect(document?["signedIn"] as? Bool == true)
        #expect(!json.stdout.contains("eyJ"))

        #expect(try cli.run(["sign-out"]).status == 0)
        let after = try cli.run(["status"])
        #expect(after.status == 1)
        #expect(after.stdout.contains("Not signed in."))
        let again = try cli.run(["sign-out"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("You are not signed in."))
    }

    @Test("signing in again later finds the same account, keeping Apple's first-login name")
    func sameAccountLater() throws {
        let first = try cli.run(["sign-in", "apple"])
        _ = try cli.run(["sign-out"])
        let second = try cli.run(["sign-in", "apple"])
        #expect(uid(in: first.stdout) == uid(in: second.stdout))
        #expect(second.stdout.contains("name:          Jane Appleseed"))
        #expect(second.stdout.contains("new user:      no"))
    }

    @Test(
        "a damaged session file is moved aside and reported; status exits 1 and a new sign-in works",
        arguments: ["", "{\"version\":2,\"sess", "\u{0}\u{1}binary", "{\"version\":42,\"session\":{}}"])
    func damagedSessionFile(contents: String) throws {
        #expect(try cli.run(["sign-in", "apple"]).status == 0)
        let path = cli.dataDirectory.appendingPathComponent("client/session.json")
        try Data(contents.utf8).write(to: path)

        let status = try cli.run(["status"])
        #expect(status.status == 1)
        #expect(status.stderr.contains("could not be read"))
        let kept = try FileManager.default.contentsOfDirectory(atPath: path.deletingLastPathComponent().path)
            .filter { $0.hasPrefix("session.json.unreadable-") }
        #expect(kept.count == 1)
        #expect(try cli.run(["sign-in", "apple"]).status == 0)
        #expect(try cli.run(["status"]).status == 0)
    }

    @Test("a session file that cannot be read at all is an error, not 'signed out', and nothing is moved")
    func unreadableSessionFile() throws {
        #expect(try cli.run(["sign-in", "apple"]).status == 0)
        let path = cli.dataDirectory.appendingPathComponent("client/session.json")
        try FileManager.default.removeItem(at: path)
        try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
        let status = try cli.run(["status"])
        #expect(status.status == 1)
        #expect(status.stderr.contains("could not be read or written"))
        // It names the folder and says what to do; the developer details come with --verbose.
        #expect(status.stderr.contains("The data folder \(cli.dataDirectory.path) cannot be used"))
        #expect(status.stderr.contains("--data-dir"))
        #expect(FileManager.default.fileExists(atPath: path.path))
    }

    @Test("a data folder that cannot be written fails with a clear message and exit 1, without a crash")
    func unwritableDataFolder() throws {
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let blocker = cli.dataDirectory.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let result = try cli.run(
            ["sign-in", "apple"], environment: ["SIGNIN_DEMO_DATA_DIR": blocker.appendingPathComponent("sub").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("file/sub cannot be used"))
        #expect(result.stderr.contains("Not a directory"))
        #expect(result.stderr.contains("Choose another with --data-dir"))
        #expect(!result.stderr.contains("try again"))
    }

    @Test("two processes signing in at once on one data folder both succeed and lose nothing")
    func concurrentProcesses() async throws {
        let cli = self.cli
        let results = try await withThrowingTaskGroup(of: CLIProcess.Result.self) { group in
            for _ in 0..<4 { group.addTask { try cli.run(["sign-in", "apple"]) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
        #expect(Set(results.compactMap { uid(in: $0.stdout) }).count == 1)
        #expect(try StoredBackend.state(in: cli.dataDirectory).identity.refreshTokens.count == 4)
        #expect(try cli.run(["status"]).status == 0)
    }

    @Test("processes killed in the middle of their writes leave every file readable")
    func killedMidWrite() throws {
        #expect(try cli.run(["sign-in", "apple"]).status == 0)
        for round in 0..<12 {
            let process = Process()
            process.executableURL = CLIProcess.executable
            process.arguments = ["sign-in", "apple"]
            var environment = ProcessInfo.processInfo.environment
            environment["SIGNIN_DEMO_DATA_DIR"] = cli.dataDirectory.path
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            // Kill at a different point of the run each round, whatever it is writing then.
            usleep(useconds_t(1_000 * (round * 3 % 25)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let status = try cli.run(["status"])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(!status.stderr.contains("could not be read"))
        #expect(try cli.run(["sign-in", "apple"]).status == 0, "the backend state is still readable")
        // The temporary files of the killed writes were removed by the runs after them.
        let leftovers = try ["backend", "client"].flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: cli.dataDirectory.appendingPathComponent(folder).path)
                .filter { $0.contains(".tmp-") }
        }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}
