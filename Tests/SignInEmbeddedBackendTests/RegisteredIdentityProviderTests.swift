import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInEmbeddedStore
import SignInJOSE
import SignInTesting
import Testing

/// OpenID-Connect-style providers registered with the embedded backend as data: each has a simulated issuer whose
/// key is made on first use, and `accounts:signInWithIdp` finds it by provider id.
@Suite("Registered identity providers at the embedded backend")
struct RegisteredIdentityProviderTests {
    static let acme = IdentityProviderRegistration(
        providerId: "oidc.acme", issuer: "https://login.acme.example", clientID: "acme-client")
    static let globex = IdentityProviderRegistration(
        providerId: "oidc.globex", issuer: "https://id.globex.example", clientID: "globex-client")
    /// A provider with one issuer per tenant, as Microsoft's.
    static let contoso = IdentityProviderRegistration(
        providerId: "oidc.contoso",
        issuers: ["https://login.contoso.example/tenant-a/v2.0", "https://login.contoso.example/tenant-b/v2.0"],
        clientID: "contoso-client")
    static let configuration: EmbeddedBackendConfiguration = {
        var configuration = BackendHarness.fastConfiguration
        configuration.identityProviders = [acme, globex, contoso]
        return configuration
    }()

    let harness = BackendHarness(configuration: Self.configuration)
    let rawNonce = "raw-nonce-for-acme-0123456789abcdef"

    func token(_ providerId: String = "oidc.acme", email: String = "jane@acme.example") throws -> String {
        let issuer = try #require(harness.backend.identityProviderIssuers[providerId])
        return try issuer.signIn(email: email, name: "Jane", nonce: SHA256.hexDigest(rawNonce))
    }

    func request(_ token: String, as providerId: String = "oidc.acme") -> IdPSignInRequest {
        IdPSignInRequest(providerId: providerId, idToken: Secret(token), rawNonce: Secret(rawNonce))
    }

    @Test("a registered provider signs in through the generic provider; the same email is the same account")
    func signInAndAgain() async throws {
        let acme = ProviderType(rawValue: "oidc.acme")
        let provider = IdPAuthProvider(type: acme, backend: harness.service, linking: harness.service)
        let first = try await provider.signIn(
            with: AuthCredential(provider: acme, idToken: Secret(try token()), rawNonce: Secret(rawNonce)))
        #expect(first.providerIds == [acme] && first.isNewUser)
        #expect(first.email == "jane@acme.example" && first.displayName == "Jane")
        let issuer = try #require(harness.backend.identityProviderIssuers["oidc.acme"])
        #expect(first.providerUserIDs == ["oidc.acme": issuer.subject(for: "Jane@ACME.example")])
        // A new nonce for the second sign-in: each is used once.
        let again = try harness.backend.identityProviderIssuers["oidc.acme"]?.signIn(
            email: "jane@acme.example", nonce: SHA256.hexDigest("second-nonce-0123456789abcdefgh"))
        let second = try await provider.signIn(
            with: AuthCredential(
                provider: acme, idToken: Secret(try #require(again)), rawNonce: "second-nonce-0123456789abcdefgh"))
        #expect(second.uid == first.uid && !second.isNewUser)
    }

    @Test("an issuer's key is made when it first signs, kept in the state under its provider id, and survives a reopen")
    func keyOnFirstUse() throws {
        let temporary = TemporaryFolder(prefix: "signin-idp")
        let folder = "\(temporary.path)/backend"
        let backend = EmbeddedBackend.persistent(
            folder: folder, configuration: Self.configuration, random: SeededRandomBytes(seed: 7))
        #expect(try backend.storage.read { $0.issuerKeys } == nil)
        let issuer = try #require(backend.identityProviderIssuers["oidc.acme"])
        let token = try issuer.signIn(email: "sam@acme.example", nonce: SHA256.hexDigest(rawNonce))
        let keys = try backend.storage.read { $0.issuerKeys }
        #expect(keys?.keys.sorted() == ["oidc.acme"])
        // Another process on the same folder verifies the token with the stored key.
        let reopened = EmbeddedBackend.persistent(folder: folder, configuration: Self.configuration)
        let session = try reopened.identityService.signInWithIdP(request(token))
        #expect(session.providerIds == ["oidc.acme"])
        #expect(try reopened.storage.read { $0.issuerKeys } == keys)
    }

    @Test("attack: a token is accepted only under the provider that issued it")
    func crossProvider() throws {
        _ = try token("oidc.globex")  // both issuers have keys
        let acmeToken = try token()
        for providerId in ["apple.com", "google.com", "oidc.globex"] {
            #expect(throws: IdentityBackendError.self) {
                try harness.service.signInWithIdP(request(acmeToken, as: providerId))
            }
        }
        // Apple's genuine token is no acme token either.
        let (issued, nonce) = try harness.authorize()
        #expect(throws: IdentityBackendError.self) {
            try harness.service.signInWithIdP(
                IdPSignInRequest(providerId: "oidc.acme", idToken: issued.identityToken, rawNonce: Secret(nonce)))
        }
        #expect(try harness.service.snapshot().accounts.isEmpty)
        // Nothing above used the acme token's nonce: it still signs in, once.
        _ = try harness.service.signInWithIdP(request(acmeToken))
        #expect(throws: IdentityBackendError.self) { try harness.service.signInWithIdP(request(acmeToken)) }
    }

    @Test("attack: an unregistered provider id is not enabled, and a registered one that has signed nothing has no key")
    func unknownAndKeyless() throws {
        let unknown = #expect(throws: IdentityBackendError.self) {
            try harness.service.signInWithIdP(request("a.b.c", as: "oidc.initech"))
        }
        #expect(unknown?.code == .unsupportedProvider)
        // A token forged for acme before its issuer made a key: refused, and no key is made by the attempt.
        let forged = EmbeddedAppleIssuer.sign(
            IdentityTokenClaims(
                iss: Self.acme.issuers[0], aud: Self.acme.clientID, sub: "x", iat: 0, exp: Int.max / 2,
                nonce: SHA256.hexDigest(rawNonce)),
            key: try #require(HS256Key(bytes: Array(repeating: 7, count: 32))))
        let keyless = #expect(throws: IdentityBackendError.self) { try harness.service.signInWithIdP(request(forged)) }
        #expect(keyless?.code == .invalidSignature)
        #expect(try harness.backend.storage.read { $0.issuerKeys } == nil)
    }

    @Test("a damaged issuer key stops the backend like any other key")
    func damagedKey() throws {
        _ = try token()
        try harness.backend.storage.update { state in state.issuerKeys?["oidc.acme"] = "AAAA" }
        let error = #expect(throws: IdentityBackendError.self) {
            try harness.service.signInWithIdP(request(try token()))
        }
        #expect(error?.code == .invalidKey)
    }

