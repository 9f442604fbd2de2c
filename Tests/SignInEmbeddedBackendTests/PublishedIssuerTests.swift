import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInEmbeddedStore
import SignInJOSE
import SignInLocking
import SignInTesting
import Testing

/// A provider's key set as a test sets it, and how often the backend fetched it.
final class FakeKeySetFetcher: KeySetFetcher, Sendable {
    let published = Locked<[UInt8]?>(nil)
    /// The issuer the discovery document names; the registered one when `nil`.
    let announcedIssuer = Locked<String?>(nil)
    let fetches = Locked<[String]>([])

    func publishedKeys(issuer: String) throws(IdentityBackendError) -> PublishedKeys {
        fetches.withLock { $0.append(issuer) }
        guard let json = published.withLock({ $0 }), let keys = JSONWebKeySet(json: json) else {
            throw IdentityBackendError(.invalidIdPResponse, message: "the provider is down")
        }
        return PublishedKeys(keys: keys, announcedIssuer: announcedIssuer.withLock { $0 } ?? issuer)
    }

    var fetchCount: Int { fetches.withLock { $0.count } }
}

/// A key of the provider's, with the JWK that publishes it.
struct ProviderKey {
    let key: TestSigningKey
    let kid: String

    var jwk: String {
        if let rsa = key.rsaPublicKey {
            return
                #"{"kty":"RSA","use":"sig","alg":"RS256","kid":"\#(kid)","n":"\#(Base64URL.encode(rsa.modulus))","e":"\#(Base64URL.encode(rsa.exponent))"}"#
        }
        let point = key.p256PublicKey
        return
            #"{"kty":"EC","crv":"P-256","use":"sig","alg":"ES256","kid":"\#(kid)","x":"\#(Base64URL.encode(point?.x ?? []))","y":"\#(Base64URL.encode(point?.y ?? []))"}"#
    }

    static func set(_ keys: [ProviderKey]) -> [UInt8] {
        Array(#"{"keys":[\#(keys.map(\.jwk).joined(separator: ","))]}"#.utf8)
    }
}

/// A real OpenID Connect issuer registered with the embedded backend: its RS256 and ES256 tokens are checked against
/// the keys it publishes, fetched through the backend's ``KeySetFetcher``, and every other algorithm is refused.
@Suite("Published keys of a real OpenID Connect issuer")
struct PublishedIssuerTests {
    static let issuer = "https://id.corp.example"
    static let registration = IdentityProviderRegistration(
        providerId: "oidc.corp", issuer: issuer, clientID: "corp-app", signing: .published)

    let clock = TestClock()
    let fetcher = FakeKeySetFetcher()
    let backend: EmbeddedBackend
    let rsa: ProviderKey
    let ec: ProviderKey
    let rawNonce = "raw-nonce-for-corp-0123456789abcdef"

    init() throws {
        var configuration = BackendHarness.fastConfiguration
        configuration.identityProviders = [Self.registration]
        let random = SeededRandomBytes(seed: 9)
        backend = EmbeddedBackend(
            storage: InMemoryBackendStateStorage(.fresh(random: random)), configuration: configuration, clock: clock,
            random: random, keySetFetcher: fetcher)
        rsa = ProviderKey(key: try TestSigningKey.rsa(), kid: "rsa-1")
        ec = ProviderKey(key: try TestSigningKey.p256(), kid: "ec-1")
        fetcher.published.withLock { $0 = ProviderKey.set([rsa, ec]) }
    }

    var service: EmbeddedIdentityService { backend.identityService }

    func claims(_ change: (inout [String: Any]) -> Void = { _ in }) -> [String: Any] {
        let now = Int(clock.now().timeIntervalSince1970)
        var claims: [String: Any] = [
            "iss": Self.issuer, "aud": "corp-app", "sub": "employee-7", "iat": now, "exp": now + 600,
            "nonce": SHA256.hexDigest(rawNonce), "email": "ada@corp.example",
        ]
        change(&claims)
        return claims
    }

