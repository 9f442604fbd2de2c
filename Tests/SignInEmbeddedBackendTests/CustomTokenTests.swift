import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInJOSE
import SignInTesting
import Testing

/// Custom tokens: the team's server mints one for its user's uid, the app exchanges it for a session.
@Suite("Custom tokens at the embedded backend")
struct CustomTokenTests {
    let harness = BackendHarness()
    var service: EmbeddedIdentityService { harness.service }

    /// A token with these claims, signed as `alg` says (`none`: no signature).
    func token(_ claims: [String: Any], alg: String = "none", key: HS256Key? = nil) throws -> String {
        let header = Array(#"{"alg":"\#(alg)","typ":"JWT"}"#.utf8)
        let payload = Array(try JSONSerialization.data(withJSONObject: claims))
        if let key { return JWS.signHS256(header: header, payload: payload, key: key) }
        return Base64URL.encode(header) + "." + Base64URL.encode(payload) + "."
    }

    var now: Int { Int(harness.clock.now().timeIntervalSince1970) }

    func emulatorClaims(uid: String = "team-user", lifetime: Int = 3600) -> [String: Any] {
        [
            "iss": EmbeddedIdentityService.emulatorCustomTokenIssuer,
            "sub": EmbeddedIdentityService.emulatorCustomTokenIssuer,
            "aud": EmbeddedIdentityService.customTokenAudience, "uid": uid, "iat": now, "exp": now + lifetime,
        ]
    }

    @Test("a minted token signs its uid in, creating the account once; its developer claims are in that ID token")
    func mintAndSignIn() throws {
        let first = try service.signInWithCustomToken(
            Secret(try service.mintCustomToken(uid: "team-user", claims: ["premium": .bool(true)])))
        #expect(first.localId == "team-user" && first.isNewUser && first.signInProvider == "custom")
        let claims = try service.verifySessionToken(first.idToken.value)
        #expect(claims.customClaims == ["premium": .bool(true)] && claims.signInProvider == "custom")
        let again = try service.signInWithCustomToken(Secret(try service.mintCustomToken(uid: "team-user")))
        #expect(again.localId == "team-user" && !again.isNewUser)
        #expect(try service.verifySessionToken(again.idToken.value).customClaims.isEmpty)
        #expect(try service.snapshot().accounts.count == 1)
    }

    @Test("a custom token's developer claims stay in every refreshed ID token of that session, and only that one")
    func developerClaimsSurviveRefresh() throws {
        let first = try service.signInWithCustomToken(
            Secret(try service.mintCustomToken(uid: "team-user", claims: ["tier": .string("gold")])))
        harness.clock.advance(by: 120)
        let refreshed = try service.refreshSession(refreshToken: first.refreshToken)
        #expect(try service.verifySessionToken(refreshed.idToken.value).customClaims == ["tier": .string("gold")])
        let twice = try service.refreshSession(refreshToken: refreshed.refreshToken)
        #expect(try service.verifySessionToken(twice.idToken.value).customClaims == ["tier": .string("gold")])
        // Another session of the same account, started without claims, has none after its refresh either.
        let plain = try service.signInWithCustomToken(Secret(try service.mintCustomToken(uid: "team-user")))
        let plainRefreshed = try service.refreshSession(refreshToken: plain.refreshToken)
        #expect(try service.verifySessionToken(plainRefreshed.idToken.value).customClaims.isEmpty)
        // An administrator's claims on the account are merged under the session's own.
        _ = try service.updateAccount(
            uid: "team-user", EmbeddedIdentityService.AccountChanges(customAttributes: #"{"tier":"basic","x":1}"#))
        let merged = try service.refreshSession(refreshToken: twice.refreshToken)
        #expect(
            try service.verifySessionToken(merged.idToken.value).customClaims
                == ["tier": .string("gold"), "x": .integer(1)])
    }

    @Test(
        "attack: a token signed with another key, unsigned, for another audience, expired or too long-lived is refused")
    func refusals() throws {
        let before = try service.snapshot()
        let otherBackend = BackendHarness(seed: 7)
        let foreign = try otherBackend.service.mintCustomToken(uid: "team-user")
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.signInWithCustomToken(Secret(foreign)) }
                == .invalidCustomToken)
        // Unsigned, as the Admin SDKs make them for an emulator: refused unless the backend is one.
        let unsigned = try token(emulatorClaims())
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.signInWithCustomToken(Secret(unsigned)) }
                == .invalidCustomToken)
        #expect(try service.snapshot() == before, "nothing was created")
        _ = try service.mintCustomToken(uid: "x")  // the key exists now
        let key = try #require(
            try harness.backend.storage.read { state throws(IdentityBackendError) in try state.issuerKey("custom-token")
            })
        var wrongAudience = emulatorClaims()
        wrongAudience["iss"] = "custom-token-minter@signin-demo.invalid"
        wrongAudience["aud"] = "https://example.com/another-api"
        let forOtherAudience = try token(wrongAudience, alg: "HS256", key: key)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithCustomToken(Secret(forOtherAudience))
            }
                == .credentialMismatch)
        var longLived = emulatorClaims(lifetime: 7200)
        longLived["iss"] = "custom-token-minter@signin-demo.invalid"
        let tooLong = try token(longLived, alg: "HS256", key: key)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.signInWithCustomToken(Secret(tooLong)) }
                == .invalidCustomToken)
        let expired = try service.mintCustomToken(uid: "team-user")
        harness.clock.advance(by: 3600 + 61)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.signInWithCustomToken(Secret(expired)) }
                == .invalidCustomToken)
    }

    @Test("reserved claims cannot be minted or smuggled in; a disabled account's token is refused")
    func claimsAndDisabled() throws {
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.mintCustomToken(uid: "u", claims: ["sub": .string("x")])
            }
                == .forbiddenClaim)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.mintCustomToken(uid: "") } == .invalidLocalID
        )
        _ = try service.signInWithCustomToken(Secret(try service.mintCustomToken(uid: "team-user")))
        try service.updateAccount(uid: "team-user", .init(disabled: true))
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithCustomToken(Secret(try service.mintCustomToken(uid: "team-user")))
            } == .userDisabled)
    }

    @Test(
        "an emulator takes unsigned tokens (alg none, or a JSON object of claims), but never a signature it cannot check"
    )
    func emulator() throws {
        var configuration = BackendHarness.fastConfiguration
        configuration.acceptsEmulatorCustomTokens = true
        let emulator = BackendHarness(configuration: configuration)
        let session = try emulator.service.signInWithCustomToken(Secret(try token(emulatorClaims(uid: "admin-made"))))
        #expect(session.localId == "admin-made" && session.signInProvider == "custom")
        // Anyone can write an unsigned token, so its issuer proves nothing: Google's emulator takes any.
        var otherIssuer = emulatorClaims(uid: "other-issuer")
        otherIssuer["iss"] = "someone@example.com"
        #expect(try emulator.service.signInWithCustomToken(Secret(try token(otherIssuer))).localId == "other-issuer")
        let object = try emulator.service.signInWithCustomToken(Secret(#"{"uid": "from-json", "claims": {"a": 1}}"#))
        #expect(object.localId == "from-json" && object.isNewUser)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try emulator.service.signInWithCustomToken(Secret(#"{"look": "no uid"}"#))
            } == .missingIdentifier)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try emulator.service.signInWithCustomToken(Secret(#"{"uid": "u", "claims": {"firebase": 1}}"#))
            } == .forbiddenClaim)
        // Off, neither form is taken.
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithCustomToken(Secret(#"{"uid": "from-json"}"#))
            } == .invalidCustomToken)
        let withSignature = try token(emulatorClaims()) + "c2ln"
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try emulator.service.signInWithCustomToken(Secret(withSignature))
            }
                == .invalidCustomToken)
    }
}
