import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInEmbeddedStore
import SignInJOSE
import Testing

/// The lenient mode for tests written against Google's emulator: unsigned provider tokens, only when turned on.
@Suite("Unsigned provider tokens (the lenient mode)")
struct UnsignedProviderTokenTests {
    static var lenient: EmbeddedBackendConfiguration {
        var configuration = BackendHarness.fastConfiguration
        configuration.acceptsUnsignedProviderTokens = true
        return configuration
    }

    static func unsignedJWT(_ claims: String, signature: String = "") -> String {
        Base64URL.encode(Array(#"{"alg":"none","typ":"JWT"}"#.utf8)) + "." + Base64URL.encode(Array(claims.utf8)) + "."
            + signature
    }

    func signIn(_ harness: BackendHarness, _ token: String, provider: String = "google.com") throws
        -> BackendSessionResponse
    {
        try harness.service.signInWithIdP(IdPSignInRequest(providerId: provider, idToken: Secret(token)))
    }

    /// The code of the error `body` throws; `nil` when it throws none.
    func code(_ body: () throws -> BackendSessionResponse) -> IdentityBackendError.Code? {
        do {
            _ = try body()
            return nil
        } catch {
            return (error as? IdentityBackendError)?.code
        }
    }

    @Test("off (the default): a JSON object or an alg-none JWT is refused and creates nothing")
    func offByDefault() throws {
        let harness = BackendHarness()
        for token in [#"{"sub":"abc","email":"jane@example.com"}"#, Self.unsignedJWT(#"{"sub":"abc"}"#)] {
            #expect(throws: IdentityBackendError.self) { try signIn(harness, token) }
        }
        #expect(try harness.service.snapshot().accounts.isEmpty)
    }

    @Test("on: a JSON object of claims signs in, the same sub to the same account, with its email, verified and name")
    func jsonClaims() throws {
        let harness = BackendHarness(configuration: Self.lenient)
        let token = #"{"sub":"abc","email":"jane@example.com","email_verified":"true","name":"Jane Doe"}"#
        let first = try signIn(harness, token)
        #expect(first.isNewUser && first.email == "jane@example.com" && first.displayName == "Jane Doe")
        let account = try #require(try harness.service.account(uid: first.localId))
        #expect(account.emailVerified && account.providerIds == ["google.com"])
        let again = try signIn(harness, token)
        #expect(again.localId == first.localId && !again.isNewUser, "no nonce: the same token signs in again")
        let jwt = try signIn(harness, Self.unsignedJWT(#"{"sub":"def","email_verified":false}"#), provider: "apple.com")
        #expect(jwt.isNewUser && jwt.localId != first.localId && jwt.email == nil)
    }

    @Test(
        "on: a signed token is still checked in full; no sub, a malformed provider id, a signature on alg none: refused"
    )
    func stillStrict() throws {
        let harness = BackendHarness(configuration: Self.lenient)
        let (issued, rawNonce) = try harness.authorize()
        let genuine = issued.identityToken.value
        let forged = String(genuine.dropLast(2)) + (genuine.hasSuffix("AA") ? "BB" : "AA")
        let forgedCode = code {
            try harness.service.signInWithIdP(
                IdPSignInRequest(providerId: "apple.com", idToken: Secret(forged), rawNonce: Secret(rawNonce)))
        }
        #expect(forgedCode == .invalidSignature)
        #expect(code { try signIn(harness, #"{"email":"x@y.co"}"#) } == .invalidIdPResponse)
        #expect(code { try signIn(harness, #"{"sub":"   "}"#) } == .invalidIdPResponse)
        #expect(code { try signIn(harness, #"{"sub":12}"#) } == .invalidIdPResponse)
        for provider in ["password", "phone", "anonymous", "Evil.Example", "nodot", "a..", ".com", "x y.com"] {
            #expect(
                code { try signIn(harness, #"{"sub":"abc"}"#, provider: provider) } == .unsupportedProvider,
                "\(provider)")
        }
        // A provider the backend has no registration for takes no signed token: it has no key to check it with.
        #expect(code { try signIn(harness, genuine, provider: "facebook.com") } == .unsupportedProvider)
        // A signature on an alg-none token makes it no unsigned token: it is checked, and fails.
        #expect(throws: IdentityBackendError.self) {
            try signIn(harness, Self.unsignedJWT(#"{"sub":"a"}"#, signature: "c2ln"))
        }
        #expect(try harness.service.snapshot().accounts.isEmpty)
    }

    @Test("on: an unsigned token signs in with a provider the backend has no registration for, as Google's emulator")
    func anyProvider() throws {
        let harness = BackendHarness(configuration: Self.lenient)
        let session = try signIn(harness, #"{"sub":"fb-1","email":"fb@example.com"}"#, provider: "facebook.com")
        #expect(try harness.service.account(uid: session.localId)?.providerIds == ["facebook.com"])
        let strict = BackendHarness()
        #expect(code { try signIn(strict, #"{"sub":"fb-1"}"#, provider: "facebook.com") } == .unsupportedProvider)
    }

    @Test("an unsigned token's other string claims are the provider's own: its handle and photo fill the profile")
    func providerClaims() throws {
        let harness = BackendHarness(configuration: Self.lenient)
        let token =
            #"{"sub":"turing","name":"Alan Turing","screen_name":"turingcomplete","picture":"https://example.com/t.png","age":41}"#
        let session = try signIn(harness, token)
        let account = try #require(try harness.service.account(uid: session.localId))
        #expect(account.screenName == "turingcomplete" && account.displayName == "Alan Turing")
        #expect(account.photoURL == "https://example.com/t.png")
    }
}
