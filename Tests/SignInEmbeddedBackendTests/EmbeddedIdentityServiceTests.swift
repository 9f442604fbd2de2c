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

@Suite("EmbeddedIdentityService")
struct EmbeddedIdentityServiceTests {
    let rawNonce = "raw-nonce-0123456789-abcdefghijkl"

    @Test("a genuine Apple token creates an account with the first-login name and email")
    func createsAccount() async throws {
        let harness = BackendHarness()
        let (issued, nonce) = try harness.authorize()

        let response = try harness.service.signInWithIdP(harness.request(issued, rawNonce: nonce))

        #expect(response.isNewUser)
        #expect(response.providerIds == ["apple.com"])
        #expect(response.email == "jane.appleseed@example.com")
        #expect(response.displayName == "Jane Appleseed")
        #expect(response.expiresIn == 3600)
        let account = try #require(try harness.service.account(uid: response.localId))
        #expect(account.identities.map(\.subject) == [try harness.issuer.user().subject])
    }

    @Test("signing in again finds the same account and keeps the first-login name, which Apple no longer sends")
    func returningUser() async throws {
        let harness = BackendHarness()
        let (first, nonce1) = try harness.authorize(rawNonce: "first-nonce-0123456789-abcdefghijk")
        let firstResponse = try harness.service.signInWithIdP(harness.request(first, rawNonce: nonce1))
        harness.clock.advance(by: 5)
        let (second, nonce2) = try harness.authorize(rawNonce: "second-nonce-0123456789-abcdefghij")
        #expect(second.fullName == nil)
        #expect(second.email == nil)

        let secondResponse = try harness.service.signInWithIdP(harness.request(second, rawNonce: nonce2))

        #expect(!secondResponse.isNewUser)
        #expect(secondResponse.localId == firstResponse.localId)
        #expect(secondResponse.displayName == "Jane Appleseed")
        #expect(secondResponse.email == "jane.appleseed@example.com")
        #expect(secondResponse.refreshToken != firstResponse.refreshToken)
        #expect(try harness.service.snapshot().accounts.count == 1)
    }

    @Test("hiding the email gives the private relay address, kept for later sign-ins")
    func hiddenEmail() async throws {
        let harness = BackendHarness()
        let (issued, nonce) = try harness.authorize(shareEmail: false)
        let response = try harness.service.signInWithIdP(harness.request(issued, rawNonce: nonce))
        #expect(response.email == (try harness.issuer.user().privateRelayEmail))
        #expect(response.email?.hasSuffix("@privaterelay.appleid.com") == true)
    }

    @Test("the session's ID token is a JWT signed by the service, for the project, with an expiry")
    func sessionToken() async throws {
        let harness = BackendHarness()
        let (issued, nonce) = try harness.authorize()
        let response = try harness.service.signInWithIdP(harness.request(issued, rawNonce: nonce))
        let parts = try #require(JWS.parse(response.idToken.value))
        let claims = try JSONDecoder().decode(SessionTokenClaims.self, from: Data(parts.payload))
        #expect(claims.sub == response.localId)
        #expect(claims.aud == "demo-signin" && claims.iss == "https://securetoken.google.com/demo-signin")
        #expect(claims.exp - claims.iat == 3600)
        #expect(claims.signInProvider == "apple.com")
        // Firebase's shape, as its Admin SDK reads it: `user_id`, and `firebase` with the identities.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(parts.payload)) as? [String: Any])
        #expect(object["user_id"] as? String == response.localId)
        let firebase = try #require(object["firebase"] as? [String: Any])
        #expect(firebase["sign_in_provider"] as? String == "apple.com")
        let identities = try #require(firebase["identities"] as? [String: [String]])
        #expect(identities["apple.com"] == [try harness.issuer.user().subject])
        #expect(identities["email"] == [try #require(response.email)] && claims.emailVerified == true)
        #expect(response.refreshToken.value.hasPrefix("r."))
    }

    // MARK: - Bad input: each has its own error, and the accounts stay as they were.

    enum BadToken: String, CaseIterable, Sendable {
        case malformed, expired, notYetValid, wrongKey, algNone, algHS512, wrongIssuer, wrongAudience, tamperedPayload
        case nonceMismatch, missingRawNonce, missingNonceClaim, truncated, garbage
        // Each of these was accepted before the defence named in SECURITY.md.
        case noNonceEitherSide, nonCanonicalSignature, audienceListWithoutAuthorizedParty
        case audienceListForAnotherParty, oversized
    }

