import FoundationEssentials
import SignInDomain
import SignInTesting
import Testing

@Suite("Secrets never show")
struct SecretRedactionTests {
    static let secrets = [
        "fixture-apple-identity-token", "fixture-raw-nonce", "fixture-code", "fixture-id-token",
        "fixture-refresh-token", "google-access-token",
    ]

    func renderings(of value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return [String(describing: value), String(reflecting: value), "\(value)", dumped]
    }

    @Test("an AuthCredential's description, debugDescription, interpolation and dump hide every token")
    func credential() {
        var credential = AuthCredential.fixture()
        credential.accessToken = "google-access-token"
        for text in renderings(of: credential) {
            for secret in Self.secrets { #expect(!text.contains(secret), "\(secret) leaked in: \(text)") }
            #expect(text.contains(Secret.redactedText))
        }
    }

    @Test("a UserSession's renderings hide its tokens but show who is signed in")
    func session() {
        let session = UserSession.fixture()
        for text in renderings(of: session) {
            for secret in Self.secrets { #expect(!text.contains(secret), "\(secret) leaked in: \(text)") }
            #expect(text.contains("uid-fixture"))
        }
    }

    @Test("a Secret keeps its value for the code that must send it, and encodes it for storage")
    func valueAvailable() throws {
        let secret = Secret("abc")
        #expect(secret.value == "abc")
        #expect(secret == "abc")
    }
}

@Suite("ProviderType")
struct ProviderTypeTests {
    @Test("the four providers carry the ids backends use")
    func ids() {
        #expect(ProviderType.apple.rawValue == "apple.com")
        #expect(ProviderType.google.rawValue == "google.com")
        #expect(ProviderType.emailPassword.rawValue == "password")
        #expect(ProviderType.anonymous.rawValue == "anonymous")
    }

    @Test("a provider made from the same id is the same provider")
    func open() {
        #expect(ProviderType(rawValue: "apple.com") == .apple)
        #expect(ProviderType(rawValue: "github.com").description == "github.com")
    }
}

@Suite("SessionTokens")
struct SessionTokensTests {
    @Test("expire at their expiry, or earlier by the leeway")
    func expiry() {
        let tokens = SessionTokens.fixture()
        #expect(!tokens.isExpired(at: tokens.expiresAt.addingTimeInterval(-1)))
        #expect(tokens.isExpired(at: tokens.expiresAt))
        #expect(tokens.isExpired(at: tokens.expiresAt.addingTimeInterval(-30), leeway: 60))
    }
}

@Suite("PersonName")
struct PersonNameTests {
    @Test("formats the parts it has and is nil with none")
    func formatted() {
        #expect(PersonName(givenName: "Jane", familyName: "Appleseed").formatted == "Jane Appleseed")
        #expect(PersonName(givenName: " Jane ").formatted == "Jane")
        #expect(PersonName(givenName: "  ", familyName: nil).formatted == nil)
    }
}
