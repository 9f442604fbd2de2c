import Foundation
import SignInCrypto
import SignInDomain
import SignInWebAuthn
import Testing

/// Identity Platform's passkey endpoints at the HTTP face, with raw requests: `v2/accounts/passkeyEnrollment:start|
/// finalize`, `v2/accounts/passkeySignIn:start|finalize`, `passkeyInfo` in lookups, `deletePasskey` in updates.
@Suite("Passkey routes")
struct PasskeyRouteTests {
    let harness = FaceHarness()

    func v2(_ name: String, _ body: [String: Any]) -> Reply {
        harness.send(
            "POST", "/identitytoolkit.googleapis.com/v2/accounts/\(name)", body: FaceHarness.json(body),
            headers: ["Content-Type": "application/json"])
    }

    func base64url(_ bytes: [UInt8]) -> String { Base64URL.encode(bytes) }

    /// The enrollment's options, as a device reads them.
    func creationRequest(_ idToken: String) throws -> PasskeyCreationRequest {
        let start = v2("passkeyEnrollment:start", ["idToken": idToken])
        #expect(start.status == 200, "\(start.text)")
        let options = try #require(start.object("credentialCreationOptions"))
        let rp = try #require(options["rp"] as? [String: Any])
        let user = try #require(options["user"] as? [String: Any])
        let params = try #require(options["pubKeyCredParams"] as? [[String: Any]])
        #expect(params.map { $0["alg"] as? Int } == [-7], "ES256 only")
        #expect((options["authenticatorSelection"] as? [String: Any])?["userVerification"] as? String == "required")
        let rpID = try #require(rp["id"] as? String)
        let userID = try #require((user["id"] as? String).flatMap { Base64URL.decode($0) })
        let challenge = try #require((options["challenge"] as? String).flatMap { Base64URL.decode($0) })
        return PasskeyCreationRequest(
            relyingPartyID: rpID, relyingPartyName: rp["name"] as? String ?? "", userID: userID,
            userName: user["name"] as? String ?? "", userDisplayName: user["displayName"] as? String ?? "",
            challenge: challenge)
    }

    /// `passkeyEnrollment:finalize` with `registration` (and a `name`), in Firebase's SDK shape.
    func finalizeEnrollment(_ idToken: String, _ registration: PasskeyRegistration, name: String? = nil) -> Reply {
        var body: [String: Any] = [
            "idToken": idToken,
            "authenticatorRegistrationResponse": [
                "id": base64url(registration.credentialID),
                "response": [
                    "clientDataJSON": base64url(registration.clientDataJSON),
                    "attestationObject": base64url(registration.attestationObject),
                ],
            ],
        ]
        body["name"] = name
        return v2("passkeyEnrollment:finalize", body)
    }

    func signInRequest() throws -> PasskeyAssertionRequest {
        let start = v2("passkeySignIn:start", [:])
        #expect(start.status == 200, "\(start.text)")
        let options = try #require(start.object("credentialRequestOptions"))
        #expect((options["allowCredentials"] as? [Any])?.isEmpty == true, "discoverable: no credential named")
        let rpID = try #require(options["rpId"] as? String)
        let challenge = try #require((options["challenge"] as? String).flatMap { Base64URL.decode($0) })
        return PasskeyAssertionRequest(relyingPartyID: rpID, challenge: challenge)
    }

    @Test("Firebase's SDK shape: register, see it in the lookup, sign in, delete it with accounts:update")
    func sdkShape() throws {
        let signUp = harness.signUp()
        let idToken = try #require(signUp.string("idToken"))
        var device = try TestAuthenticator()
        let registration = device.registration(try creationRequest(idToken))
        let finalize = finalizeEnrollment(idToken, registration, name: "Laptop")
        #expect(finalize.status == 200, "\(finalize.text)")
        let renewed = try #require(finalize.string("idToken"))
        let lookup = harness.accounts("lookup", ["idToken": renewed])
        let info = try #require(lookup.objects("users").first?["passkeyInfo"] as? [[String: Any]])
        #expect(info.first?["name"] as? String == "Laptop")
        #expect(info.first?["credentialId"] as? String == base64url(device.credentialID))

        device.counter = 1
        let assertion = try device.assertion(try signInRequest())
        let signIn = v2(
            "passkeySignIn:finalize",
            [
                "authenticatorAuthenticationResponse": [
                    "id": base64url(assertion.credentialID),
                    "response": [
                        "clientDataJSON": base64url(assertion.clientDataJSON),
                        "authenticatorData": base64url(assertion.authenticatorData),
                        "signature": base64url(assertion.signature),
                        "userHandle": base64url(Array((signUp.string("localId") ?? "").utf8)),
                    ],
                ]
            ])
        #expect(signIn.status == 200, "\(signIn.text)")
        #expect(signIn.string("localId") == signUp.string("localId"))

        let deleted = harness.accounts(
            "update", ["idToken": renewed, "deletePasskey": [base64url(device.credentialID)]])
        #expect(deleted.status == 200, "\(deleted.text)")
        device.counter = 2
        let again = try device.assertion(try signInRequest())
        let refused = v2(
            "passkeySignIn:finalize",
            [
                "authenticatorAuthenticationResponse": [
                    "id": base64url(again.credentialID),
                    "response": [
                        "clientDataJSON": base64url(again.clientDataJSON),
                        "authenticatorData": base64url(again.authenticatorData),
                        "signature": base64url(again.signature),
                    ],
                ]
            ])
        #expect(refused.errorCode == "PASSKEY_CREDENTIAL_NOT_FOUND", "\(refused.text)")
    }

