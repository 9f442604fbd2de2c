import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInEmbeddedStore
import SignInEmulator
import SignInJOSE
import SignInTesting
import Testing

@Suite("EmbeddedHTTPFace: the simulated Apple and Google sign-in, and accounts:signInWithIdp")
struct SignInWithIdpRouteTests {
    static let rawNonce = "raw-nonce-0123456789-abcdefghijkl"

    @Test("the Apple sheet's server: the Apple ID, then a token for the nonce's hash with the first-time name")
    func appleSheet() throws {
        let harness = FaceHarness()
        let account = harness.call("GET", "/embedded/v1/apple/account")
        #expect(account.status == 200)
        #expect(account.string("name") == "Jane Appleseed")
        #expect(account.string("email") == "jane.appleseed@example.com")
        let first = harness.appleAuthorization(rawNonce: Self.rawNonce)
        #expect(first.status == 200)
        #expect(first.keys == ["authorizationCode", "email", "fullName", "identityToken", "user"])
        #expect(first.string("user") == (try harness.base.issuer.user().subject))
        #expect(first.object("fullName")?["givenName"] as? String == "Jane")
        #expect(first.object("fullName")?["familyName"] as? String == "Appleseed")
        #expect(first.string("email") == "jane.appleseed@example.com")
        let second = harness.appleAuthorization(rawNonce: "another-raw-nonce-0123456789abcdef")
        #expect(second.keys == ["authorizationCode", "identityToken", "user"])
    }

