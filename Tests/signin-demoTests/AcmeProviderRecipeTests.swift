import Foundation
import SignInDomain
import SignInTesting
import Testing

@testable import SignInDemoCLI

/// The test-only Acme provider (`AcmeProvider/`), registered beside the four built-in providers, goes through everything a
/// provider gets: the parser, the help, the allow-lists, the menu, the names in each language, sign-in, linking and
/// unlinking at the embedded backend. It proves the "add a provider" recipe of Architecture.md and keeps it true.
@MainActor
@Suite("A provider added by the recipe: Acme ID, test-only")
struct AcmeProviderRecipeTests {
    let folder = TemporaryFolder(prefix: "signin-acme")
    static let providers = CompositionRoot.providers + [.acme]

    func run(
        _ arguments: [String], input: [String] = [], terminal: Bool = false, language: String = "en_US.UTF-8",
        providers: [DemoProvider] = providers, environment extra: [String: String] = [:]
    ) async -> (code: ExitCode, out: String, err: String) {
        let captured = CapturedConsole(input: input, isInteractive: terminal)
        let environment = ["LANG": language, "SIGNIN_DEMO_PBKDF2_ITERATIONS": "1000"].merging(extra) { $1 }
        let code = await DemoCLI(console: captured.console, environment: environment, providers: providers).run(
            arguments + ["--data-dir", folder.path])
        return (code, captured.out, captured.err)
    }

    @Test("signs in under its own provider id, by either of its names, and is the same account the next time")
    func signIn() async throws {
        let first = await run(["sign-in", "acme", "--account", "sam@acme.example", "--json"])
        #expect(first.code == .success, "\(first.err)")
        let session = try JSONSerialization.jsonObject(with: Data(first.out.utf8)) as? [String: Any]
        #expect(session?["providers"] as? [String] == ["oidc.acme"])
        #expect(session?["email"] as? String == "sam@acme.example")
        let again = await run(["sign-in", "ACME-ID", "--account", "sam@acme.example", "--json"])
        let second = try JSONSerialization.jsonObject(with: Data(again.out.utf8)) as? [String: Any]
        #expect(again.code == .success && second?["uid"] as? String == session?["uid"] as? String)
    }

