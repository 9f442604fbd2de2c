import Foundation
import SignInTesting
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("signin-demo on a data folder it must not trust")
final class UntrustedDataFolderEndToEndTests {
    let cli = CLIProcess()

    deinit { cli.cleanUp() }

    var sessionFile: String { cli.dataDirectory.appendingPathComponent("client/session.json").path }
    var backendFolder: String { cli.dataDirectory.appendingPathComponent("backend").path }

    /// Signs in once, so that the data folder holds everything a real one does.
    func prepare() throws {
        let signIn = try cli.run(["sign-in", "apple"], timeout: .seconds(60))
        #expect(signIn.status == 0, "\(signIn.stderr)")
    }

    /// Runs `arguments` and expects a non-zero exit within a few seconds, with a line on standard error that
    /// names `path` and says `problem`, and `path` exactly as it was.
    func expectRefusal(
        _ arguments: [String], path: String, problem: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = PlantedFile.snapshot(path)
        let result = try cli.run(arguments, timeout: .seconds(10))
        #expect(!result.timedOut, "the run hung and was killed", sourceLocation: sourceLocation)
        #expect(result.status != 0, sourceLocation: sourceLocation)
        let line = result.stderr.split(separator: "\n").first { $0.contains(path) }
        #expect(line?.contains(problem) == true, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            PlantedFile.snapshot(path) == before, "the file is left exactly as it was", sourceLocation: sourceLocation)
    }

    @Test("a session file readable by other users is refused and left as it is; status exits non-zero")
    func sessionOpenToOthers() throws {
        try prepare()
        chmod(sessionFile, 0o644)
        try expectRefusal(
            ["status"], path: sessionFile,
            problem: "it is readable by other users (mode 0644); run `chmod 600 \(sessionFile)` or remove it")
        try expectRefusal(["sign-in", "apple"], path: sessionFile, problem: "readable by other users")
    }

    @Test("a session file owned by another user is refused and left as it is", .enabled(if: PlantedFile.canChangeOwner))
    func sessionOfAnotherUser() throws {
        try prepare()
        chown(sessionFile, PlantedFile.otherUser, gid_t(PlantedFile.otherUser))
        try expectRefusal(
            ["status"], path: sessionFile,
            problem: "it is owned by uid \(PlantedFile.otherUser), not you (uid \(geteuid())); remove it")
    }

    @Test("a FIFO at backend/backend.sqlite ends the run at once with an error instead of hanging, and stays")
    func fifoStateFile() throws {
        try prepare()
        let path = "\(backendFolder)/backend.sqlite"
        try FileManager.default.removeItem(atPath: path)
        try PlantedFile.fifo(at: path)
        try expectRefusal(
            ["sign-in", "apple"], path: path, problem: "it is a named pipe (FIFO), not a regular file; remove it")
    }

    @Test("a damaged backend database is refused with what to do, in the user's language, and left as it is")
    func damagedDatabase() throws {
        try prepare()
        let path = "\(backendFolder)/backend.sqlite"
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(repeating: 0x5A, count: 100))
        try handle.close()
        try expectRefusal(
            ["sign-in", "apple"], path: path, problem: "Nothing was changed: restore the backend folder from a backup")
        let before = PlantedFile.snapshot(path)
        let turkish = try cli.run(["sign-in", "google"], environment: ["LANG": "tr_TR.UTF-8"], timeout: .seconds(10))
        #expect(turkish.status == 1)
        #expect(turkish.stderr.contains("Hiçbir şey değiştirilmedi"), "\(turkish.stderr)")
        #expect(PlantedFile.snapshot(path) == before)
    }

    @Test("a dangling symbolic link at backend/backend.sqlite is refused, and its target is not created")
    func danglingDatabaseLink() throws {
        try prepare()
        let path = "\(backendFolder)/backend.sqlite"
        let target = "\(backendFolder)/created-through-the-link"
        try FileManager.default.removeItem(atPath: path)
        try PlantedFile.symbolicLink(at: path, to: target)
        try expectRefusal(["sign-in", "apple"], path: path, problem: "it is a symbolic link to \(target)")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test("a session file over 1 MiB is refused as too large, not read, not moved aside; status exits non-zero")
    func oversizedSession() throws {
        try prepare()
        let handle = try #require(FileHandle(forWritingAtPath: sessionFile))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: 0x20, count: 1 << 20))
        try handle.close()
        try expectRefusal(["status"], path: sessionFile, problem: "the file is too large")
        let names = try FileManager.default.contentsOfDirectory(
            atPath: cli.dataDirectory.appendingPathComponent("client").path)
        #expect(!names.contains { $0.contains("unreadable") }, "\(names)")
    }
}
