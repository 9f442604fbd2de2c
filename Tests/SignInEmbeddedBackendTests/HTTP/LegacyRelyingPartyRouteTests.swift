import Foundation
import SignInData
import SignInEmbeddedBackend
import SignInTesting
import Testing

@testable import SignInEmulator

/// The SDKs that predate Identity Toolkit v1 (Firebase's iOS SDK, pointed at an emulator) call
/// `/www.googleapis.com/identitytoolkit/v3/relyingparty/<name>`: each name is its v1 call, as Google's Auth emulator
/// rewrites it.
@Suite("EmbeddedHTTPFace: the iOS SDK's v3 relyingparty paths")
struct LegacyRelyingPartyRouteTests {
    let harness = FaceHarness()

    /// `POST /www.googleapis.com/identitytoolkit/v3/relyingparty/<name>?key=…` with a JSON body.
    func legacy(_ name: String, _ body: [String: Any], key: String? = FaceHarness.apiKey) -> Reply {
        harness.send(
            "POST", "/www.googleapis.com/identitytoolkit/v3/relyingparty/\(name)", key: key,
            body: FaceHarness.json(body), headers: ["Content-Type": "application/json"])
    }

    @Test("an account's life at the v3 paths: sign up, sign in, look up, update, reset the password, delete")
    func accountLife() throws {
        let email = "ios@example.com"
        let signedUp = legacy(
            "signupNewUser", ["email": email, "password": "ios password 1", "returnSecureToken": true])
        #expect(signedUp.status == 200, "\(signedUp.text)")
        #expect(signedUp.string("kind") == "identitytoolkit#SignupNewUserResponse")
        let uid = try #require(signedUp.string("localId"))

        let signedIn = legacy(
            "verifyPassword", ["email": email, "password": "ios password 1", "returnSecureToken": true])
        #expect(signedIn.status == 200 && signedIn.string("localId") == uid, "\(signedIn.text)")
        let idToken = try #require(signedIn.string("idToken"))

        let lookedUp = legacy("getAccountInfo", ["idToken": idToken])
        #expect(lookedUp.objects("users").first?["localId"] as? String == uid, "\(lookedUp.text)")
        let updated = legacy(
            "setAccountInfo", ["idToken": idToken, "displayName": "Ada", "returnSecureToken": true])
        #expect(updated.status == 200 && updated.string("displayName") == "Ada", "\(updated.text)")

        let sent = legacy("getOobConfirmationCode", ["requestType": "PASSWORD_RESET", "email": email])
        #expect(sent.status == 200 && sent.string("email") == email, "\(sent.text)")
        let codes = harness.call("GET", EmulatorRouteTests.oobCodesPath).objects("oobCodes")
        let code = try #require(codes.first?["oobCode"] as? String)
        let reset = legacy("resetPassword", ["oobCode": code, "newPassword": "ios password 2"])
        #expect(reset.status == 200 && reset.string("email") == email, "\(reset.text)")
        #expect(legacy("verifyPassword", ["email": email, "password": "ios password 1"]).status == 400)
        let again = legacy("verifyPassword", ["email": email, "password": "ios password 2", "returnSecureToken": true])
        #expect(again.status == 200, "\(again.text)")

        let deleted = legacy("deleteAccount", ["idToken": try #require(again.string("idToken"))])
        #expect(deleted.status == 200, "\(deleted.text)")
        #expect(legacy("verifyPassword", ["email": email, "password": "ios password 2"]).status == 400)
    }

    @Test("verifyAssertion is signInWithIdp and verifyCustomToken is signInWithCustomToken, with their answers")
    func identityProviderAndCustomToken() throws {
        let rawNonce = UUID().uuidString
        let google = harness.googleCredential(rawNonce: rawNonce)
        let body: [String: Any] = [
            "requestUri": "http://localhost", "returnSecureToken": true,
            "postBody": FaceHarness.form([
                ("providerId", "google.com"), ("id_token", google.string("idToken") ?? ""), ("nonce", rawNonce),
            ]),
        ]
        let assertion = legacy("verifyAssertion", body)
        #expect(assertion.status == 200 && assertion.string("providerId") == "google.com", "\(assertion.text)")
        #expect(assertion.string("kind") == "identitytoolkit#VerifyAssertionResponse")
        // The same nonce again is refused there as at the v1 path.
        #expect(legacy("verifyAssertion", body).errorCode == harness.accounts("signInWithIdp", body).errorCode)

        let token = try harness.service.mintCustomToken(uid: "ios-user")
        let custom = legacy("verifyCustomToken", ["token": token, "returnSecureToken": true])
        #expect(custom.status == 200 && custom.string("kind") == "identitytoolkit#VerifyCustomTokenResponse")
    }

    @Test("the v1 call's rules hold at the v3 path: the API key, the method, the refusals' codes")
    func rules() {
        #expect(
            legacy("signupNewUser", ["email": "a@example.com", "password": "long enough 1"], key: nil).status == 403)
        let get = harness.send("GET", "/www.googleapis.com/identitytoolkit/v3/relyingparty/verifyPassword")
        #expect(get.status == 405)
        let wrong = legacy("verifyPassword", ["email": "nobody@example.com", "password": "long enough 1"])
        let v1 = harness.accounts("signInWithPassword", ["email": "nobody@example.com", "password": "long enough 1"])
        #expect(wrong.status == v1.status && wrong.errorCode == v1.errorCode, "\(wrong.text)")
    }

    @Test("every legacy name is Google's emulator's, and a name it has no call for is 404, as an unknown v1 call is")
    func table() {
        #expect(FaceRoute.legacyRelyingPartyNames.count == 17)
        // downloadAccount is batchGet as a POST with a JSON body: a route of its own. publicKeys is the session
        // cookies' certificates, which are the ID tokens' here.
        #expect(
            FaceRoute(path: FaceRoute.legacyRelyingParty + "downloadAccount", method: "POST") == .adminDownloadAccount)
        #expect(FaceRoute(path: FaceRoute.legacyRelyingParty + "publicKeys", method: "GET") == .sessionCertificates)
        for (legacyName, v1) in FaceRoute.legacyRelyingPartyNames {
            let atV3 = FaceRoute(path: FaceRoute.legacyRelyingParty + legacyName, method: "POST")
            #expect(
                atV3 == FaceRoute(path: "/identitytoolkit.googleapis.com/v1/" + v1, method: "POST"), "\(legacyName)")
        }
        #expect(legacy("signOutUser", [:]).status == 404)
        #expect(legacy("noSuchCall", [:]).status == 404)
    }
}
