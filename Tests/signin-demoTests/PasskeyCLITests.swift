import Foundation
import SignInTesting
import Testing

@testable import SignInDemoCLI

/// `passkey add|list|remove` and `sign-in passkey`, the whole CLI: a new user registers a passkey, signs out, and
/// signs in with it (no password asked), in-process and over `serve`.
@MainActor
@Suite("Passkeys through the CLI")
struct PasskeyCLITests {
    let folder = TemporaryFolder(prefix: "signin-passkey")
    let email = "ada@example.com"
    let password = "correct horse battery"

    func run(
        _ arguments: [String], language: String = "en_US.UTF-8", environment: [String: String] = [:],
        input: [String] = [], terminal: Bool = false
    ) async -> (code: ExitCode, out: String, err: String) {
        await runCLI(
            arguments, folder: folder, language: language, environment: environment, input: input, terminal: terminal)
    }

    /// The uid of the signed-in account, from `status --json`.
    func signedInUID(environment: [String: String] = [:], extra: [String] = []) async throws -> String? {
        let status = await run(["status", "--json"] + extra, environment: environment)
        let object = try JSONSerialization.jsonObject(with: Data(status.out.utf8)) as? [String: Any]
        return object?["signedIn"] as? Bool == true ? object?["uid"] as? String : nil
    }

    /// The whole flow, with `extra` options (a backend) and `environment`.
    func wholeFlow(extra: [String] = [], environment: [String: String] = [:]) async throws {
        let signUp = await run(
            ["sign-up", "--email", email, "--password", password, "--json"] + extra, environment: environment)
        #expect(signUp.code == .success, "\(signUp.err)")
        let uid = try #require(try await signedInUID(environment: environment, extra: extra))
        let added = await run(["passkey", "add", "--name", "Laptop"] + extra, environment: environment)
        #expect(added.code == .success && added.out.contains("The passkey was added"), "\(added.err)")
        let listed = await run(["passkey", "list"] + extra, environment: environment)
        #expect(listed.out.contains("1. Laptop"), "\(listed.out)")
        #expect(await run(["sign-out", "--yes"] + extra, environment: environment).code == .success)
        #expect(try await signedInUID(environment: environment, extra: extra) == nil)
        // No email or password on the command line, none asked: the passkey alone signs in.
        let signedIn = await run(["sign-in", "passkey"] + extra, environment: environment)
        #expect(signedIn.code == .success, "\(signedIn.err)")
        #expect(try await signedInUID(environment: environment, extra: extra) == uid)
        let removed = await run(["passkey", "remove", "1"] + extra, environment: environment)
        #expect(removed.code == .success, "\(removed.err)")
        #expect(await run(["passkey", "list"] + extra, environment: environment).out.contains("no passkey"))
        #expect(await run(["sign-out", "--yes"] + extra, environment: environment).code == .success)
        let refused = await run(["sign-in", "passkey"] + extra, environment: environment)
        #expect(refused.code == .failure && refused.err.contains("No account uses this passkey"), "\(refused.err)")
        #expect(try await signedInUID(environment: environment, extra: extra) == nil)
    }

    @Test("in-process: register, sign out, sign in with the passkey, remove it")
    func embedded() async throws {
        try await wholeFlow()
        // The device's passkeys are the software authenticator's file, readable by its owner only.
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path + "/device/passkeys.json")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test("over serve: the Firebase client speaks Identity Platform's passkey endpoints")
    func overServe() async throws {
        let serve = try InProcessServe()
        defer { serve.stop() }
        try await wholeFlow(extra: ["--backend", "firebase"], environment: serve.environment)
        for route in [
            "passkeyEnrollment:start", "passkeyEnrollment:finalize", "passkeySignIn:start", "passkeySignIn:finalize",
        ] {
            #expect(serve.log.err.contains(route), "\(route) went through serve")
        }
    }

