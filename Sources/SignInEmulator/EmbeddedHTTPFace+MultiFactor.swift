import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore

/// Identity Platform's multi-factor endpoints (`/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:…` and
/// `mfaSignIn:finalize`) for TOTP, and the answer of a first step that meets a second factor: `mfaPendingCredential`
/// and `mfaInfo` instead of tokens, as Firebase gives them.
extension EmbeddedHTTPFace {
    /// `{"idToken", "totpEnrollmentInfo": {}}` → `totpSessionInfo`; `{"idToken", "phoneEnrollmentInfo":
    /// {"phoneNumber"}}` → `phoneSessionInfo` (a code is sent to the number).
    func mfaEnrollmentStart(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        let idToken = try Self.requiredIDToken(fields)
        if let phone = try fields.object("phoneEnrollmentInfo") {
            guard let number = try phone.text("phoneNumber") else {
                throw HTTPFaceError("INVALID_PHONE_NUMBER", detail: "phoneNumber is missing")
            }
            let sessionInfo = try core { () throws(IdentityBackendError) in
                try service.startPhoneEnrollment(idToken: idToken, phoneNumber: number)
            }
            return .object(["phoneSessionInfo": .object(["sessionInfo": .string(sessionInfo.value)])])
        }
        guard try fields.object("totpEnrollmentInfo") != nil else {
            throw HTTPFaceError(
                "INVALID_ARGUMENT", detail: "send phoneEnrollmentInfo or an (empty) totpEnrollmentInfo")
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
        if let phone = try fields.object("phoneVerificationInfo") {
            guard let sessionInfo = try phone.text("sessionInfo") else { throw HTTPFaceError("MISSING_SESSION_INFO") }
            guard let code = try phone.text("code") else { throw HTTPFaceError("MISSING_CODE") }
            let session = try core { () throws(IdentityBackendError) in
                try service.finalizePhoneEnrollment(
                    idToken: idToken, sessionInfo: Secret(sessionInfo), code: Secret(code), displayName: displayName
                ).session
            }
            return Self.finalizeAnswer(session)
        }
        guard let verification = try fields.object("totpVerificationInfo") else {
            throw HTTPFaceError("INVALID_ARGUMENT", detail: "phoneVerificationInfo or totpVerificationInfo is missing")
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

    /// `{"mfaPendingCredential", "mfaEnrollmentId"}` for a phone factor → `phoneResponseInfo` (a code is sent to
    /// the factor's number). A TOTP factor needs no start.
    func mfaSignInStart(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        guard let pending = try fields.text("mfaPendingCredential") else {
            throw HTTPFaceError("MISSING_MFA_PENDING_CREDENTIAL")
        }
        guard let id = try fields.text("mfaEnrollmentId") else { throw HTTPFaceError("MISSING_MFA_ENROLLMENT_ID") }
        let sessionInfo = try core { () throws(IdentityBackendError) in
            try service.startPhoneSecondFactorSignIn(pendingCredential: Secret(pending), enrollmentID: id)
        }
        return .object(["phoneResponseInfo": .object(["sessionInfo": .string(sessionInfo.value)])])
    }

    /// `{"mfaPendingCredential", "mfaEnrollmentId", "totpVerificationInfo": {"verificationCode"}}`, or
    /// `{"mfaPendingCredential", "phoneVerificationInfo": {"sessionInfo", "code"}}` → the session's tokens.
    func mfaSignInFinalize(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        guard let pending = try fields.text("mfaPendingCredential") else {
            throw HTTPFaceError("MISSING_MFA_PENDING_CREDENTIAL")
        }
        if let phone = try fields.object("phoneVerificationInfo") {
            guard let sessionInfo = try phone.text("sessionInfo") else { throw HTTPFaceError("MISSING_SESSION_INFO") }
            guard let code = try phone.text("code") else { throw HTTPFaceError("MISSING_CODE") }
            let session = try core { () throws(IdentityBackendError) in
                try service.finalizePhoneSecondFactorSignIn(
                    pendingCredential: Secret(pending), sessionInfo: Secret(sessionInfo), code: Secret(code))
            }
            return Self.finalizeAnswer(session)
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
        // Before the second step the number is shown masked, as Firebase does: the user picks it, nobody learns it.
        object["mfaInfo"] = .array(
            challenge.factors.map {
                mfaInfo(
                    id: $0.mfaEnrollmentId, name: $0.displayName, enrolledAt: $0.enrolledAt,
                    phone: $0.phoneNumber.map { .masked($0) })
            })
        object["email"] = challenge.email.map(JSONValue.string)
        return .object(object)
    }

    /// How a phone factor's number is shown.
    enum ShownNumber {
        /// In full, with `unobfuscatedPhoneInfo` too: to the account's owner and its administrator.
        case full(String)
        /// Masked but for its last four digits (`+*******0100`): before the second step.
        case masked(String)
    }

    /// An `mfaInfo` entry: a TOTP factor (`totpInfo`) or a phone factor (`phoneInfo`), its id, its name and when it
    /// was enrolled.
    static func mfaInfo(id: String, name: String?, enrolledAt: Date, phone: ShownNumber? = nil) -> JSONValue {
        var object: [String: JSONValue] = [
            "mfaEnrollmentId": .string(id), "enrolledAt": .string(timestamp(enrolledAt)),
        ]
        object["displayName"] = name.map(JSONValue.string)
        switch phone {
        case nil: object["totpInfo"] = .object([:])
        case .full(let number):
            object["phoneInfo"] = .string(number)
            object["unobfuscatedPhoneInfo"] = .string(number)
        case .masked(let number):
            object["phoneInfo"] = .string(EmbeddedIdentityService.maskedPhoneNumber(number))
        }
        return .object(object)
    }

    /// The `mfaInfo` of a stored account, for lookups.
    static func mfaInfo(of account: EmbeddedAccount) -> JSONValue? {
        guard let factors = account.secondFactors, !factors.isEmpty else { return nil }
        return .array(
            factors.map {
                mfaInfo(
                    id: $0.id, name: $0.displayName, enrolledAt: $0.enrolledAt, phone: $0.phoneNumber.map { .full($0) })
            })
    }

    /// Firebase's answer to the finalizing calls: the tokens only.
    static func finalizeAnswer(_ session: BackendSessionResponse) -> JSONValue {
        .object(["idToken": .string(session.idToken.value), "refreshToken": .string(session.refreshToken.value)])
    }

    /// The algorithm as Identity Platform names it (`HMAC_SHA1`).
    static func wireAlgorithm(_ algorithm: String) -> String {
        algorithm.hasPrefix("HMAC_") ? algorithm : "HMAC_" + algorithm
    }

    /// An RFC 3339 timestamp in UTC with milliseconds, as Google's APIs write them (`2026-11-29T07:10:16.308Z`).
    static func timestamp(_ date: Date) -> String {
        // Rounded to the millisecond first, and nudged inside it, since formatting cuts the fraction short.
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        return Date(timeIntervalSince1970: milliseconds / 1000 + 0.0001).formatted(
            Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// The date of an RFC 3339 timestamp, with or without fractions of a second, or `nil`.
    static func date(rfc3339 text: String) -> Date? {
        (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
            ?? (try? Date(text, strategy: Date.ISO8601FormatStyle()))
    }
}
