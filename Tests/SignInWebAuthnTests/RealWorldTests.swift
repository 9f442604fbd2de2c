import SignInCrypto
import Testing

@testable import SignInWebAuthn

/// Responses made by real browsers and authenticators, from the test suite of duo-labs/py_webauthn
/// (`tests/test_verify_registration_response.py`, `tests/test_verify_authentication_response.py`, BSD-3-Clause),
/// with the challenges, origins and relying party id they were made for.
@Suite("WebAuthn: real browsers' and authenticators' responses")
struct RealWorldTests {
    static let localhost = RelyingParty(
        id: "localhost", origins: ["https://foo.bar", "http://localhost:5000"], requiresUserVerification: false)

    static func bytes(_ base64url: String) throws -> [UInt8] {
        try #require(Base64URL.decode(base64url))
    }

    @Test("a none attestation of an ES256 credential verifies, with its id, key and counter")
    func noneRegistration() throws {
        let attestationObject = try Self.bytes(
            "o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YVjESZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2NFAAAAFwAAAAAAAAAAAAAAAAAAAAAAQP"
                + "ctcQPE5oNRRJk_nO_371mf7qE7qIodzr0eOf6ACvnMB1oQG165dqutoi1U44shGezu5_gkTjmOPeJO0N8a7P-lAQIDJiABIVggSFbUJF-42Ug3p"
                + "dM8rDRFu_N5oiVEysPDB6n66r_7dZAiWCDUVnB39FlGypL-qAoIO9xWHtJygo2jfDmHl-_eKFRLDA")
        let clientDataJSON = try Self.bytes(
            "eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoiVHdON240V1R5R0tMYzRaWS1xR3NGcUtuSE00bmdscXN5VjBJQ0psTjJUTzl"
                + "YaVJ5RnRya2FEd1V2c3FsLWdrTEpYUDZmbkYxTWxyWjUzTW00UjdDdnciLCJvcmlnaW4iOiJodHRwOi8vbG9jYWxob3N0OjUwMDAiLCJjcm9zc0"
                + "9yaWdpbiI6ZmFsc2V9")
        let challenge = try Self.bytes(
            "TwN7n4WTyGKLc4ZY-qGsFqKnHM4nglqsyV0ICJlN2TO9XiRyFtrkaDwUvsql-gkLJXP6fnF1MlrZ53Mm4R7Cvw")
        let registration = try Self.localhost.verifyRegistration(
            clientDataJSON: clientDataJSON, attestationObject: attestationObject, expectedChallenge: challenge)
        #expect(
            registration.credentialID
                == (try Self.bytes(
                    "9y1xA8Tmg1FEmT-c7_fvWZ_uoTuoih3OvR45_oAK-cwHWhAbXrl2q62iLVTjiyEZ7O7n-CROOY494k7Q3xrs_w")))
        #expect(
            registration.publicKey.encoded()
                == (try Self.bytes(
                    "pQECAyYgASFYIEhW1CRfuNlIN6XTPKw0RbvzeaIlRMrDwwep-uq_-3WQIlgg1FZwd_RZRsqS_qgKCDvcVh7ScoKNo3w5h5fv3ihUSww"
                )))
        #expect(registration.signCount == 23 && registration.attestationFormat == "none")
        #expect(registration.aaguid == [UInt8](repeating: 0, count: 16) && registration.userVerified)
        // Re-encoded canonically, the object is byte for byte what the authenticator and browser wrote.
        #expect(try AttestationObject(bytes: attestationObject).encoded() == attestationObject)
        #expect(throws: WebAuthnFailure.rpIDMismatch) {
            var other = Self.localhost
            other.id = "example.com"
            _ = try other.verifyRegistration(
                clientDataJSON: clientDataJSON, attestationObject: attestationObject, expectedChallenge: challenge)
        }
    }

    /// A YubiKey's packed attestation with its certificate chain (x5c).
    @Test("a YubiKey's packed attestation with a certificate chain is unsupported")
    func packedWithCertificate() throws {
        let attestationObject = try Self.bytes(
            "o2NmbXRmcGFja2VkZ2F0dFN0bXSjY2FsZyZjc2lnWEcwRQIhAOfrFlQpbavT6dJeTDJSCDzYSYPjBDHli2-syT2c1IiKAiAx5gQ2z5cHjdQX-jE"
                + "HTb7JcjfQoVSW8fXszF5ihSgeOGN4NWOBWQLBMIICvTCCAaWgAwIBAgIEKudiYzANBgkqhkiG9w0BAQsFADAuMSwwKgYDVQQDEyNZdWJpY28gVT"
                + "JGIFJvb3QgQ0EgU2VyaWFsIDQ1NzIwMDYzMTAgFw0xNDA4MDEwMDAwMDBaGA8yMDUwMDkwNDAwMDAwMFowbjELMAkGA1UEBhMCU0UxEjAQBgNVB"
                + "AoMCVl1YmljbyBBQjEiMCAGA1UECwwZQXV0aGVudGljYXRvciBBdHRlc3RhdGlvbjEnMCUGA1UEAwweWXViaWNvIFUyRiBFRSBTZXJpYWwgNzE5"
                + "ODA3MDc1MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEKgOGXmBD2Z4R_xCqJVRXhL8Jr45rHjsyFykhb1USGozZENOZ3cdovf5Ke8fj2rxi5tJ"
                + "Gn_VnW4_6iQzKdIaeP6NsMGowIgYJKwYBBAGCxAoCBBUxLjMuNi4xLjQuMS40MTQ4Mi4xLjEwEwYLKwYBBAGC5RwCAQEEBAMCBDAwIQYLKwYBBA"
                + "GC5RwBAQQEEgQQbUS6m_bsLkm5MAyP6SDLczAMBgNVHRMBAf8EAjAAMA0GCSqGSIb3DQEBCwUAA4IBAQByV9A83MPhFWmEkNb4DvlbUwcjc9nmR"
                + "zJjKxHc3HeK7GvVkm0H4XucVDB4jeMvTke0WHb_jFUiApvpOHh5VyMx5ydwFoKKcRs5x0_WwSWL0eTZ5WbVcHkDR9pSNcA_D_5AsUKOBcbpF5nkd"
                + "VRxaQHuuIuwV4k1iK2IqtMNcU8vL6w21U261xCcWwJ6sMq4zzVO8QCKCQhsoIaWrwz828GDmPzfAjFsJiLJXuYivdHACkeJ5KHMt0mjVLpfJ2BC"
                + "ML7_rgbmvwL7wBW80VHfNdcKmKjkLcpEiPzwcQQhiN_qHV90t-p4iyr5xRSpurlP5zic2hlRkLKxMH2_kRjhqSn4aGF1dGhEYXRhWMRJlg3liA6M"
                + "aHQ0Fw9kdmBbj-SuuaKGMseZXPO6gx2XY0UAAAA0bUS6m_bsLkm5MAyP6SDLcwBAsyGQPDZRUYdb4m3rdWeyPaIMYlbmydGp1TP_33vE_lqJ3PH"
                + "NyTd0iKsnKr5WjnCcBzcesZrDEfB_RBLFzU3k46UBAgMmIAEhWCBAX_i3O3DvBnkGq_uLNk_PeAX5WwO_MIxBp0mhX6Lw7yJYIOW-1-Fch829McW"
                + "vRUYAHTWZTx5IycKSGECL1UzUaK_8")
        let clientDataJSON = try Self.bytes(
            "eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoiOExCQ2lPWTNxMWNCWkhGQVd0UzRBWlpDaHpHcGh5NjdsSzdJNzB6S2k0eUM"
                + "3cGdyUTJQY2g3bkFqTGsxd3E5Z3Jlc2hJQXNXMkFqaWJoWGpqSTBUbVEiLCJvcmlnaW4iOiJodHRwOi8vbG9jYWxob3N0OjUwMDAiLCJjcm9zc0"
                + "9yaWdpbiI6ZmFsc2V9")
        let challenge = try Self.bytes(
            "8LBCiOY3q1cBZHFAWtS4AZZChzGphy67lK7I70zKi4yC7pgrQ2Pch7nAjLk1wq9greshIAsW2AjibhXjjI0TmQ")
        // The CBOR itself is well formed and the CBOR decoder reads it; only the statement is refused.
        let decoded = try CBOR.decode(attestationObject)
        #expect(decoded.mapValue?[.text("fmt")] == .text("packed"))
        #expect(throws: WebAuthnFailure.unsupportedAttestation) {
            try Self.localhost.verifyRegistration(
                clientDataJSON: clientDataJSON, attestationObject: attestationObject, expectedChallenge: challenge)
        }
    }

    @Test("a browser's ES256 assertion verifies, and the same one again (counter not grown) is refused")
    func es256Assertion() throws {
        let credentialID = try Self.bytes(
            "EDx9FfAbp4obx6oll2oC4-CZuDidRVV4gZhxC529ytlnqHyqCStDUwfNdm1SNHAe3X5KvueWQdAX3x9R1a2b9Q")
        let authenticatorData = try Self.bytes("SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MBAAAATg")
        let clientDataJSON = try Self.bytes(
            "eyJjaGFsbGVuZ2UiOiJ4aTMwR1BHQUZZUnhWRHBZMXNNMTBEYUx6VlFHNjZudi1fN1JVYXpIMHZJMll2RzhMWWdERW52TjVmWlpOVnV2RUR1TWk5"
                + "dGUzVkxxYjQyTjBma0xHQSIsImNsaWVudEV4dGVuc2lvbnMiOnt9LCJoYXNoQWxnb3JpdGhtIjoiU0hBLTI1NiIsIm9yaWdpbiI6Imh0dHA6Ly"
                + "9sb2NhbGhvc3Q6NTAwMCIsInR5cGUiOiJ3ZWJhdXRobi5nZXQifQ")
        let signature = try Self.bytes(
            "MEUCIGisVZOBapCWbnJJvjelIzwpixxIwkjCCb5aCHafQu68AiEA88v-2pJNNApPFwAKFiNuf82-2hBxYW5kGwVweeoxCwo")
        let challenge = try Self.bytes(
            "xi30GPGAFYRxVDpY1sM10DaLzVQG66nv-_7RUazH0vI2YvG8LYgDEnvN5fZZNVuvEDuMi9te3VLqb42N0fkLGA")
        let publicKey = try COSEKey(
            encoded: try Self.bytes(
                "pQECAyYgASFYIIeDTe-gN8A-zQclHoRnGFWN8ehM1b7yAsa8I8KIvmplIlgg4nFGT5px8o6gpPZZhO01wdy9crDSA_Ngtkx0vGpvPHI"
            ))
        func verify(storedSignCount: UInt32, challenge: [UInt8] = challenge, requiresUV: Bool = false)
            throws(WebAuthnFailure) -> VerifiedAssertion
        {
            var rp = Self.localhost
            rp.requiresUserVerification = requiresUV
            return try rp.verifyAssertion(
                credentialID: credentialID, clientDataJSON: clientDataJSON, authenticatorData: authenticatorData,
                signature: signature, expectedChallenge: challenge, storedCredentialID: credentialID,
                publicKey: publicKey, storedSignCount: storedSignCount)
        }
        let result = try verify(storedSignCount: 77)
        #expect(result.newSignCount == 78 && !result.userVerified && !result.backedUp)
        #expect(throws: WebAuthnFailure.counterWentBack) { try verify(storedSignCount: 78) }
        #expect(throws: WebAuthnFailure.challengeMismatch) { try verify(storedSignCount: 77, challenge: [1]) }
        #expect(throws: WebAuthnFailure.userNotVerified) { try verify(storedSignCount: 77, requiresUV: true) }
    }

    @Test("a security key's RS256 key and an EdDSA (OKP) key are unsupported")
    func otherAlgorithms() throws {
        let rs256 = try Self.bytes(
            "pAEDAzkBACBZAQDfV20epzvQP-HtcdDpX-cGzdOxy73WQEvsU7Dnr9UWJophEfpngouvgnRLXaEUn_d8HGkp_HIx8rrpkx4BVs6X_B6ZjhLlezjId"
                + "JbLbVeb92BaEsmNn1HW2N9Xj2QM8cH-yx28_vCjf82ahQ9gyAr552Bn96G22n8jqFRQKdVpO-f-bvpvaP3IQ9F5LCX7CUaxptgbog1SFO6FI6ob"
                + "5SlVVB00lVXsaYg8cIDZxCkkENkGiFPgwEaZ7995SCbiyCpUJbMqToLMgojPkAhWeyktu7TlK6UBWdJMHc3FPAIs0lH_2_2hKS-mGI1uZAFVAfW"
                + "1X-mzKL0czUm2P1UlUox7IUMBAAE")
        let eddsa = try Self.bytes("pAEBAycgBiFYIMz6_SUFLiDid2Yhlq0YboyJ-CDrIrNpkPUGmJp4D3Dp")
        for key in [rs256, eddsa] {
            #expect(try CBOR.decode(key).mapValue != nil)
            #expect(throws: WebAuthnFailure.unsupportedAlgorithm) { try COSEKey(encoded: key) }
        }
    }
}
