import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInJOSE
import SignInTesting
import Testing

/// Session cookies at the embedded backend: an ID token's claims for longer, under the cookie issuer.
@Suite("Session cookies at the embedded backend")
struct SessionCookieTests {
    let harness = BackendHarness()
    var service: EmbeddedIdentityService { harness.service }

    func claims(_ cookie: Secret) throws -> SessionTokenClaims {
        let parts = try #require(JWS.parse(cookie.value))
        return try #require(TokenJSON.sessionClaims(from: parts.payload))
    }

    @Test(
        "a cookie carries the ID token's claims under the cookie issuer, for the lifetime asked, two weeks by default")
    func claimsAndLifetime() throws {
        let session = try service.signUp(email: "sam@example.com", password: "sam password 1")
        let idClaims = try service.verifySessionToken(session.idToken.value)
        let now = Int(harness.clock.now().timeIntervalSince1970)
        let cookie = try claims(try service.createSessionCookie(idToken: session.idToken, lifetime: 7777))
        #expect(cookie.iss == "https://session.firebase.google.com/\(harness.configuration.projectID)")
        #expect(cookie.sub == idClaims.sub && cookie.email == "sam@example.com" && cookie.aud == idClaims.aud)
        #expect(cookie.signInProvider == idClaims.signInProvider && cookie.authTime == idClaims.authTime)
        #expect(cookie.iat == now && cookie.exp == now + 7777)
        let lasting = try claims(try service.createSessionCookie(idToken: session.idToken, lifetime: nil))
        #expect(lasting.exp == now + 14 * 24 * 3600)
    }

    @Test("attack: a cookie is no ID token; a revoked or made-up ID token, or a lifetime out of bounds, gets none")
    func refusals() throws {
        let session = try service.signUp(email: "sam@example.com", password: "sam password 1")
        let cookie = try service.createSessionCookie(idToken: session.idToken, lifetime: nil)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.lookupAccount(idToken: cookie) }
                == .invalidIDToken)
        for lifetime in [1, 299, 1_209_601] {
            #expect(
                errorCode { () throws(IdentityBackendError) in
                    _ = try service.createSessionCookie(idToken: session.idToken, lifetime: lifetime)
                } == .invalidDuration)
        }
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.createSessionCookie(idToken: Secret("invalid"), lifetime: nil)
            } == .invalidIDToken)
        harness.clock.advance(by: 2)
        try service.updateAccount(
            uid: session.localId, .init(validSince: Int(harness.clock.now().timeIntervalSince1970)))
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.createSessionCookie(idToken: session.idToken, lifetime: nil)
            } == .tokenExpired)
    }
}
