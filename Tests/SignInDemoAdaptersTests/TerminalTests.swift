import Foundation
import SignInDemoAdapters
import SignInDomain
import SignInInfrastructure
import SignInLocking
import SignInTesting
import Testing

/// Scripted terminal input and captured output.
final class ScriptedTerminal: Sendable {
    private let lines: Locked<[String]>
    private let output = Locked("")

    init(_ lines: [String]) { self.lines = Locked(lines) }

    var written: String { output.withLock { $0 } }

    func makePrompt() -> TerminalConsentPrompt {
        TerminalConsentPrompt(
            readLine: { self.lines.withLock { $0.isEmpty ? nil : $0.removeFirst() } },
            write: { text in self.output.withLock { $0 += text } })
    }
}

@Suite("TerminalConsentPrompt")
struct TerminalConsentPromptTests {
    let request = ConsentRequest(
        provider: .apple, appName: "signin-demo", accountName: "Jane Appleseed", accountEmail: "jane@example.com")

    @Test(
        "reads the answer by number, letter or word",
        arguments: [
            ("1", ConsentChoice.shareEmail), ("share", .shareEmail), ("2", .hideEmail), (" H ", .hideEmail),
            ("3", .cancel), ("cancel", .cancel),
        ])
    func answers(line: String, expected: ConsentChoice) async {
        let terminal = ScriptedTerminal([line])
        #expect(await terminal.makePrompt().ask(request) == expected)
        #expect(terminal.written.contains("Jane Appleseed"))
        #expect(terminal.written.contains("jane@example.com"))
    }

    @Test("asks again after an unclear answer")
    func reasks() async {
        let terminal = ScriptedTerminal(["maybe", "2"])
        #expect(await terminal.makePrompt().ask(request) == .hideEmail)
        #expect(terminal.written.contains("Please answer 1, 2 or 3."))
    }

    @Test("the end of input, or three unclear answers, count as a cancel", arguments: [[], ["x", "maybe", "?", "1"]])
    func endOfInput(lines: [String]) async {
        #expect(await ScriptedTerminal(lines).makePrompt().ask(request) == .cancel)
    }
}

@Suite("TerminalAppleIDAuthorizer")
struct TerminalAppleIDAuthorizerTests {
    let request = AppleIDRequest(nonce: "abc123")
    let authorization = AppleIDAuthorization(user: "u", identityToken: Data("a.b.c".utf8))

    @Test(
        "shows the account, then gets a token from the authority with the user's email choice",
        arguments: [ConsentChoice.shareEmail, .hideEmail])
    func consents(choice: ConsentChoice) async {
        let authority = SpyAppleIDAuthority(result: .success(authorization))
        let prompt = SpyConsentPrompt(choice: choice)
        let authorizer = TerminalAppleIDAuthorizer(appName: "demo", prompt: prompt, authority: authority)

        #expect(await authorizer.authorize(request) == .authorized(authorization))
        #expect(await prompt.requests.map(\.accountName) == ["Jane Appleseed"])
        let calls = await authority.authorizations
        #expect(calls.map(\.request) == [request])
        #expect(calls.map(\.shareEmail) == [choice == .shareEmail])
    }

    @Test("a cancel at the prompt is Apple's cancel and asks the authority for nothing")
    func cancel() async {
        let authority = SpyAppleIDAuthority(result: .success(authorization))
        let authorizer = TerminalAppleIDAuthorizer(
            appName: "demo", prompt: SpyConsentPrompt(choice: .cancel), authority: authority)
        #expect(await authorizer.authorize(request) == .failed(.canceled))
        #expect(await authority.authorizations.isEmpty)
    }

    @Test("an authority that fails makes a failed authorization, not a crash")
    func authorityFails() async {
        let authority = SpyAppleIDAuthority(result: .failure(UnexpectedCallError("issuer down")))
        let authorizer = TerminalAppleIDAuthorizer(
            appName: "demo", prompt: AutomaticConsentPrompt(), authority: authority)
        #expect(await authorizer.authorize(request) == .failed(.failed("unexpected call: issuer down")))
    }
}

@Suite("InMemorySessionStore")
struct InMemorySessionStoreTests {
    @Test("saves, loads and clears")
    func roundTrip() async throws {
        let store = InMemorySessionStore()
        #expect(try await store.load() == nil)
        try await store.save(.fixture())
        #expect(try await store.load() == .fixture())
        try await store.clear()
        #expect(try await store.load() == nil)
    }
}