    func makeToken(_ kind: BadToken, harness: BackendHarness) throws -> (token: String, rawNonce: String?) {
        var claims = try harness.validClaims(nonce: rawNonce)
        switch kind {
        case .malformed:
            // Correctly signed, but the payload is not a claims object.
            let header = Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8)
            return (
                JWS.signHS256(
                    header: header, payload: Array("not json".utf8), key: try harness.issuer.verificationKey()),
                rawNonce
            )
        case .garbage:
            return ("not a token at all", rawNonce)
        case .truncated:
            let token = try harness.token(claims)
            return (String(token.prefix(token.count / 2)), rawNonce)
        case .expired:
            claims.iat -= 3600
            claims.exp = claims.iat + 600
        case .notYetValid:
            claims.iat += 3600
            claims.exp = claims.iat + 600
        case .wrongKey:
            let otherKey = HS256Key(bytes: [UInt8](repeating: 7, count: 32))
            return (try harness.token(claims, key: otherKey), rawNonce)
        case .algNone:
            let unsigned = try harness.token(claims, header: JOSEHeader(alg: "none"))
            let pieces = unsigned.split(separator: ".")
            return ("\(pieces[0]).\(pieces[1]).", rawNonce)
        case .algHS512:
            return (try harness.token(claims, header: JOSEHeader(alg: "HS512")), rawNonce)
        case .wrongIssuer:
            claims.iss = "https://evil.example.com"
        case .wrongAudience:
            claims.aud = ["com.example.other-app"]
        case .tamperedPayload:
            let token = try harness.token(claims)
            var pieces = token.split(separator: ".").map(String.init)
            claims.sub = "someone-else"
            pieces[1] = String((try harness.token(claims)).split(separator: ".")[1])
            return (pieces.joined(separator: "."), rawNonce)
        case .nonceMismatch:
            return (try harness.token(claims), "a-different-raw-nonce-0123456789")
        case .missingRawNonce:
            return (try harness.token(claims), nil)
        case .missingNonceClaim:
            claims.nonce = nil
        case .noNonceEitherSide:
            claims.nonce = nil
            return (try harness.token(claims), nil)
        case .nonCanonicalSignature:
            // A 32-byte signature is 43 characters; the last carries 2 unused bits. Setting one keeps the
            // decoded bytes the same, so only a strict decoder notices.
            let token = try harness.token(claims)
            let last = try #require(token.last)
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            let index = try #require(alphabet.firstIndex(of: last))
            return (String(token.dropLast()) + String(alphabet[index | 1]), rawNonce)
        case .audienceListWithoutAuthorizedParty:
            claims.aud = [harness.configuration.appleClientID, "com.example.other-app"]
        case .audienceListForAnotherParty:
            claims.aud = [harness.configuration.appleClientID, "com.example.other-app"]
            claims.azp = "com.example.other-app"
        case .oversized:
            claims.email = String(repeating: "a", count: 20_000) + "@example.com"
        }
        return (try harness.token(claims), rawNonce)
    }

    static let expectedCode: [BadToken: IdentityBackendError.Code] = [
        .malformed: .malformedIdToken, .garbage: .malformedIdToken, .truncated: .malformedIdToken,
        .expired: .idTokenExpired, .notYetValid: .idTokenNotYetValid, .wrongKey: .invalidSignature,
        .algNone: .unsupportedAlgorithm, .algHS512: .unsupportedAlgorithm, .wrongIssuer: .invalidIssuer,
        .wrongAudience: .invalidAudience, .tamperedPayload: .invalidSignature, .nonceMismatch: .nonceMismatch,
        .missingRawNonce: .nonceMismatch, .missingNonceClaim: .nonceMismatch, .noNonceEitherSide: .nonceMismatch,
        .nonCanonicalSignature: .malformedIdToken, .audienceListWithoutAuthorizedParty: .invalidAudience,
        .audienceListForAnotherParty: .invalidAudience, .oversized: .malformedIdToken,
    ]

    @Test("a bad identity token gets its own error code and changes no account", arguments: BadToken.allCases)
    func badToken(kind: BadToken) async throws {
        let harness = BackendHarness()
        // An existing account, to check that it stays exactly as it was.
        let (issued, nonce) = try harness.authorize(rawNonce: "setup-nonce-0123456789-abcdefghijk")
        _ = try harness.service.signInWithIdP(harness.request(issued, rawNonce: nonce))
        let before = try harness.service.snapshot()

        let (token, raw) = try makeToken(kind, harness: harness)
        let request = IdPSignInRequest(
            providerId: "apple.com", idToken: Secret(token), rawNonce: raw.map { Secret($0) })
        let error = #expect(throws: IdentityBackendError.self) {
            try harness.service.signInWithIdP(request)
        }
        #expect(error?.code == Self.expectedCode[kind], "\(kind): \(String(describing: error))")
        #expect(try harness.service.snapshot() == before)
    }

    @Test("a token whose expiry is within the clock skew is still accepted; just beyond it, refused")
    func clockSkew() async throws {
        let harness = BackendHarness()
        var claims = try harness.validClaims(nonce: rawNonce)
        claims.exp = Int(harness.clock.now().timeIntervalSince1970) - 30
        let request = IdPSignInRequest(
            providerId: "apple.com", idToken: Secret(try harness.token(claims)), rawNonce: Secret(rawNonce))
        _ = try harness.service.signInWithIdP(request)

        claims.exp -= 60
        claims.nonce = SHA256.hexDigest("another-nonce-0123456789-abcdefgh")
        let late = IdPSignInRequest(
            providerId: "apple.com", idToken: Secret(try harness.token(claims)),
            rawNonce: "another-nonce-0123456789-abcdefgh")
        #expect(throws: IdentityBackendError(.idTokenExpired, message: "the token has expired")) {
            try harness.service.signInWithIdP(late)
        }
    }

    @Test("a replayed token (its nonce already used) is refused and changes nothing")
    func replay() async throws {
        let harness = BackendHarness()
        let (issued, nonce) = try harness.authorize()
        let request = harness.request(issued, rawNonce: nonce)
        _ = try harness.service.signInWithIdP(request)
        let before = try harness.service.snapshot()

        #expect(throws: IdentityBackendError(.nonceAlreadyUsed, message: "the nonce was already used")) {
            try harness.service.signInWithIdP(request)
        }
        #expect(try harness.service.snapshot() == before)
    }

    @Test("a refused token does not burn its nonce: the genuine request still works afterwards")
    func refusalKeepsNonce() async throws {
        let harness = BackendHarness()
        let (issued, nonce) = try harness.authorize()
        var wrong = harness.request(issued, rawNonce: "not-the-right-nonce-0123456789-ab")
        #expect(throws: IdentityBackendError.self) { try harness.service.signInWithIdP(wrong) }
        wrong.rawNonce = Secret(nonce)
        _ = try harness.service.signInWithIdP(wrong)
    }

    @Test("an empty token and an unknown provider are refused with their own codes")
    func otherBadRequests() throws {
        let harness = BackendHarness()
        #expect(throws: IdentityBackendError(.missingIdToken)) {
            try harness.service.signInWithIdP(IdPSignInRequest(providerId: "apple.com", idToken: ""))
        }
        #expect(throws: IdentityBackendError.self) {
            try harness.service.signInWithIdP(IdPSignInRequest(providerId: "github.com", idToken: "x"))
        }
        #expect(try harness.service.snapshot() == IdentityServiceState())
    }
}

