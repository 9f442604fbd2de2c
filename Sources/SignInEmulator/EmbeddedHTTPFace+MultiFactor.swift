import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore

/// Identity Platform's multi-factor endpoints (`/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:…` and
/// `mfaSignIn:finalize`) for TOTP, and the answer of a first step that meets a second factor: `mfaPendingCredential`
/// and `mfaInfo` instead of tokens, as Firebase gives them.
extension EmbeddedHTTPFace {
    /// `{"idToken", "totpEnrollmentInfo": {}}` → `totpSessionInfo`.
    func mfaEnrollmentStart(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        let idToken = try Self.requiredIDToken(fields)
        guard try fields.object("totpEnrollmentInfo") != nil else {
            throw HTTPFaceError(
                "INVALID_ARGUMENT", detail: "only TOTP factors are offered: send an (empty) totpEnrollmentInfo")
        }
        let enrollment = try core { () throws(IdentityBackendError) in
            try service.startTOTPEnrollment(idToken: idToken)
        }
        return .object([
            "totpSessionInfo": .object([
                "sharedSecretKey": .string(enrollment.sharedSecretKey.value),
                "verificationCodeLength": .integer(enrollment.verificationCodeLength),
                "hashingAlgorithm": .string(Self.wireAlgorithm(enrollment.hashingAlgorithm)),
                "periodSec": .integer(enrollment.periodSec),
                "sessionInfo": .string(enrollment.sessionInfo.value),
                "finalizeEnrollmentTime": .string(Self.timestamp(enrollment.finalizeEnrollmentTime)),
            ])
        ])
    }

    /// `{"idToken", "displayName", "totpVerificationInfo": {"sessionInfo", "verificationCode"}}` → the new tokens.
    func mfaEnrollmentFinalize(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        let idToken = try Self.requiredIDToken(fields)
        let displayName = try fields.text("displayName")
        guard let verification = try fields.object("totpVerificationInfo") else {
            throw HTTPFaceError("INVALID_ARGUMENT", detail: "totpVerificationInfo is missing")
        }
        guard let sessionInfo = try verification.text("sessionInfo") else {
            throw HTTPFaceError("MISSING_SESSION_INFO")
        }
        guard let code = try verification.text("verificationCode") else { throw HTTPFaceError("MISSING_CODE") }
        let session = try core { () throws(IdentityBackendError) in
            try service.finalizeTOTPEnrollment(
                idToken: idToken, sessionInfo: Secret(sessionInfo), code: Secret(code), displayName: displayName)
        }
        // Firebase's answer has no recovery codes, and Firebase's clients have no way to use them: the face leaves
        // out those the first factor brings.
        return Self.finalizeAnswer(session.session)
    }

    /// `{"idToken", "mfaEnrollmentId"}` → the new tokens.
    func mfaEnrollmentWithdraw(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        let idToken = try Self.requiredIDToken(fields)
        guard let id = try fields.text("mfaEnrollmentId") else {
            throw HTTPFaceError("MFA_ENROLLMENT_NOT_FOUND", detail: "mfaEnrollmentId is missing")
        }
        let session = try core { () throws(IdentityBackendError) in
            try service.withdrawSecondFactor(idToken: idToken, enrollmentID: id)
        }
        return Self.finalizeAnswer(session)
    }

    /// `{"mfaPendingCredential", "mfaEnrollmentId", "totpVerificationInfo": {"verificationCode"}}` → the session's
    /// tokens.
    func mfaSignInFinalize(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        guard let pending = try fields.text("mfaPendingCredential") else {
            throw HTTPFaceError("MISSING_MFA_PENDING_CREDENTIAL")
        }
        guard let id = try fields.text("mfaEnrollmentId") else { throw HTTPFaceError("MISSING_MFA_ENROLLMENT_ID") }
        guard let code = try fields.object("totpVerificationInfo")?.text("verificationCode") else {
            throw HTTPFaceError("MISSING_CODE")
        }
        let session = try core { () throws(IdentityBackendError) in
            try service.finalizeSecondFactorSignIn(
                pendingCredential: Secret(pending), enrollmentID: id, code: Secret(code))
        }
        return Self.finalizeAnswer(session)
    }

    // MARK: - Shapes

    /// What a first step answers when the account has second factors: no tokens, the pending credential and the
    /// factors (`kind` and the route's own fields besides).
    static func secondFactorAnswer(_ challenge: BackendSecondFactorChallenge, _ base: [String: JSONValue])
        -> JSONValue
    {
        var object = base
        object["mfaPendingCredential"] = .string(challenge.pendingCredential.value)
        object["mfaInfo"] = .array(
            challenge.factors.map { mfaInfo(id: $0.mfaEnrollmentId, name: $0.displayName, enrolledAt: $0.enrolledAt) })
        object["email"] = challenge.email.map(JSONValue.string)
        return .object(object)
    }

    /// An `mfaInfo` entry: a TOTP factor (`totpInfo`), its id, its name and when it was enrolled.
    static func mfaInfo(id: String, name: String?, enrolledAt: Date) -> JSONValue {
        .object(omittingNil: [
            "mfaEnrollmentId": .string(id), "displayName": name.map(JSONValue.string),
            "enrolledAt": .string(timestamp(enrolledAt)), "totpInfo": .object([:]),
        ])
    }

    /// The `mfaInfo` of a stored account, for lookups.
    static func mfaInfo(of account: EmbeddedAccount) -> JSONValue? {
        guard let factors = account.secondFactors, !factors.isEmpty else { return nil }
        return .array(factors.map { mfaInfo(id: $0.id, name: $0.displayName, enrolledAt: $0.enrolledAt) })
    }

    /// Firebase's answer to the finalizing calls: the tokens only.
    static func finalizeAnswer(_ session: BackendSessionResponse) -> JSONValue {
        .object(["idToken": .string(session.idToken.value), "refreshToken": .string(session.refreshToken.value)])
    }

    /// The algorithm as Identity Platform names it (`HMAC_SHA1`).
    static func wireAlgorithm(_ algorithm: String) -> String {
        algorithm.hasPrefix("HMAC_") ? algorithm : "HMAC_" + algorithm
    }

    /// An RFC 3339 timestamp in UTC, as Google's APIs write them.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
