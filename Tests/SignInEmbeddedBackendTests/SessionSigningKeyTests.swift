import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInJOSE
import SignInTesting
import Testing

/// RS256 ID tokens: signed with an RSA key kept in the state, published so that a backend verifies them as Firebase's,
/// rotated without refusing the tokens signed before.
@Suite("ID tokens signed RS256, with published keys")
struct SessionSigningKeyTests {
    static var configuration: EmbeddedBackendConfiguration {
        var configuration = BackendHarness.fastConfiguration
        configuration.sessionTokenAlgorithm = .rs256
        return configuration
    }

    func parts(_ token: Secret) throws -> (header: JOSEHeader, parts: JWS.Parts) {
        let parts = try #require(JWS.parse(token.value))
        return (try #require(TokenJSON.header(from: parts.header)), parts)
    }

    /// Whether `token` verifies against the published key its `kid` names, as a backend would check it.
    func verifiesAgainstPublished(_ token: Secret, _ service: EmbeddedIdentityService) throws -> Bool {
        let (header, parts) = try parts(token)
        guard let key = try service.publishedSessionKeys().first(where: { $0.kid == header.kid })?.key else {
            return false
        }
        return try SignatureVerifier.verifyRSASSAPKCS1v15SHA256(
            signature: parts.signature, message: parts.signingInput, key: key)
    }

    @Test("tokens are RS256 under a published key; a rotation signs with a new one and the old tokens still work")
    func signAndRotate() throws {
        let harness = BackendHarness(configuration: Self.configuration)
        let service = harness.service
        let first = try service.signUp(email: "ada@example.com", password: "correct horse battery")
        let (header, _) = try parts(first.idToken)
        #expect(header.alg == "RS256" && header.kid != nil)
        #expect(try verifiesAgainstPublished(first.idToken, service))
        #expect(try service.lookupAccount(idToken: first.idToken).uid == first.localId)

        let kid = try service.rotateSessionSigningKey()
        let second = try service.signInWithPassword(email: "ada@example.com", password: "correct horse battery")
        #expect(try parts(second.idToken).header.kid == kid && kid != header.kid)
        #expect(try service.publishedSessionKeys().map(\.kid) == [kid, header.kid ?? ""])
        #expect(
            try verifiesAgainstPublished(first.idToken, service) && verifiesAgainstPublished(second.idToken, service))
        #expect(try service.lookupAccount(idToken: first.idToken).uid == first.localId, "signed before, still good")

        // Once enough newer keys push it out, the first key is no longer published, and its tokens are refused.
        for _ in 1..<EmbeddedIdentityService.keptSessionKeys { try service.rotateSessionSigningKey() }
        #expect(try !service.publishedSessionKeys().map(\.kid).contains(header.kid ?? ""))
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.lookupAccount(idToken: first.idToken) }
                == .invalidIDToken)
    }

    @Test("attack: a token signed by another RSA key under the backend's kid, or re-signed HS256, is refused")
    func forgeries() throws {
        let harness = BackendHarness(configuration: Self.configuration)
        let service = harness.service
        let session = try service.signUp(email: "ada@example.com", password: "correct horse battery")
        let (header, parts) = try parts(session.idToken)
        let other = try RSASigningKey.generate()
        let input =
            Base64URL.encode(JOSEHeader(alg: "RS256", kid: header.kid).compactJSON) + "."
            + Base64URL.encode(parts.payload)
        let forged = input + "." + Base64URL.encode(try other.signature(for: Array(input.utf8)))
        let unknownKid = JOSEHeader(alg: "RS256", kid: "not-ours").compactJSON
        let renamed =
            Base64URL.encode(unknownKid) + "." + Base64URL.encode(parts.payload) + "."
            + Base64URL.encode(parts.signature)
        // The public modulus as an HMAC key: the classic confusion of RS256 and HS256.
        let confused = JWS.signHS256(
            header: JOSEHeader(alg: "HS256").compactJSON, payload: parts.payload,
            key: try #require(HS256Key(bytes: try service.publishedSessionKeys()[0].key.modulus)))
        for token in [forged, renamed, confused] {
            #expect(
                errorCode { () throws(IdentityBackendError) in _ = try service.lookupAccount(idToken: Secret(token)) }
                    == .invalidIDToken, "\(token.prefix(40))")
        }
    }

    @Test("the key is kept in the data folder: another process over it signs and verifies with the same key")
    func persisted() throws {
        let temporary = TemporaryFolder(prefix: "signin-rs256")
        let folder = temporary.path
        let first = EmbeddedBackend.persistent(folder: folder, configuration: Self.configuration)
        let session = try first.identityService.signUp(email: "ada@example.com", password: "correct horse battery")
        let second = EmbeddedBackend.persistent(folder: folder, configuration: Self.configuration)
        #expect(try second.identityService.lookupAccount(idToken: session.idToken).uid == session.localId)
        #expect(
            try second.identityService.publishedSessionKeys().map(\.kid)
                == first.identityService.publishedSessionKeys().map(\.kid))
    }

    @Test("an HS256 backend publishes no key, and its tokens stay HS256")
    func hs256() throws {
        let harness = BackendHarness()
        let session = try harness.service.signUpAnonymously()
        #expect(try parts(session.idToken).header.alg == "HS256")
        #expect(try harness.service.publishedSessionKeys().isEmpty)
    }

    @Test("a session cookie is signed as the ID tokens: RS256 under a published key, under the cookie issuer")
    func cookies() throws {
        let harness = BackendHarness(configuration: Self.configuration)
        let service = harness.service
        let session = try service.signUp(email: "ada@example.com", password: "correct horse battery")
        let cookie = try service.createSessionCookie(idToken: session.idToken, lifetime: nil)
        let (header, parts) = try parts(cookie)
        let sessionKid = try self.parts(session.idToken).header.kid
        #expect(header.alg == "RS256" && header.kid == sessionKid)
        #expect(try verifiesAgainstPublished(cookie, service))
        let claims = try #require(TokenJSON.sessionClaims(from: parts.payload))
        #expect(claims.iss == harness.configuration.sessionCookieIssuer && claims.sub == session.localId)
    }

    /// The configuration of a backend that issues unsigned tokens, as Google's emulator does.
    static var unsignedConfiguration: EmbeddedBackendConfiguration {
        var configuration = BackendHarness.fastConfiguration
        configuration.sessionTokenAlgorithm = .unsigned
        return configuration
    }

    /// The parts of an unsigned token of `payload`, with `signature` after the last dot.
    func unsigned(_ payload: [UInt8], signature: String = "") -> Secret {
        Secret(
            Base64URL.encode(JOSEHeader(alg: "none").compactJSON) + "." + Base64URL.encode(payload) + "." + signature)
    }

    @Test("unsigned, as Google's emulator: tokens and cookies are alg none with nothing after the last dot")
    func unsignedTokens() throws {
        let harness = BackendHarness(configuration: Self.unsignedConfiguration)
        let service = harness.service
        let session = try service.signUp(email: "ada@example.com", password: "correct horse battery")
        let (header, parts) = try parts(session.idToken)
        #expect(header.alg == "none" && parts.signature.isEmpty && session.idToken.value.hasSuffix("."))
        #expect(try service.lookupAccount(idToken: session.idToken).uid == session.localId)
        let cookie = try service.createSessionCookie(idToken: session.idToken, lifetime: nil)
        let cookieParts = try self.parts(cookie)
        #expect(cookieParts.header.alg == "none" && cookieParts.parts.signature.isEmpty)
        #expect(try service.publishedSessionKeys().isEmpty)
        // Refreshing hands out unsigned tokens too, which are taken back.
        let refreshed = try service.refreshSession(refreshToken: session.refreshToken)
        #expect(try service.lookupAccount(idToken: refreshed.idToken).uid == session.localId)
    }

    @Test(
        "attack: with unsigned tokens, the claims are still checked; an HS256 or RS256 backend refuses unsigned ones")
    func unsignedForgeries() throws {
        let harness = BackendHarness(configuration: Self.unsignedConfiguration)
        let service = harness.service
        let session = try service.signUp(email: "ada@example.com", password: "correct horse battery")
        var claims = try #require(TokenJSON.sessionClaims(from: try parts(session.idToken).parts.payload))
        var otherAudience = claims
        otherAudience.aud = "another-project"
        var expired = claims
        expired.exp = claims.iat - 1
        var nobody = claims
        nobody.sub = "no-such-account"
        let refusals: [(Secret, IdentityBackendError.Code)] = [
            (unsigned(claims.compactJSON, signature: "c2lnbmF0dXJl"), .invalidIDToken),
            (unsigned(otherAudience.compactJSON), .invalidIDToken),
            (unsigned(expired.compactJSON), .invalidIDToken),
            (unsigned(nobody.compactJSON), .userNotFound),
        ]
        for (token, code) in refusals {
            #expect(
                errorCode { () throws(IdentityBackendError) in _ = try service.lookupAccount(idToken: token) } == code,
                "\(token.value.prefix(60))")
        }
        // Revoked: issued before the account's validSince.
        harness.clock.advance(by: 2)
        try service.updateAccount(
            uid: session.localId, .init(validSince: Int(harness.clock.now().timeIntervalSince1970)))
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.lookupAccount(idToken: session.idToken) }
                == .tokenExpired)

        // The same unsigned claims at a backend that signs, HS256 or RS256: refused.
        for algorithm in [SessionTokenAlgorithm.hs256, .rs256] {
            var signing = BackendHarness.fastConfiguration
            signing.sessionTokenAlgorithm = algorithm
            let other = BackendHarness(configuration: signing)
            let account = try other.service.signUp(email: "ada@example.com", password: "correct horse battery")
            claims = try #require(TokenJSON.sessionClaims(from: try parts(account.idToken).parts.payload))
            #expect(
                errorCode { () throws(IdentityBackendError) in
                    _ = try other.service.lookupAccount(idToken: unsigned(claims.compactJSON))
                } == .invalidIDToken, "\(algorithm)")
        }
    }
}