    func token(
        header: [String: Any], claims: [String: Any], sign: ([UInt8]) -> [UInt8]
    ) throws -> String {
        let input =
            Base64URL.encode(try JSONSerialization.data(withJSONObject: header))
            + "." + Base64URL.encode(try JSONSerialization.data(withJSONObject: claims))
        return input + "." + Base64URL.encode(sign(Array(input.utf8)))
    }

    func signed(by key: ProviderKey, kid: String? = nil, claims: [String: Any]? = nil) throws -> String {
        try token(
            header: ["alg": key.key.algorithm.name, "typ": "JWT", "kid": kid ?? key.kid],
            claims: claims ?? self.claims(),
            sign: key.key.sign)
    }

    func request(_ token: String, rawNonce: String? = nil) -> IdPSignInRequest {
        IdPSignInRequest(providerId: "oidc.corp", idToken: Secret(token), rawNonce: Secret(rawNonce ?? self.rawNonce))
    }

    /// The code of the backend's refusal of `token`, `nil` when it signs in.
    func refusal(_ token: String, rawNonce: String? = nil) -> IdentityBackendError.Code? {
        let request = request(token, rawNonce: rawNonce)
        return errorCode { () throws(IdentityBackendError) in _ = try service.signInWithIdP(request) }
    }

    @Test("RS256 and ES256 tokens signed with a published key sign in, one account per subject")
    func signsIn() throws {
        let first = try service.signInWithIdP(request(try signed(by: rsa)))
        #expect(first.isNewUser && first.providerIds == ["oidc.corp"] && first.email == "ada@corp.example")
        let other = "second-nonce-for-corp-0123456789abc"
        let second = try service.signInWithIdP(
            request(try signed(by: ec, claims: claims { $0["nonce"] = SHA256.hexDigest(other) }), rawNonce: other))
        #expect(second.localId == first.localId && !second.isNewUser)
        #expect(fetcher.fetchCount == 1)
        #expect(backend.identityProviderIssuers["oidc.corp"] == nil)
    }

    @Test("attack: a token signed with a key the provider does not publish is refused, under its kid or another")
    func foreignKey() throws {
        let stranger = ProviderKey(key: try TestSigningKey.rsa(), kid: "rsa-1")
        #expect(refusal(try signed(by: stranger)) == .invalidSignature)
        #expect(
            refusal(try signed(by: stranger, kid: "rsa-9"))
                == .invalidSignature)
        #expect(try service.snapshot().accounts.isEmpty)
    }

    @Test("attack: alg HS256 with the provider's public key as the secret is refused")
    func algorithmConfusion() throws {
        let modulus = try #require(rsa.key.rsaPublicKey?.modulus)
        let forged = try token(header: ["alg": "HS256", "kid": "rsa-1"], claims: claims()) {
            HMACSHA256.authenticationCode(for: $0, key: modulus)
        }
        #expect(refusal(forged) == .unsupportedAlgorithm)
        let jwk = try token(header: ["alg": "HS256", "kid": "rsa-1"], claims: claims()) {
            HMACSHA256.authenticationCode(for: $0, key: Array(rsa.jwk.utf8))
        }
        #expect(refusal(jwk) == .unsupportedAlgorithm)
    }

    @Test("attack: alg none, with or without a signature, is refused", arguments: ["none", "None", "RS512", "ES384"])
    func otherAlgorithms(alg: String) throws {
        let unsigned = try token(header: ["alg": alg, "kid": "rsa-1"], claims: claims()) { _ in [] }
        #expect(refusal(unsigned) == .unsupportedAlgorithm)
    }

    @Test("attack: an ES256 header over an RSA key's kid finds no key")
    func algorithmKeyMismatch() throws {
        let forged = try token(header: ["alg": "ES256", "kid": "rsa-1"], claims: claims(), sign: ec.key.sign)
        #expect(refusal(forged) == .invalidSignature)
    }

