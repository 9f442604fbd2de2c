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

@Suite("EmbeddedIdentityService sessions")
struct EmbeddedSessionLifecycleTests {
    @Test("a refresh token works once: refreshing rotates it, and the old one is refused")
    func rotation() throws {
        let harness = BackendHarness()
        let first = try harness.signIn()
        let second = try harness.service.refreshSession(refreshToken: first.refreshToken)
        #expect(second.localId == first.localId)
        #expect(second.refreshToken != first.refreshToken)
        #expect(!second.isNewUser)
        let before = try harness.service.snapshot()
        // Moments later: a race between two processes of the app, refused without revoking anything.
        #expect(throws: IdentityBackendError(.refreshTokenAlreadyRotated, message: "exchanged moments ago")) {
            try harness.service.refreshSession(refreshToken: first.refreshToken)
        }
        #expect(try harness.service.snapshot() == before)
        _ = try harness.service.refreshSession(refreshToken: second.refreshToken)
    }

    @Test("a rotated refresh token reused after the grace window is theft: its whole chain is revoked")
    func reuseAfterGraceRevokesTheChain() throws {
        let harness = BackendHarness()
        let stolen = try harness.signIn()
        let victim = try harness.service.refreshSession(refreshToken: stolen.refreshToken)
        // Another device's session of the same account is a chain of its own and is not touched.
        let other = try harness.signIn(rawNonce: "another-device-nonce-0123456789-ab")
        harness.clock.advance(by: harness.configuration.refreshTokenReuseGrace + 1)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try harness.service.refreshSession(refreshToken: stolen.refreshToken)
            } == .invalidRefreshToken)
        // The chain's current token, held by the thief or the victim, no longer works either.
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try harness.service.refreshSession(refreshToken: victim.refreshToken)
            } == .invalidRefreshToken)
        _ = try harness.service.refreshSession(refreshToken: other.refreshToken)
    }

    @Test("a rotated refresh token reused within the grace window revokes nothing; the chain goes on")
    func reuseWithinGraceKeepsTheChain() throws {
        let harness = BackendHarness()
        let first = try harness.signIn()
        let second = try harness.service.refreshSession(refreshToken: first.refreshToken)
        harness.clock.advance(by: harness.configuration.refreshTokenReuseGrace - 1)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try harness.service.refreshSession(refreshToken: first.refreshToken)
            } == .refreshTokenAlreadyRotated)
        _ = try harness.service.refreshSession(refreshToken: second.refreshToken)
    }

    @Test("a revoked refresh token is refused; revoking twice is fine")
    func revoke() throws {
        let harness = BackendHarness()
        let session = try harness.signIn()
        try harness.service.revokeRefreshToken(session.refreshToken)
        try harness.service.revokeRefreshToken(session.refreshToken)
        #expect(throws: IdentityBackendError.self) {
            try harness.service.refreshSession(refreshToken: session.refreshToken)
        }
        #expect(try harness.service.snapshot().refreshTokens.isEmpty)
    }

    @Test("refresh tokens are kept only as SHA-256 hashes")
    func hashed() throws {
        let harness = BackendHarness()
        let session = try harness.signIn()
        let keys = try harness.service.snapshot().refreshTokens.keys
        #expect(Array(keys) == [SHA256.hexDigest(session.refreshToken.value)])
        #expect(!keys.contains(session.refreshToken.value))
    }

    @Test("the service verifies its own ID tokens, and refuses expired, foreign and tampered ones")
    func verifiesIDTokens() throws {
        let harness = BackendHarness()
        let session = try harness.signIn()
        #expect(try harness.service.verifySessionToken(session.idToken.value).sub == session.localId)

        let apple = try harness.authorize(rawNonce: "another-nonce-0123456789-abcdefghij").0.identityToken.value
        #expect(throws: IdentityBackendError.self) { try harness.service.verifySessionToken(apple) }
        var pieces = session.idToken.value.split(separator: ".").map(String.init)
        pieces[1] = Base64URL.encode(Array("{\"sub\":\"x\"}".utf8))
        #expect(throws: IdentityBackendError.self) {
            try harness.service.verifySessionToken(pieces.joined(separator: "."))
        }
        harness.clock.advance(by: 3601)
        #expect(throws: IdentityBackendError(.idTokenExpired)) {
            try harness.service.verifySessionToken(session.idToken.value)
        }
    }
}

@Suite("EmbeddedAppAPI")
struct EmbeddedAppAPITests {
    let url = URL(string: "https://api.example/v1/me")!

    @Test("GET /v1/me with a valid token answers who the user is")
    func me() throws {
        let harness = BackendHarness()
        let session = try harness.signIn()
        let response = harness.backend.appAPI.handle(
            HTTPRequest(url: url, headers: ["Authorization": "Bearer \(session.idToken.value)"]))
        #expect(response.status == 200)
        let me = try JSONDecoder().decode(EmbeddedAppAPI.Me.self, from: response.body)
        #expect(me.uid == session.localId)
    }

    @Test("no token, a bad token or an expired one is 401 with WWW-Authenticate")
    func unauthorized() throws {
        let harness = BackendHarness()
        let session = try harness.signIn()
        for headers in [[:], ["Authorization": "Bearer nope"], ["Authorization": "Basic abc"]] {
            let response = harness.backend.appAPI.handle(HTTPRequest(url: url, headers: headers))
            #expect(response.status == 401)
            #expect(response.headers["WWW-Authenticate"]?.hasPrefix("Bearer") == true)
        }
        harness.clock.advance(by: 3601)
        let expired = harness.backend.appAPI.handle(
            HTTPRequest(url: url, headers: ["Authorization": "Bearer \(session.idToken.value)"]))
        #expect(expired.status == 401)
    }

    @Test("an unknown path with a valid token is 404")
    func notFound() throws {
        let harness = BackendHarness()
        let session = try harness.signIn()
        let response = harness.backend.appAPI.handle(
            HTTPRequest(
                url: URL(string: "https://api.example/v1/other")!,
                headers: ["Authorization": "Bearer \(session.idToken.value)"]))
        #expect(response.status == 404)
    }
}
