import Foundation
import SignInCrypto
import SignInTesting
import Testing

/// Identity Platform's multi-factor endpoints at the HTTP face, with raw requests in the shapes Firebase's SDKs send:
/// `v2/accounts/mfaEnrollment:start|finalize|withdraw`, `v2/accounts/mfaSignIn:finalize`, and the
/// `mfaPendingCredential` answer of a sign-in.
@Suite("Multi-factor routes")
struct MultiFactorRouteTests {
    let harness = FaceHarness()

    func v2(_ name: String, _ body: [String: Any], key: String? = FaceHarness.apiKey) -> Reply {
        harness.send(
            "POST", "/identitytoolkit.googleapis.com/v2/accounts/\(name)", key: key, body: FaceHarness.json(body),
            headers: ["Content-Type": "application/json"])
    }

    func code(_ secret: String, steps: Int = 0) -> String {
        let key = Base32.decode(secret) ?? []
        return OneTimeCodeGenerator.standard.code(
            secret: key, at: Int64(harness.clock.now().timeIntervalSince1970) + Int64(30 * steps))
    }

    /// An email account with a TOTP factor, enrolled over HTTP; its secret.
    func enrolled() throws -> String {
        let idToken = try #require(harness.signUp().string("idToken"))
        let start = v2("mfaEnrollment:start", ["idToken": idToken, "totpEnrollmentInfo": [String: Any]()])
        #expect(start.status == 200, "\(start.text)")
        let info = try #require(start.object("totpSessionInfo"))
        #expect(info["hashingAlgorithm"] as? String == "HMAC_SHA1")
        #expect(info["verificationCodeLength"] as? Int == 6 && info["periodSec"] as? Int == 30)
        #expect((info["finalizeEnrollmentTime"] as? String)?.hasSuffix("Z") == true)
        let secret = try #require(info["sharedSecretKey"] as? String)
        let finalize = v2(
            "mfaEnrollment:finalize",
            [
                "idToken": idToken, "displayName": "Phone",
                "totpVerificationInfo": [
                    "sessionInfo": info["sessionInfo"] as? String ?? "", "verificationCode": code(secret),
                ],
            ])
        #expect(finalize.status == 200, "\(finalize.text)")
        #expect(finalize.string("idToken") != nil && finalize.string("refreshToken") != nil)
        harness.clock.advance(by: 30)
        return secret
    }

    @Test("a password sign-in of an enrolled account answers 200 with the pending credential and mfaInfo, no tokens")
    func pendingCredential() throws {
        let secret = try enrolled()
        let answer = harness.accounts(
            "signInWithPassword",
            ["email": "jane@example.com", "password": "correct horse 1", "returnSecureToken": true])
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.string("idToken") == nil && answer.string("refreshToken") == nil)
        let pending = try #require(answer.string("mfaPendingCredential"))
        let info = try #require(answer.objects("mfaInfo").first)
        #expect(info["displayName"] as? String == "Phone" && info["totpInfo"] is [String: Any])
        let id = try #require(info["mfaEnrollmentId"] as? String)
        let finished = v2(
            "mfaSignIn:finalize",
            [
                "mfaPendingCredential": pending, "mfaEnrollmentId": id,
                "totpVerificationInfo": ["verificationCode": code(secret)],
            ])
        #expect(finished.status == 200, "\(finished.text)")
        let idToken = try #require(finished.string("idToken"))
        let lookup = harness.accounts("lookup", ["idToken": idToken])
        let user = try #require(lookup.objects("users").first)
        let factors = try #require(user["mfaInfo"] as? [[String: Any]])
        #expect(factors.count == 1 && factors[0]["mfaEnrollmentId"] as? String == id)
        #expect(!lookup.text.contains(secret), "no lookup carries the secret")
    }

    @Test("refusals carry Identity Platform's codes: a used or forged credential, a wrong code, a missing key")
    func refusals() throws {
        let secret = try enrolled()
        let answer = harness.accounts(
            "signInWithPassword", ["email": "jane@example.com", "password": "correct horse 1"])
        let pending = try #require(answer.string("mfaPendingCredential"))
        let id = try #require(answer.objects("mfaInfo").first?["mfaEnrollmentId"] as? String)
        func finalize(_ credential: String, _ code: String) -> Reply {
            v2(
                "mfaSignIn:finalize",
                [
                    "mfaPendingCredential": credential, "mfaEnrollmentId": id,
                    "totpVerificationInfo": ["verificationCode": code],
                ])
        }
        let wrong = finalize(pending, String(format: "%06d", (Int(code(secret))! + 1) % 1_000_000))
        #expect(wrong.status == 400 && wrong.errorCode == "INVALID_CODE", "\(wrong.text)")
        #expect(finalize("forged", code(secret)).errorCode == "INVALID_MFA_PENDING_CREDENTIAL")
        #expect(finalize(pending, code(secret)).status == 200)
        #expect(finalize(pending, code(secret, steps: 1)).errorCode == "INVALID_MFA_PENDING_CREDENTIAL")
        let noKey = v2("mfaEnrollment:start", ["idToken": "x", "totpEnrollmentInfo": [String: Any]()], key: nil)
        #expect(noKey.status == 400 || noKey.status == 403, "\(noKey.text)")
        let phone = v2("mfaEnrollment:start", ["idToken": "x", "phoneEnrollmentInfo": ["phoneNumber": "+15555550100"]])
        #expect(phone.status == 400 && phone.errorCode == "INVALID_ID_TOKEN", "\(phone.text)")
        let neither = v2("mfaEnrollment:start", ["idToken": "x"])
        #expect(neither.status == 400 && neither.errorCode == "INVALID_ARGUMENT", "\(neither.text)")
        #expect(harness.send("GET", "/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:finalize").status == 405)
        let start = harness.send("POST", "/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:start")
        #expect(start.status == 400 && start.errorCode == "INVALID_JSON", "no body: \(start.text)")
    }

    @Test("a Google sign-in of an enrolled account answers the pending credential too, and spends its nonce")
    func identityProvider() throws {
        let first = harness.googleSignIn(rawNonce: "nonce-a")
        let idToken = try #require(first.string("idToken"))
        let start = v2("mfaEnrollment:start", ["idToken": idToken, "totpEnrollmentInfo": [String: Any]()])
        let info = try #require(start.object("totpSessionInfo"))
        let secret = try #require(info["sharedSecretKey"] as? String)
        _ = v2(
            "mfaEnrollment:finalize",
            [
                "idToken": idToken,
                "totpVerificationInfo": [
                    "sessionInfo": info["sessionInfo"] as? String ?? "", "verificationCode": code(secret),
                ],
            ])
        let again = harness.googleSignIn(rawNonce: "nonce-b")
        #expect(again.status == 200 && again.string("mfaPendingCredential") != nil, "\(again.text)")
        #expect(again.string("idToken") == nil)
    }
}