    @Test("a provider's own claims are in its token; a standard claim cannot be replaced through them")
    func claimSet() throws {
        let issuer = try #require(harness.backend.identityProviderIssuers["oidc.acme"])
        let token = try issuer.signIn(
            email: "jane@acme.example", nonce: SHA256.hexDigest(rawNonce),
            claims: [
                "oid": "00000000-0000-0000-66f3-3332eca7ea81", "preferred_username": "jane@acme.example",
                "iss": "https://evil.example", "aud": "someone-else",
            ])
        let payload = try #require(JWS.parse(token)).payload
        let claims = try JSONDecoder().decode(IdentityTokenClaims.self, from: Data(payload))
        #expect(claims.iss == Self.acme.issuers[0] && claims.aud == [Self.acme.clientID])
        #expect(
            claims.providerClaims == [
                "oid": "00000000-0000-0000-66f3-3332eca7ea81", "preferred_username": "jane@acme.example",
            ])
        #expect(try harness.service.signInWithIdP(request(token)).providerIds == ["oidc.acme"])
    }

    @Test("one registration serves each of its issuers and no other")
    func severalIssuers() throws {
        let issuer = try #require(harness.backend.identityProviderIssuers["oidc.contoso"])
        var uids: [String] = []
        for (index, tenant) in Self.contoso.issuers.enumerated() {
            let raw = "raw-nonce-for-tenant-\(index)-0123456789abcdef"
            let token = try issuer.signIn(
                email: "sam@contoso.example", nonce: SHA256.hexDigest(raw), claims: ["tid": "tenant-\(index)"],
                issuer: tenant)
            let session = try harness.service.signInWithIdP(
                IdPSignInRequest(providerId: "oidc.contoso", idToken: Secret(token), rawNonce: Secret(raw)))
            uids.append(session.localId)
        }
        #expect(uids.count == 2 && uids[0] == uids[1], "the same user at the provider is one account")
        let other = #expect(throws: IdentityBackendError.self) {
            try issuer.signIn(email: "sam@contoso.example", nonce: nil, issuer: "https://login.contoso.example/c/v2.0")
        }
        #expect(other?.code == .invalidIssuer)
        // A token naming an issuer the registration does not list, signed with the provider's own key: refused.
        let stored = try harness.backend.storage.read { state throws(IdentityBackendError) in
            try state.issuerKey("oidc.contoso")
        }
        let key = try #require(stored)
        let forged = EmbeddedAppleIssuer.sign(
            IdentityTokenClaims(
                iss: "https://login.contoso.example/tenant-c/v2.0", aud: Self.contoso.clientID, sub: "x", iat: 0,
                exp: Int.max / 2, nonce: SHA256.hexDigest(rawNonce)),
            key: key)
        let refused = #expect(throws: IdentityBackendError.self) {
            try harness.service.signInWithIdP(request(forged, as: "oidc.contoso"))
        }
        #expect(refused?.code == .invalidIssuer)
    }
}