    @Test("the help, the usage errors and the menu list it from its registration")
    func listed() async {
        let help = await run(["--help"])
        #expect(help.out.contains("sign-in apple|google|anonymous|email|custom-token|acme"))
        #expect(help.out.contains("link apple|google|email|acme"))
        let signInHelp = await run(["sign-in", "--help"], language: "tr_TR.UTF-8")
        #expect(
            signInHelp.out.contains("SAĞLAYICILAR\n") && signInHelp.out.contains("  acme, acme-id     Acme Kimliği\n"))
        #expect(signInHelp.out.contains("  anonymous, guest  Misafir\n"), "\(signInHelp.out)")
        let unknown = await run(["link", "myspace"])
        #expect(unknown.code == .usage && unknown.err.contains("(known: apple, google, email, acme, phone)"))
        let menu = await run(["interactive"], input: ["0"], terminal: true)
        #expect(menu.out.contains("Sign in with Acme ID") && menu.out.contains("Link Acme ID"))
        // Without its registration, nothing knows it.
        let unregistered = await run(["sign-in", "acme"], providers: CompositionRoot.providers)
        #expect(unregistered.code == .usage && unregistered.err.contains("unknown provider 'acme'"))
    }

    @Test("a guest links it and keeps the uid; its name is translated in every message that names it")
    func linkAndNames() async throws {
        #expect(await run(["sign-in", "guest"]).code == .success)
        let linked = await run(["link", "acme", "--account", "jane@acme.example"])
        #expect(linked.code == .success && linked.out.contains("Linked Acme ID; the uid was kept."))
        let twice = await run(["link", "acme"], language: "tr_TR.UTF-8")
        #expect(twice.code == .failure && twice.err.contains("Acme Kimliği bu hesaba zaten bağlı."))
        let last = await run(["unlink", "acme", "--yes"], language: "zh_TW.UTF-8")
        #expect(last.code == .failure)
        let rest = await run(["sign-in", "acme", "--backend", "rest", "--base-url", "http://127.0.0.1:9"])
        #expect(rest.err.contains("This sign-in service does not offer Sign in with Acme ID."))
    }

    @Test("its page asks which account in the user's language, and closing it signs nobody in")
    func pageInTheUsersLanguage() async throws {
        let turkish = await run(["sign-in", "acme", "--json"], input: ["2"], terminal: true, language: "tr_TR.UTF-8")
        // With --json, the page's question goes to standard error, leaving standard output to the object.
        #expect(turkish.code == .success && turkish.err.contains("Acme Kimliği hesabınızı seçin:"), "\(turkish.err)")
        #expect(turkish.out.contains("\"email\":\"sam@acme.example\""))
        let chinese = await run(["sign-in", "acme"], input: ["0"], terminal: true, language: "zh_TW.UTF-8")
        #expect(chinese.out.contains("選擇您的 Acme 帳號：") && chinese.code == .cancelled)
        #expect(await run(["status"]).out.contains("sam@acme.example"), "the cancel kept the session there was")
    }

    @Test("signin-demo serve has its page too: the Firebase client signs in with it and hears its refusals over HTTP")
    func overServe() async throws {
        let serve = try InProcessServe(providers: Self.providers)
        defer { serve.stop() }
        let firebase = serve.environment
        let signIn = await run(
            ["sign-in", "acme", "--backend", "firebase", "--account", "kim@acme.example", "--json"],
            environment: firebase)
        #expect(signIn.code == .success, "\(signIn.err)")
        let session = try JSONSerialization.jsonObject(with: Data(signIn.out.utf8)) as? [String: Any]
        #expect(
            session?["providers"] as? [String] == ["oidc.acme"] && session?["email"] as? String == "kim@acme.example")
        #expect(serve.log.err.contains("/embedded/v1/idp/signIn"), "the page was the server's: \(serve.log.err)")
        let bad = await run(
            ["sign-in", "acme", "--backend", "firebase", "--account", "kim"], language: "tr_TR.UTF-8",
            environment: firebase)
        #expect(bad.code == .failure && bad.err.contains("Bu e-posta adresi geçerli değil."), "\(bad.err)")
        // Without Acme's registration, the server has no page for it and says so.
        let plain = try InProcessServe()
        defer { plain.stop() }
        let unregistered = await run(
            ["sign-in", "acme", "--backend", "firebase", "--account", "kim@acme.example"],
            environment: plain.environment)
        #expect(unregistered.code == .failure)
        #expect(unregistered.err.contains("Sign in with Acme ID is turned off"), "\(unregistered.err)")
    }

    @Test("an --account that is not an email says so, in the user's language, and changes nothing")
    func badAccount() async {
        let english = await run(["sign-in", "acme", "--account", "not-an-email"])
        #expect(english.code == .failure)
        #expect(english.err.contains("This email address is not valid."), "\(english.err)")
        #expect(!english.err.contains("Something went wrong"))
        let turkish = await run(["sign-in", "acme", "--account", "@acme.example"], language: "tr_TR.UTF-8")
        #expect(turkish.code == .failure && turkish.err.contains("Bu e-posta adresi geçerli değil."), "\(turkish.err)")
        #expect(await run(["status"]).code == .failure, "nobody was signed in")
    }

    @Test("the whole provider is at most 4 source files and 150 lines, outside Domain, Presentation and the parser")
    func size() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("AcmeProvider")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        let lines = try files.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
            .map { $0.split(separator: "\n", omittingEmptySubsequences: false).count }
        #expect(!files.isEmpty && files.count <= 4)
        #expect(lines.reduce(0, +) <= 150)
    }
}
