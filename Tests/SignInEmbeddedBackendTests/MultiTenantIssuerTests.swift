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

/// A multi-tenant provider registered by its `common` issuer: the backend learns the template from the discovery
/// document it reads the keys from, and takes a tenant's token only when its `iss` is the template filled with its
/// own `tid`.
@Suite("A multi-tenant issuer at the embedded backend")
struct MultiTenantIssuerTests {
    static let common = "https://login.corp.example/common/v2.0"
    static let template = "https://login.corp.example/{tenantid}/v2.0"
    static let tenant = "9188040d-6c67-4c5b-b112-36a304b66dad"

    let clock = TestClock()
    let fetcher = FakeKeySetFetcher()
    let backend: EmbeddedBackend
    let key: ProviderKey

    init() throws {
        var configuration = BackendHarness.fastConfiguration
        configuration.identityProviders = [
            IdentityProviderRegistration(
                providerId: "oidc.entra", issuer: Self.common, clientID: "app", signing: .published)
        ]
        let random = SeededRandomBytes(seed: 12)
        backend = EmbeddedBackend(
            storage: InMemoryBackendStateStorage(.fresh(random: random)), configuration: configuration, clock: clock,
            random: random, keySetFetcher: fetcher)
        key = ProviderKey(key: try TestSigningKey.rsa(), kid: "rsa-1")
        fetcher.published.withLock { $0 = ProviderKey.set([key]) }
        fetcher.announcedIssuer.withLock { $0 = Self.template }
    }

    /// The code of the backend's refusal of a token with `iss` and `tid`, `nil` when it signs in.
    func refusal(iss: String, tid: String?, nonce: String = "raw-nonce-for-entra-0123456789abcdef")
        -> IdentityBackendError.Code?
    {
        let now = Int(clock.now().timeIntervalSince1970)
        var claims: [String: Any] = [
            "iss": iss, "aud": "app", "sub": "employee-7", "iat": now, "exp": now + 600,
            "nonce": SHA256.hexDigest(nonce),
        ]
        claims["tid"] = tid
        let header = ["alg": "RS256", "typ": "JWT", "kid": key.kid]
        guard let headerJSON = try? JSONSerialization.data(withJSONObject: header),
            let claimsJSON = try? JSONSerialization.data(withJSONObject: claims)
        else { return .malformedIdToken }
        let input = Base64URL.encode(Array(headerJSON)) + "." + Base64URL.encode(Array(claimsJSON))
        let token = input + "." + Base64URL.encode(key.key.sign(Array(input.utf8)))
        let request = IdPSignInRequest(providerId: "oidc.entra", idToken: Secret(token), rawNonce: Secret(nonce))
        return errorCode { () throws(IdentityBackendError) in _ = try backend.identityService.signInWithIdP(request) }
    }

    @Test("a tenant's token signs in when its iss is the announced template filled with its own tid")
    func tenantToken() {
        #expect(refusal(iss: "https://login.corp.example/\(Self.tenant)/v2.0", tid: Self.tenant) == nil)
        #expect(fetcher.fetches.withLock { $0 } == [Self.common], "the keys are read from the registered issuer")
    }

    @Test("attack: another tenant's tid, none, or one that moves the address is refused")
    func wrongTenant() {
        let other = "72f988bf-86f1-41af-91ab-2d7cd011db47"
        let issuer = "https://login.corp.example/\(Self.tenant)/v2.0"
        #expect(refusal(iss: issuer, tid: other, nonce: "nonce-a-0123456789abcdef0123456789") == .invalidIssuer)
        #expect(refusal(iss: issuer, tid: nil, nonce: "nonce-b-0123456789abcdef0123456789") == .invalidIssuer)
        #expect(
            refusal(
                iss: "https://login.corp.example/a/b/v2.0", tid: "a/b", nonce: "nonce-c-0123456789abcdef0123456789")
                == .invalidIssuer)
    }

    @Test("attack: a template that the registered issuer is no tenant of widens nothing")
    func foreignTemplate() {
        fetcher.announcedIssuer.withLock { $0 = "https://evil.example/{tenantid}/v2.0" }
        #expect(refusal(iss: "https://evil.example/\(Self.tenant)/v2.0", tid: Self.tenant) == .invalidIssuer)
    }
}
