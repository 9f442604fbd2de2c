import Foundation
import SignInCrypto
import SignInDemoAdapters
import SignInDomain
import SignInInfrastructure
import SignInLocking
import SignInTesting
import Testing

/// A Google authority with two accounts that records which one signed in.
actor FakeGoogleAuthority: GoogleAuthority {
    private(set) var signedIn: [String] = []
    private(set) var nonces: [String] = []
    let failing: Bool

    init(failing: Bool = false) { self.failing = failing }

    func accounts() async throws -> [GoogleAccountSummary] {
        if failing { throw UnexpectedCallError("google down") }
        return [
            GoogleAccountSummary(name: "Jane Appleseed", email: "jane@gmail.com"),
            GoogleAccountSummary(name: "Sam Rivera", email: "sam@gmail.com"),
        ]
    }

    func signIn(email: String, nonce: String) async throws -> GoogleSignInCredential {
        signedIn.append(email)
        nonces.append(nonce)
        return GoogleSignInCredential(idToken: Secret("id-\(email)"), accessToken: "access", email: email, name: "N")
    }
}

@Suite("Terminal stand-ins for the providers' screens")
struct TerminalUIClientTests {
    @Test("the terminal chooser signs in the account the prompt picks", arguments: [nil, "sam"] as [String?])
    func chooser(preferred: String?) async throws {
        let authority = FakeGoogleAuthority()
        let client = SignInUIClientBuilder()
            .createGoogleClient(
                TerminalGoogleAccountChooser(prompt: AutomaticChoicePrompt(preferred: preferred), authority: authority)
            )
            .build()[.google]
        let outcome = try await client?.getCredential()
        let expected = preferred == nil ? "jane@gmail.com" : "sam@gmail.com"
        #expect(await authority.signedIn == [expected])
        guard case .credential(let credential)? = outcome else {
            Issue.record("expected a credential")
            return
        }
        #expect(credential.idToken?.value == "id-\(expected)")
        // Google gets the SHA-256 hex of a fresh raw nonce; the credential keeps the raw nonce for the backend.
        let raw = try #require(credential.rawNonce?.value)
        #expect(raw.count >= NonceGenerator.minimumLength)
        #expect(await authority.nonces == [SHA256.hexDigest(raw)])
    }

    @Test("an account that is not listed is a cancel; an authority that fails is a UI failure")
    func chooserFailures() async throws {
        let chooser = TerminalGoogleAccountChooser(
            prompt: AutomaticChoicePrompt(preferred: "nobody"), authority: FakeGoogleAuthority())
        #expect(await chooser.chooseAccount(nonce: "n") == .cancelled)
        let failing = TerminalGoogleAccountChooser(
            prompt: AutomaticChoicePrompt(), authority: FakeGoogleAuthority(failing: true))
        #expect(await failing.chooseAccount(nonce: "n") == .failed("unexpected call: google down"))
    }

    @Test(
        "the terminal choice prompt reads a number, re-asks, and cancels on 0 or end of input",
        arguments: [
            (["2"], 1 as Int?), (["x", "1"], 0), (["0"], nil), ([], nil), (["9", "7", "8"], nil),
        ])
    func choicePrompt(lines: [String], expected: Int?) async {
        let input = Locked(lines)
        let output = Locked("")
        let prompt = TerminalChoicePrompt(
            readLine: { input.withLock { $0.isEmpty ? nil : $0.removeFirst() } },
            write: { text in output.withLock { $0 += text } })
        #expect(await prompt.choose("Pick", options: ["a", "b"]) == expected)
        #expect(output.withLock { $0 }.contains("0) Cancel"))
    }
}