    @Test("a guest is told to link a permanent way to sign in first, in the user's language")
    func guest() async throws {
        #expect(await run(["sign-in", "anonymous"]).code == .success)
        let refused = await run(["passkey", "add"], language: "tr_TR.UTF-8")
        #expect(
            refused.code == .failure && refused.err.contains("Misafir hesabının geçiş anahtarı olamaz"),
            "\(refused.err)")
    }

    @Test("no passkey on the device: sign-in passkey says so and signs nobody in")
    func noPasskey() async throws {
        let refused = await run(["sign-in", "passkey"], language: "zh_TW.UTF-8")
        #expect(refused.code == .failure && refused.err.contains("此裝置沒有本 App 的密碼金鑰"), "\(refused.err)")
        #expect(try await signedInUID() == nil)
    }

    @Test("on a terminal, cancelling the device's sheet adds nothing and exits as a cancel")
    func cancelled() async throws {
        #expect(await run(["sign-up", "--email", email, "--password", password]).code == .success)
        let cancelled = await run(["passkey", "add"], input: ["0"], terminal: true)
        #expect(cancelled.code == .cancelled, "\(cancelled.err)")
        #expect(cancelled.out.contains("Create a passkey for signin.example as \(email)?"), "\(cancelled.out)")
        #expect(await run(["passkey", "list"]).out.contains("no passkey"))
    }

    @Test("a damaged device file is reported with what to do, and nobody is signed in")
    func damagedDeviceFile() async throws {
        try FileManager.default.createDirectory(
            atPath: folder.path + "/device", withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        #expect(
            FileManager.default.createFile(
                atPath: folder.path + "/device/passkeys.json", contents: Data("{".utf8),
                attributes: [.posixPermissions: 0o600]))
        let refused = await run(["sign-in", "passkey", "--verbose"])
        #expect(refused.code == .failure && refused.err.contains("move it aside"), "\(refused.err)")
        // The passkey's name opens the Turkish sentence: in upper case, as Turkish writes it.
        let turkish = await run(["sign-in", "passkey"], language: "tr_TR.UTF-8")
        #expect(turkish.err.contains("Geçiş anahtarı ile giriş tamamlanamadı"), "\(turkish.err)")
        // What to do is said without --verbose: where the device's passkeys are, and to move the file aside.
        #expect(
            turkish.err.contains("device/passkeys.json") && turkish.err.contains("kenara taşıyın"), "\(turkish.err)")
        #expect(try await signedInUID() == nil)
    }

    @Test("off a terminal the newest passkey answers, --account picks another, and a nameless one is numbered")
    func choosing() async throws {
        #expect(await run(["sign-up", "--email", email, "--password", password]).code == .success)
        let ada = try #require(try await signedInUID())
        #expect(await run(["passkey", "add"]).code == .success)
        #expect(await run(["passkey", "list"], language: "tr_TR.UTF-8").out.contains("1. Geçiş anahtarı 1"))
        #expect(await run(["sign-out", "--yes"]).code == .success)
        #expect(await run(["sign-up", "--email", "bob@example.com", "--password", password]).code == .success)
        let bob = try #require(try await signedInUID())
        #expect(await run(["passkey", "add"]).code == .success)
        #expect(await run(["sign-out", "--yes"]).code == .success)
        #expect(await run(["sign-in", "passkey"]).code == .success)
        #expect(try await signedInUID() == bob)
        #expect(await run(["sign-out", "--yes"]).code == .success)
        #expect(await run(["sign-in", "passkey", "--account", email]).code == .success)
        #expect(try await signedInUID() == ada)
    }

    @Test("usage: an unknown action, --name where it means nothing")
    func usage() async throws {
        let unknown = await run(["passkey", "enroll"])
        #expect(unknown.code == .usage && unknown.err.contains("add, list, remove"), "\(unknown.err)")
        #expect(await run(["sign-up", "--email", email, "--password", password]).code == .success)
        let named = await run(["passkey", "list", "--name", "x"])
        #expect(named.code == .usage, "\(named.err)")
        #expect(await run(["passkey", "add", "--name", "Laptop"]).code == .success)
        let unknownID = await run(["passkey", "remove", "nosuch"], language: "tr_TR.UTF-8")
        #expect(unknownID.code == .usage && unknownID.err.contains("\"nosuch\" adlı"), "\(unknownID.err)")
        #expect(await run(["passkey", "list"]).out.contains("1. Laptop"), "nothing was removed")
    }
}
