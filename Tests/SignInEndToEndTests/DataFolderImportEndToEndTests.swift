import Foundation
import Testing

/// A data folder written by signin-demo 0.4.0 (state in `backend/backend.json`), opened by this version, which keeps
/// the state in SQLite: every account of it still signs in.
@Suite("A data folder of the previous version, end to end")
struct DataFolderImportEndToEndTests {
    /// The folder as 0.4.0 left it: an Apple account, a Google account, two password accounts and a guest, who is
    /// the one signed in (`client/session.json`).
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/data-folder-0.4.0")

    /// Copies the fixture into the run's data folder, with the modes the CLI requires of its files.
    func prepare(_ cli: CLIProcess) throws -> [UInt8] {
        let manager = FileManager.default
        for folder in ["backend", "client"] {
            let target = cli.dataDirectory.appendingPathComponent(folder)
            try manager.createDirectory(
                at: target, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            for name in try manager.contentsOfDirectory(atPath: Self.fixture.appendingPathComponent(folder).path) {
                let copy = target.appendingPathComponent(name)
                try manager.copyItem(at: Self.fixture.appendingPathComponent("\(folder)/\(name)"), to: copy)
                try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: copy.path)
            }
        }
        try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: cli.dataDirectory.path)
        return Array(try Data(contentsOf: Self.fixture.appendingPathComponent("backend/backend.json")))
    }

    /// The uid the fixture's identity index gives `key` (`provider|subject`).
    func uid(_ key: String, in document: [UInt8]) throws -> String {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(document)) as? [String: Any])
        let identities = try #require((root["identity"] as? [String: Any])?["identities"] as? [String: String])
        return try #require(identities.first { $0.key.hasPrefix(key) }?.value)
    }

    func signedInUID(_ result: CLIProcess.Result) throws -> String {
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try #require(object?["uid"] as? String)
    }

    @Test(
        "imported once and kept aside; the guest's session refreshes, and Apple, Google and password accounts sign in")
    func everyAccountSignsIn() throws {
        let cli = CLIProcess()
        defer { cli.cleanUp() }
        let document = try prepare(cli)

        // The guest signed in under 0.4.0 calls the API: its expired ID token is refreshed by the imported backend.
        let me = try cli.run(["me"])
        #expect(me.status == 0, "\(me.stderr)")
        #expect(me.stdout.contains("\"signInProvider\":\"anonymous\""))

        let apple = try signedInUID(try cli.run(["sign-in", "apple", "-y", "--json"]))
        #expect(apple == (try uid("apple.com|", in: document)))
        let google = try signedInUID(
            try cli.run(["sign-in", "google", "--account", "sam.rivera@gmail.com", "-y", "--json"]))
        #expect(google == (try uid("google.com|", in: document)))
        let ada = try signedInUID(
            try cli.run([
                "sign-in", "email", "--email", "ada@example.com", "--password", "analytical engine 1843", "-y",
                "--json",
            ]))
        #expect(ada == (try uid("password|ada@example.com", in: document)))
        let grace = try signedInUID(
            try cli.run([
                "sign-in", "email", "--email", "grace@example.com", "--password", "compiler cobol 1959", "-y", "--json",
            ]))
        #expect(grace == (try uid("password|grace@example.com", in: document)))

        let backend = cli.dataDirectory.appendingPathComponent("backend")
        #expect(!FileManager.default.fileExists(atPath: backend.appendingPathComponent("backend.json").path))
        #expect(FileManager.default.fileExists(atPath: backend.appendingPathComponent("backend.sqlite").path))
        let kept = try Data(contentsOf: backend.appendingPathComponent("backend.json.imported"))
        #expect(Array(kept) == document)
    }
}