    @Test("Apple's token and the raw nonce sign in through signInWithIdp: Firebase's VerifyAssertionResponse")
    func appleSignIn() throws {
        let harness = FaceHarness()
        let apple = harness.appleAuthorization(rawNonce: Self.rawNonce)
        let identityToken = try #require(apple.string("identityToken"))
        let user = #"{"name":{"firstName":"Jane","lastName":"Appleseed"},"email":"jane.appleseed@example.com"}"#
        let reply = harness.signInWithIdp([
            ("providerId", "apple.com"), ("id_token", identityToken), ("nonce", Self.rawNonce), ("user", user),
        ])
        #expect(reply.status == 200)
        #expect(
            reply.keys == [
                "displayName", "email", "emailVerified", "expiresIn", "federatedId", "firstName", "fullName",
                "idToken", "isNewUser", "kind", "lastName", "localId", "oauthIdToken", "providerId", "rawUserInfo",
                "refreshToken",
            ])
        #expect(reply.string("oauthIdToken") == identityToken, "asked for with returnIdpCredential, it comes back")
        #expect(reply.string("kind") == "identitytoolkit#VerifyAssertionResponse")
        #expect(reply.string("providerId") == "apple.com")
        #expect(reply.string("federatedId") == apple.string("user"))
        #expect(reply.string("email") == "jane.appleseed@example.com")
        #expect(reply.bool("emailVerified") == true)
        #expect(reply.string("displayName") == "Jane Appleseed")
        #expect(reply.string("firstName") == "Jane")
        #expect(reply.string("lastName") == "Appleseed")
        #expect(reply.string("fullName") == "Jane Appleseed")
        #expect(reply.bool("isNewUser") == true)
        #expect(reply.string("expiresIn") == "3600")
        #expect(!reply.text.contains(Self.rawNonce), "the raw nonce is never echoed")
        let account = try #require(try harness.service.account(uid: reply.string("localId") ?? ""))
        #expect(account.providerIds == ["apple.com"])
        // rawUserInfo: the token's claims as JSON text, as Firebase gives them.
        let raw = try #require(reply.string("rawUserInfo"))
        let claims = try #require(try JSONSerialization.jsonObject(with: Data(raw.utf8)) as? [String: Any])
        #expect(
            claims["sub"] as? String == apple.string("user") && claims["iss"] as? String == "https://appleid.apple.com")
    }

    @Test("the same Apple token and nonce again is Firebase's MISSING_OR_INVALID_NONCE, 'Duplicate credential'")
    func replay() throws {
        let harness = FaceHarness()
        let token = try #require(harness.appleAuthorization(rawNonce: Self.rawNonce).string("identityToken"))
        let parameters = [("providerId", "apple.com"), ("id_token", token), ("nonce", Self.rawNonce)]
        #expect(harness.signInWithIdp(parameters).status == 200)
        let again = harness.signInWithIdp(parameters)
        #expect(again.status == 400)
        #expect(again.errorCode == "MISSING_OR_INVALID_NONCE")
        #expect(again.text.contains("Duplicate credential received"), "\(again.text)")
    }

    @Test("a raw nonce that does not hash to the token's is Firebase's MISSING_OR_INVALID_NONCE, the check named")
    func wrongNonce() throws {
        let harness = FaceHarness()
        let token = try #require(harness.appleAuthorization(rawNonce: Self.rawNonce).string("identityToken"))
        let reply = harness.signInWithIdp([("providerId", "apple.com"), ("id_token", token), ("nonce", "not-it")])
        #expect(reply.status == 400)
        #expect(reply.errorCode == "MISSING_OR_INVALID_NONCE")
        #expect(reply.text.contains("NONCE_MISMATCH: "), "the core's check is in the detail: \(reply.text)")
    }

    @Test("a forged or expired identity token is Firebase's INVALID_IDP_RESPONSE, the failed check in the detail")
    func rejectedTokenCodes() throws {
        let harness = FaceHarness()
        let token = try #require(harness.appleAuthorization(rawNonce: Self.rawNonce).string("identityToken"))
        let forged = String(token.dropLast(4)) + (token.hasSuffix("AAAA") ? "BBBB" : "AAAA")
        let reply = harness.signInWithIdp([("providerId", "apple.com"), ("id_token", forged), ("nonce", Self.rawNonce)])
        #expect(reply.status == 400)
        #expect(reply.errorCode == "INVALID_IDP_RESPONSE")
        #expect(reply.text.contains("INVALID_SIGNATURE: "), "\(reply.text)")
        harness.clock.advance(by: 3 * 3600)
        let late = harness.signInWithIdp([("providerId", "apple.com"), ("id_token", token), ("nonce", Self.rawNonce)])
        #expect(late.errorCode == "INVALID_IDP_RESPONSE")
        #expect(late.text.contains("ID_TOKEN_EXPIRED: "), "\(late.text)")
        #expect(!late.text.contains(token) && !late.text.contains(Self.rawNonce), "nothing sent in comes back")
    }

    @Test("the Google chooser's server: its accounts, then tokens that signInWithIdp accepts (not echoed unasked)")
    func googleSignIn() throws {
        let harness = FaceHarness()
        let accounts = harness.call("GET", "/embedded/v1/google/accounts")
        #expect(accounts.status == 200)
        #expect(accounts.objects("accounts").compactMap { $0["email"] as? String }.contains("sam.rivera@gmail.com"))
        let nonce = "google-raw-nonce-0123456789"
        let google = harness.googleCredential("sam.rivera@gmail.com", rawNonce: nonce)
        #expect(google.keys == ["accessToken", "email", "idToken", "name"])
        #expect(google.string("name") == "Sam Rivera")
        // Without returnIdpCredential, the provider's tokens are not sent back.
        let reply = harness.signInWithIdp(
            [
                ("providerId", "google.com"), ("id_token", google.string("idToken") ?? ""),
                ("access_token", google.string("accessToken") ?? ""), ("nonce", nonce),
            ], extra: ["returnIdpCredential": false])
        #expect(reply.status == 200)
        #expect(reply.string("providerId") == "google.com")
        #expect(reply.string("email") == "sam.rivera@gmail.com")
        #expect(reply.string("displayName") == "Sam Rivera")
        #expect(reply.json["federatedId"] as? String != nil)
        #expect(!reply.text.contains(google.string("idToken") ?? "-"))
        #expect(!reply.text.contains(google.string("accessToken") ?? "-"))
        let unknown = harness.call("POST", "/embedded/v1/google/signIn", ["email": "nobody@gmail.com"])
        #expect(unknown.status == 400)
        #expect(unknown.errorCode == "USER_NOT_FOUND")
    }

    @Test("Google's sign-in answers its userinfo as rawUserInfo, and the names the token gives")
    func googleProfile() throws {
        let harness = FaceHarness()
        let nonce = "google-raw-nonce-0123456789"
        let google = harness.googleCredential("sam.rivera@gmail.com", rawNonce: nonce)
        let reply = harness.signInWithIdp([
            ("providerId", "google.com"), ("id_token", google.string("idToken") ?? ""), ("nonce", nonce),
        ])
        #expect(reply.status == 200, "\(reply.text)")
        let raw = try #require(
            try JSONSerialization.jsonObject(with: Data((reply.string("rawUserInfo") ?? "").utf8)) as? [String: Any])
        #expect(raw["email"] as? String == "sam.rivera@gmail.com" && raw["locale"] as? String == "en")
        #expect(raw["id"] as? String != nil && raw["sub"] == nil && raw["verified_email"] as? Bool != nil)
        let scopes = (raw["granted_scopes"] as? String ?? "").split(separator: " ")
        #expect(scopes.contains("openid") && scopes.contains("https://www.googleapis.com/auth/userinfo.email"))
        #expect(reply.string("fullName") == "Sam Rivera", "\(reply.text)")
    }

    @Test("lenient: a SAML provider's JSON SAMLResponse names the email; its attributes are rawUserInfo; gaps refused")
    func samlResponse() throws {
        var lenient = BackendHarness.fastConfiguration
        lenient.acceptsUnsignedProviderTokens = true
        let harness = FaceHarness(configuration: lenient)
        let token = #"{"sub":"saml-user-1","email":"token@example.com"}"#
        func saml(_ response: String) -> Reply {
            harness.signInWithIdp([("providerId", "saml.acme"), ("id_token", token), ("SAMLResponse", response)])
        }
        for (response, missing) in [
            ("{}", "Missing assertion"), (#"{"assertion":{}}"#, "Missing assertion.subject"),
            (#"{"assertion":{"subject":{}}}"#, "Missing assertion.subject.nameId"), ("not json", "not a JSON object"),
        ] {
            let refused = saml(response)
            #expect(refused.errorCode == "INVALID_IDP_RESPONSE", "\(refused.text)")
            #expect(refused.errorMessage?.contains(missing) == true, "\(refused.text)")
        }
        let signedIn = saml(
            #"{"assertion":{"subject":{"nameId":"jane@example.com"},"attributeStatements":{"name":"Jane Doe"}}}"#)
        #expect(signedIn.status == 200 && signedIn.string("email") == "jane@example.com", "\(signedIn.text)")
        #expect(signedIn.bool("emailVerified") == true && signedIn.string("providerId") == "saml.acme")
        #expect(signedIn.string("rawUserInfo") == #"{"name":"Jane Doe"}"#)
        #expect(signedIn.string("oauthIdToken") == token, "the token the client sent, as it sent it")
        // The session's tokens carry the attributes (firebase.sign_in_attributes), refreshed ones too.
        let claims = try #require(
            JWS.parse(signedIn.string("idToken") ?? "").flatMap { TokenJSON.sessionClaims(from: $0.payload) })
        #expect(claims.signInAttributes == ["name": .string("Jane Doe")])
        let refreshed = harness.token(
            form: "grant_type=refresh_token&refresh_token=\(signedIn.string("refreshToken") ?? "")")
        let again = try #require(
            JWS.parse(refreshed.string("id_token") ?? "").flatMap { TokenJSON.sessionClaims(from: $0.payload) })
        #expect(again.signInAttributes == ["name": .string("Jane Doe")], "\(refreshed.text)")
    }

    @Test("attack: a provider that is not SAML cannot put sign-in attributes in a session by a claim of that name")
    func signInAttributesOnlyFromSAML() throws {
        var lenient = BackendHarness.fastConfiguration
        lenient.acceptsUnsignedProviderTokens = true
        let harness = FaceHarness(configuration: lenient)
        let token = #"{"sub":"g-1","sign_in_attributes":"{\"role\":\"admin\"}"}"#
        let signedIn = harness.signInWithIdp([("providerId", "google.com"), ("id_token", token)])
        let claims = try #require(
            JWS.parse(signedIn.string("idToken") ?? "").flatMap { TokenJSON.sessionClaims(from: $0.payload) })
        #expect(claims.signInAttributes == nil && claims.customClaims["role"] == nil, "\(signedIn.text)")
    }

    @Test("a redirect's own parameters are read, the postBody's first")
    func requestUriParameters() throws {
        let harness = FaceHarness()
        let nonce = "google-raw-nonce-9876543210"
        let google = harness.googleCredential("sam.rivera@gmail.com", rawNonce: nonce)
        let token = try #require(google.string("idToken"))
        let inQuery = harness.accounts(
            "signInWithIdp",
            [
                "requestUri": "http://localhost/cb?"
                    + FaceHarness.form([
                        ("providerId", "google.com"), ("id_token", token), ("nonce", nonce),
                    ]),
                "returnSecureToken": true,
            ])
        #expect(inQuery.status == 200 && inQuery.string("providerId") == "google.com", "\(inQuery.text)")
        // The postBody wins over the redirect's query: here it names a provider that is not enabled.
        let overridden = harness.accounts(
            "signInWithIdp",
            [
                "requestUri": "http://localhost/cb?providerId=google.com&id_token=x",
                "postBody": "providerId=github.com&id_token=x",
            ])
        #expect(overridden.errorCode == "OPERATION_NOT_ALLOWED", "\(overridden.text)")
    }

    @Test("Apple's credential state through the simulator: authorized, then revoked after revoke")
    func appleCredentialState() throws {
        let harness = FaceHarness()
        let user = try #require(harness.appleAuthorization(rawNonce: Self.rawNonce).string("user"))
        let clientId = harness.base.configuration.appleClientID
        let state = harness.call("POST", "/embedded/v1/apple/credentialState", ["userId": user, "clientId": clientId])
        #expect(state.status == 200)
        #expect(state.string("state") == "authorized")
        let revoke = harness.call("POST", "/embedded/v1/apple/revoke", ["clientId": clientId])
        #expect(revoke.status == 200)
        #expect(revoke.keys == ["revoked"] && revoke.bool("revoked") == true)
        let after = harness.call("POST", "/embedded/v1/apple/credentialState", ["userId": user, "clientId": clientId])
        #expect(after.string("state") == "revoked")
        // Nothing left to revoke: the answer says so.
        #expect(harness.call("POST", "/embedded/v1/apple/revoke", ["clientId": clientId]).bool("revoked") == false)
        let stranger = harness.call("POST", "/embedded/v1/apple/credentialState", ["userId": "000000.x.0000"])
        #expect(stranger.string("state") == "notFound")
    }

    @Test("signInWithIdp without requestUri is MISSING_REQUEST_URI; a postBody without providerId is refused")
    func idpMissingFields() {
        let harness = FaceHarness()
        let noURI = harness.accounts("signInWithIdp", ["postBody": "providerId=apple.com&id_token=x"])
        #expect(noURI.status == 400)
        #expect(noURI.errorCode == "MISSING_REQUEST_URI")
        let noProvider = harness.accounts(
            "signInWithIdp", ["requestUri": "http://localhost", "postBody": "id_token=secret-token-text"])
        #expect(noProvider.status == 400)
        #expect(noProvider.errorCode == "INVALID_CREDENTIAL_OR_PROVIDER_ID")
        #expect(noProvider.errorMessage?.contains("Invalid IdP response/credential:") == true)
        #expect(!noProvider.text.contains("secret-token-text"), "the token is not quoted back")
        let relative = harness.accounts(
            "signInWithIdp", ["requestUri": "notAnAbsoluteUri", "postBody": "providerId=apple.com&id_token=x"])
        #expect(relative.errorCode == "INVALID_REQUEST_URI", "\(relative.text)")
        let noToken = harness.signInWithIdp([("providerId", "apple.com")])
        #expect(noToken.errorCode == "MISSING_ID_TOKEN")
        let unknownProvider = harness.signInWithIdp([("providerId", "github.com"), ("id_token", "x")])
        #expect(unknownProvider.errorCode == "OPERATION_NOT_ALLOWED")
    }

    @Test("autoCreate false does not create an account: USER_NOT_FOUND, and the credential is not spent")
    func autoCreateFalse() throws {
        let harness = FaceHarness()
        let nonce = "auto-create-raw-nonce-0123456789"
        let google = harness.googleCredential(rawNonce: nonce)
        let parameters = [("providerId", "google.com"), ("id_token", google.string("idToken") ?? ""), ("nonce", nonce)]
        let refused = harness.signInWithIdp(parameters, extra: ["autoCreate": false])
        #expect(refused.status == 400)
        #expect(refused.errorCode == "USER_NOT_FOUND")
        #expect(try harness.service.snapshot().accounts.isEmpty)
        let created = harness.signInWithIdp(parameters)
        #expect(created.status == 200)
        #expect(created.bool("isNewUser") == true)
    }

    @Test(
        "linking a credential another account has: with returnIdpCredential, 200 with errorMessage, no session tokens, and the credential that signs in to the owner"
    )
    func credentialAlreadyLinkedTrap() throws {
        let harness = FaceHarness()
        let owner = harness.googleSignIn()
        #expect(owner.status == 200)
        let guest = harness.accounts("signUp", ["returnSecureToken": true])
        let before = try harness.service.snapshot()
        let trap = harness.googleSignIn(extra: ["idToken": guest.string("idToken") ?? ""])
        #expect(trap.status == 200)
        #expect(trap.keys == ["email", "errorMessage", "kind", "oauthIdToken", "pendingToken", "providerId"])
        #expect(trap.string("email") == "jane.appleseed@gmail.com")
        #expect(trap.string("kind") == "identitytoolkit#VerifyAssertionResponse")
        #expect(trap.string("providerId") == "google.com")
        #expect(trap.string("errorMessage") == "FEDERATED_USER_ID_ALREADY_LINKED")
        #expect(try harness.service.snapshot() == before)
        // The pending token signs in to the owner, once, with no identity token.
        let pending = harness.accounts(
            "signInWithIdp",
            [
                "requestUri": "http://localhost", "postBody": "providerId=google.com",
                "pendingToken": trap.string("pendingToken") ?? "", "returnSecureToken": true,
            ])
        #expect(pending.status == 200 && pending.string("localId") == owner.string("localId"), "\(pending.text)")
        let again = harness.accounts(
            "signInWithIdp",
            [
                "requestUri": "http://localhost", "postBody": "providerId=google.com",
                "pendingToken": trap.string("pendingToken") ?? "",
            ])
        #expect(again.errorCode == "MISSING_OR_INVALID_NONCE")
        let plain = harness.googleSignIn(
            extra: ["idToken": guest.string("idToken") ?? "", "returnIdpCredential": false])
        #expect(plain.status == 400)
        #expect(plain.errorCode == "FEDERATED_USER_ID_ALREADY_LINKED")
    }

    @Test(
        "an identity whose email another account has, which its provider does not vouch for: 200, needConfirmation")
    func needConfirmationTrap() throws {
        var lenient = BackendHarness.fastConfiguration
        lenient.acceptsUnsignedProviderTokens = true
        let harness = FaceHarness(configuration: lenient)
        _ = harness.signUp("jane.appleseed@gmail.com")
        let before = try harness.service.snapshot()
        let token = #"{"sub":"jane-at-google","email":"jane.appleseed@gmail.com","email_verified":false}"#
        for returnIdpCredential in [true, false] {
            let reply = harness.signInWithIdp(
                [("providerId", "google.com"), ("id_token", token)],
                extra: ["returnIdpCredential": returnIdpCredential])
            #expect(reply.status == 200)
            #expect(reply.keys == ["email", "kind", "needConfirmation", "providerId"])
            #expect(reply.bool("needConfirmation") == true)
            #expect(reply.string("email") == "jane.appleseed@gmail.com")
            #expect(reply.string("providerId") == "google.com")
        }
        #expect(try harness.service.snapshot() == before)
        // Without email enumeration protection, the answer names the account and the providers it signs in with.
        harness.service.updateProjectSettings { $0.emailEnumerationProtection = false }
        let told = harness.signInWithIdp([("providerId", "google.com"), ("id_token", token)])
        let owner = try #require(try harness.service.accounts(uids: [], emails: ["jane.appleseed@gmail.com"]).first)
        #expect(told.string("localId") == owner.uid, "\(told.text)")
        #expect(told.json["verifiedProvider"] as? [String] == [], "a password is no verified provider")
        #expect(told.string("idToken") == nil)
    }

    @Test("linking Google to a signed-in account keeps its uid and adds the provider")
    func linkGoogle() throws {
        let harness = FaceHarness()
        let created = harness.signUp()
        let linked = harness.googleSignIn("sam.rivera@gmail.com", extra: ["idToken": created.string("idToken") ?? ""])
        #expect(linked.status == 200)
        #expect(linked.string("localId") == created.string("localId"))
        #expect(linked.bool("isNewUser") == false)
        let account = try #require(try harness.service.account(uid: created.string("localId") ?? ""))
        #expect(account.providerIds == ["password", "google.com"])
        #expect(
            linked.string("federatedId") == "https://accounts.google.com/\(account.providerUserIds["google.com"] ?? "")"
        )

        // The same Google account again: with returnIdpCredential, Firebase's 200 that says it is linked already,
        // with no session; without, the error.
        let renewed = try #require(linked.string("idToken"))
        let again = harness.googleSignIn(
            "sam.rivera@gmail.com", extra: ["idToken": renewed, "returnIdpCredential": true])
        #expect(
            again.status == 200 && again.string("errorMessage") == "FEDERATED_USER_ID_ALREADY_LINKED", "\(again.text)")
        #expect(
            again.string("localId") == nil && again.string("refreshToken") == nil && again.string("oauthIdToken") != nil
        )
        let refused = harness.googleSignIn(
            "sam.rivera@gmail.com", extra: ["idToken": renewed, "returnIdpCredential": false])
        #expect(refused.errorCode == "PROVIDER_ALREADY_LINKED", "\(refused.text)")
    }

    @Test("a postBody's user that is not a JSON object is INVALID_JSON")
    func malformedAppleUser() throws {
        let harness = FaceHarness()
        let token = try #require(harness.appleAuthorization(rawNonce: Self.rawNonce).string("identityToken"))
        let reply = harness.signInWithIdp([
            ("providerId", "apple.com"), ("id_token", token), ("nonce", Self.rawNonce), ("user", "{not json"),
        ])
        #expect(reply.status == 400)
        #expect(reply.errorCode == "INVALID_JSON")
    }
}
