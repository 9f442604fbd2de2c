import Foundation
import SignInCrypto
import SignInDomain
import SignInInfrastructure
import SignInInfrastructureTesting
import SignInTesting
import Testing

@Suite("AppleUIClient")
struct AppleUIClientTests {
    static let authorization = AppleIDAuthorization(user: "u", identityToken: Data("a.b.c".utf8))

    @Test("asks for name and email with the SHA-256 hex of the raw nonce, and returns the raw nonce")
    func nonceFlow() async throws {
        let authorizer = SpyAppleIDAuthorizer(result: .authorized(Self.authorization))
        let client = AppleUIClient(
            authorizer: authorizer, nonceGenerator: NonceGenerator(source: SeededRandomBytes(seed: 7)))
        let expectedNonce = NonceGenerator(source: SeededRandomBytes(seed: 7)).make()

        let outcome = try await client.getCredential()

        let requests = await authorizer.requests
        #expect(requests == [AppleIDRequest(scopes: [.fullName, .email], nonce: SHA256.hexDigest(expectedNonce))])
        guard case .credential(let credential) = outcome else {
            Issue.record("expected a credential")
            return
        }
        #expect(credential.rawNonce?.value == expectedNonce)
        #expect(credential.idToken == "a.b.c")
        #expect(requests.first?.nonce != expectedNonce)
    }

    @Test("uses a fresh nonce for every sign-in")
    func freshNonce() async throws {
        let authorizer = SpyAppleIDAuthorizer(result: .authorized(Self.authorization))
        let client = AppleUIClient(authorizer: authorizer)
        _ = try await client.getCredential()
        _ = try await client.getCredential()
        let nonces = await authorizer.requests.map(\.nonce)
        #expect(nonces.count == 2)
        #expect(nonces[0] != nonces[1])
        #expect(nonces.allSatisfy { $0.count == 64 })
    }

    @Test("passes the user's cancel on as a cancel")
    func cancel() async throws {
        let client = AppleUIClient(authorizer: SpyAppleIDAuthorizer(result: .failed(.canceled)))
        #expect(try await client.getCredential() == .cancelled)
    }

    @Test("the builder's createAppleClient adds an Apple client keyed by apple.com")
    func builder() {
        let clients = SignInUIClientBuilder()
            .createAppleClient(authorizer: FailingAppleIDAuthorizer { Issue.record(Comment(rawValue: $0)) })
            .build()
        #expect(Array(clients.keys) == [.apple])
        #expect(clients[.apple] is AppleUIClient)
    }

    @Test("addClient keys each client by its provider and a later client replaces an earlier one")
    func addClient() {
        let github = ProviderType(rawValue: "github.com")
        let clients = SignInUIClientBuilder()
            .addClient(StubSignInUIClient.cancelling(github))
            .addClient(StubSignInUIClient.cancelling(.google))
            .addClient(StubSignInUIClient.returning(AuthCredential(provider: .google)))
            .build()
        #expect(Set(clients.keys) == [github, .google])
    }
}

@Suite("NonceGenerator")
struct NonceGeneratorTests {
    @Test("makes nonces of at least 32 characters from the 64-character alphabet", arguments: [0, 16, 32, 43, 64])
    func length(requested: Int) {
        let nonce = NonceGenerator(length: requested).make()
        #expect(nonce.count == max(requested, 32))
        #expect(nonce.allSatisfy { NonceGenerator.alphabet.contains($0) })
    }

    @Test("the alphabet has 64 distinct characters, so each byte maps to one without bias")
    func alphabet() {
        #expect(Set(NonceGenerator.alphabet).count == 64)
    }

    @Test("draws from the injected source: the same bytes give the same nonce")
    func deterministic() {
        let a = NonceGenerator(source: SeededRandomBytes(seed: 1)).make()
        let b = NonceGenerator(source: SeededRandomBytes(seed: 1)).make()
        let c = NonceGenerator(source: SeededRandomBytes(seed: 2)).make()
        #expect(a == b)
        #expect(a != c)
    }

    @Test("characters come out evenly over many system-random nonces")
    func spread() {
        // 2,000 nonces of 32 characters: each of 64 characters is expected 1,000 times. A count outside
        // 700...1,300 has a probability far below 1e-15 for a uniform source, so this cannot flake.
        var counts: [Character: Int] = [:]
        let generator = NonceGenerator()
        for _ in 0..<2000 {
            for character in generator.make() { counts[character, default: 0] += 1 }
        }
        #expect(counts.count == 64)
        #expect(counts.values.allSatisfy { (700...1300).contains($0) })
    }
}