    @Test("a sign-in naming a passkey nobody has is PASSKEY_CREDENTIAL_NOT_FOUND; deleting one not there keeps all")
    func unknownPasskeys() throws {
        let signUp = harness.signUp()
        let idToken = try #require(signUp.string("idToken"))
        let unknown = v2(
            "passkeySignIn:finalize",
            ["authenticatorAuthenticationResponse": ["id": base64url(Array(repeating: 7, count: 16))]])
        #expect(unknown.errorCode == "PASSKEY_CREDENTIAL_NOT_FOUND", "\(unknown.text)")

        let device = try TestAuthenticator()
        let registration = device.registration(try creationRequest(idToken))
        let finalize = finalizeEnrollment(idToken, registration)
        let renewed = try #require(finalize.string("idToken"), "\(finalize.text)")
        // A registered passkey's id alone proves nothing: the assertion is still required.
        let idOnly = v2(
            "passkeySignIn:finalize", ["authenticatorAuthenticationResponse": ["id": base64url(device.credentialID)]])
        #expect(idOnly.errorCode == "INVALID_ARGUMENT", "\(idOnly.text)")

        // Deleting a passkey the account does not have: the account as it is, its sessions and its passkey kept.
        let refreshToken = try #require(finalize.string("refreshToken"))
        let gone = harness.accounts("update", ["idToken": renewed, "deletePasskey": ["bm90LWhlcmU"]])
        #expect(gone.status == 200 && gone.string("idToken") == nil, "\(gone.text)")
        #expect(harness.token(form: "grant_type=refresh_token&refresh_token=\(refreshToken)").status == 200)
        let lookup = harness.accounts("lookup", ["idToken": renewed])
        #expect((lookup.objects("users").first?["passkeyInfo"] as? [[String: Any]])?.count == 1, "\(lookup.text)")
    }

    @Test("Identity Platform's published shape (credentialId, authenticator…Response, clientDataJson) is read too")
    func publishedShape() throws {
        let signUp = harness.signUp()
        let idToken = try #require(signUp.string("idToken"))
        let userHandle = Array((signUp.string("localId") ?? "").utf8)
        var device = try TestAuthenticator()
        let registration = device.registration(try creationRequest(idToken))
        let finalize = v2(
            "passkeyEnrollment:finalize",
            [
                "idToken": idToken,
                "authenticatorRegistrationResponse": [
                    "credentialId": base64url(registration.credentialID), "credentialType": "public-key",
                    "authenticatorAttestationResponse": [
                        "clientDataJson": base64url(registration.clientDataJSON),
                        "attestationObject": base64url(registration.attestationObject),
                    ],
                ],
            ])
        #expect(finalize.status == 200, "\(finalize.text)")
        device.counter = 1
        let assertion = try device.assertion(try signInRequest())
        let signIn = v2(
            "passkeySignIn:finalize",
            [
                "authenticatorAuthenticationResponse": [
                    "credentialId": base64url(assertion.credentialID),
                    "authenticatorAssertionResponse": [
                        "clientDataJson": base64url(assertion.clientDataJSON),
                        "authenticatorData": base64url(assertion.authenticatorData),
                        "signature": base64url(assertion.signature),
                        "userHandle": base64url(userHandle),
                    ],
                ]
            ])
        #expect(signIn.status == 200, "\(signIn.text)")
    }

    @Test("a refusal names its reason after the code, and hostile bodies get 400, never a crash")
    func refusals() throws {
        let idToken = try #require(harness.signUp().string("idToken"))
        var device = try TestAuthenticator()
        device.origin = "https://evil.example"
        let registration = device.registration(try creationRequest(idToken))
        let refused = finalizeEnrollment(idToken, registration)
        #expect(
            refused.status == 400 && refused.text.contains("INVALID_PASSKEY : wrongRelyingParty"), "\(refused.text)")
        for body: [String: Any] in [
            [:], ["authenticatorAuthenticationResponse": "x"],
            ["authenticatorAuthenticationResponse": ["id": "!!", "response": [:]]],
            [
                "authenticatorAuthenticationResponse": [
                    "id": "AAAA",
                    "response": ["clientDataJSON": "e30", "authenticatorData": "AA", "signature": "AA"],
                ]
            ],
        ] {
            #expect(v2("passkeySignIn:finalize", body).status == 400)
        }
        // No response at all is named as such, as Identity Platform names it; one without its parts is malformed.
        #expect(v2("passkeySignIn:finalize", [:]).errorCode == "MISSING_AUTHENTICATOR_RESPONSE")
        #expect(v2("passkeyEnrollment:finalize", ["idToken": idToken]).errorCode == "MISSING_AUTHENTICATOR_RESPONSE")
        let idOnly = v2(
            "passkeyEnrollment:finalize", ["idToken": idToken, "authenticatorRegistrationResponse": ["id": "c2Vl"]])
        #expect(idOnly.errorCode == "INVALID_ARGUMENT", "a credential id alone registers nothing: \(idOnly.text)")
    }
}