@Suite("EmbeddedAppleIssuer")
struct EmbeddedAppleIssuerTests {
    @Test("issues a token with Apple's claims: iss, aud, sub, iat, exp, nonce, email, email_verified, is_private_email")
    func claims() async throws {
        let harness = BackendHarness()
        let (issued, nonce) = try harness.authorize(shareEmail: false)
        let parts = try #require(JWS.parse(issued.identityToken.value))
        let claims = try JSONDecoder().decode(IdentityTokenClaims.self, from: Data(parts.payload))
        let now = Int(harness.clock.now().timeIntervalSince1970)
        #expect(claims.iss == "https://appleid.apple.com")
        #expect(claims.aud == ["com.example.signin-demo"])
        #expect(claims.sub == (try harness.issuer.user().subject))
        #expect(claims.iat == now)
        #expect(claims.exp == now + 600)
        #expect(claims.nonce == SHA256.hexDigest(nonce))
        #expect(claims.isPrivateEmail == true)
        #expect(claims.emailVerified == true)
        #expect(JWS.verifyHS256(parts, key: try harness.issuer.verificationKey()))
    }

    @Test("sends the name and email only at the first authorization of an app")
    func firstLoginOnly() throws {
        let harness = BackendHarness()
        let (first, _) = try harness.authorize()
        let (second, _) = try harness.authorize()
        #expect(first.fullName == PersonName(givenName: "Jane", familyName: "Appleseed"))
        #expect(first.email == "jane.appleseed@example.com")
        #expect(second.fullName == nil)
        #expect(second.email == nil)
    }

    @Test("two installations have different keys and different Apple user ids")
    func perInstallation() throws {
        let a = EmbeddedBackend.inMemory()
        let b = EmbeddedBackend.inMemory()
        #expect(try a.appleIssuer.verificationKey() != b.appleIssuer.verificationKey())
        #expect(try a.appleIssuer.user().subject != b.appleIssuer.user().subject)
        #expect(try a.appleIssuer.verificationKey().bytes.count == 32)
    }
}

@Suite("IdentityTokenClaims")
struct IdentityTokenClaimsTests {
    @Test("decode an audience list and Apple's string booleans")
    func flexibleDecoding() throws {
        let json = """
            {"iss":"i","aud":["a","b"],"sub":"s","iat":1,"exp":2,"email_verified":"true","is_private_email":"false"}
            """
        let claims = try JSONDecoder().decode(IdentityTokenClaims.self, from: Data(json.utf8))
        #expect(claims.aud == ["a", "b"])
        #expect(claims.emailVerified == true)
        #expect(claims.isPrivateEmail == false)
    }
}