    @Test("attack: a genuine token for another app, or naming another issuer, is refused")
    func audienceAndIssuer() throws {
        let otherApp = try signed(by: rsa, claims: claims { $0["aud"] = "other-app" })
        #expect(refusal(otherApp) == .invalidAudience)
        let twoAudiences = try signed(by: rsa, claims: claims { $0["aud"] = ["corp-app", "other-app"] })
        #expect(refusal(twoAudiences) == .invalidAudience)
        let otherIssuer = try signed(by: rsa, claims: claims { $0["iss"] = "https://evil.example" })
        #expect(refusal(otherIssuer) == .invalidIssuer)
        let expired = try signed(by: rsa, claims: claims { $0["exp"] = Int(clock.now().timeIntervalSince1970) - 120 })
        #expect(refusal(expired) == .idTokenExpired)
    }

    @Test("attack: a nonce is used once, and only with its raw value")
    func nonce() throws {
        let token = try signed(by: rsa)
        #expect(
            refusal(token, rawNonce: "another-raw-nonce-0123456789abcd")
                == .nonceMismatch)
        _ = try service.signInWithIdP(request(token))
        #expect(refusal(token) == .nonceAlreadyUsed)
    }

    @Test("a rotated key: a token naming a kid the cache lacks makes one fetch, and then signs in")
    func rotation() throws {
        _ = try service.signInWithIdP(request(try signed(by: rsa)))
        let rotated = ProviderKey(key: try TestSigningKey.rsa(), kid: "rsa-2")
        fetcher.published.withLock { $0 = ProviderKey.set([rotated]) }
        clock.advance(by: 60)
        let other = "rotated-nonce-for-corp-0123456789ab"
        let session = try service.signInWithIdP(
            request(try signed(by: rotated, claims: claims { $0["nonce"] = SHA256.hexDigest(other) }), rawNonce: other))
        #expect(!session.isNewUser)
        #expect(fetcher.fetchCount == 2)
    }

    @Test("attack: made-up kids make at most one fetch per refresh interval")
    func unknownKidsDoNotFloodTheProvider() throws {
        _ = try service.signInWithIdP(request(try signed(by: rsa)))
        for index in 0..<20 {
            #expect(
                refusal(try signed(by: rsa, kid: "made-up-\(index)"))
                    == .invalidSignature)
        }
        #expect(fetcher.fetchCount == 1)
        clock.advance(by: 31)
        _ = refusal(try signed(by: rsa, kid: "made-up-x"))
        #expect(fetcher.fetchCount == 2)
    }

    @Test("a provider whose keys cannot be fetched signs nobody in, changes nothing, and is asked again only later")
    func providerDown() throws {
        fetcher.published.withLock { $0 = nil }
        let before = try service.snapshot()
        #expect(refusal(try signed(by: rsa)) == .invalidIdPResponse)
        #expect(refusal(try signed(by: ec)) == .invalidIdPResponse)
        #expect(fetcher.fetchCount == 1, "a provider that is down is asked once per refresh interval")
        #expect(try service.snapshot() == before)
        fetcher.published.withLock { $0 = ProviderKey.set([rsa, ec]) }
        clock.advance(by: 31)
        #expect(try service.signInWithIdP(request(try signed(by: rsa))).isNewUser)
        #expect(fetcher.fetchCount == 2)
    }

    @Test("linking a guest to the provider checks the token against the published keys too")
    func linking() throws {
        let guest = try service.signUpAnonymously()
        let stranger = ProviderKey(key: try TestSigningKey.p256(), kid: "ec-1")
        let foreign = request(try signed(by: stranger))
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.linkWithIdP(idToken: guest.idToken, foreign)
            }
                == .invalidSignature)
        let linked = try service.linkWithIdP(idToken: guest.idToken, request(try signed(by: ec)))
        #expect(linked.localId == guest.localId && linked.providerIds == ["oidc.corp"])
    }
}
