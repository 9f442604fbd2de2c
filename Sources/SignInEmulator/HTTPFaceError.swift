import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend

/// An error the HTTP face answers, in Google's error envelope as the Firebase Auth emulator writes it:
///
/// ```json
/// {"error": {"code": 400, "message": "EMAIL_EXISTS : the email already belongs to an account",
///            "errors": [{"message": "…", "domain": "global", "reason": "invalid"}], "status": "INVALID_ARGUMENT"}}
/// ```
///
/// The code is the core's ``IdentityBackendError/Code``, as Firebase names it: the core's finer refusals of an
/// identity provider's token are Firebase's `INVALID_IDP_RESPONSE` (a bad signature, issuer, audience, expiry or
/// shape) and `MISSING_OR_INVALID_NONCE` (a nonce reused or not the token's), with the check named in the
/// detail; or one of the face's own (`MISSING_EMAIL`, `INVALID_JSON`, …). A detail never quotes the request: only the core's messages and the face's fixed texts
/// go in it, so that no token, password, nonce, code or API key sent in comes back out.
struct HTTPFaceError: Error, Hashable, Sendable {
    /// The HTTP status.
    var status: Int
    /// The Firebase error code, such as `EMAIL_EXISTS`.
    var code: String
    /// The developer-facing detail after ` : `; empty for none.
    var detail: String
    /// The detail Firebase itself writes for this refusal, kept where messages are otherwise the bare code; `nil`
    /// when Firebase writes the code alone.
    var bareDetail: String?

    /// The longest detail kept, in characters; a longer core message is cut.
    static let maximumDetailLength = 300

    /// An error of the face's own.
    init(_ code: String, status: Int = 400, detail: String = "", bareDetail: String? = nil) {
        self.status = status
        self.code = code
        self.bareDetail = bareDetail
        self.detail =
            detail.count <= Self.maximumDetailLength ? detail : String(detail.prefix(Self.maximumDetailLength))
    }

    /// The core's refusal, under Firebase's code for it: `500` for the backend's own failures (its storage, its
    /// keys, a damaged record), `400` for everything else.
    init(_ error: IdentityBackendError) {
        let internalCodes: Set<IdentityBackendError.Code> = [
            .storageUnavailable, .invalidKey, .damagedRecord, .signatureCheckUnavailable,
        ]
        let code = Self.firebaseCodes[error.code] ?? error.code
        let detail: String
        switch error.code {
        case .nonceAlreadyUsed: detail = "Duplicate credential received. Please try again with a new credential."
        // The reason travels first in the detail, where a client over HTTP reads it back.
        case .invalidPasskey where error.passkeyRejection != nil:
            detail = "\(error.passkeyRejection?.rawValue ?? ""): \(error.message)"
        case code: detail = error.message
        default: detail = "\(error.code.rawValue): \(error.message)"
        }
        // Firebase names the claim a refusal is about (`FORBIDDEN_CLAIM : sub`), and words a few refusals its own way:
        // the core's message for some (it writes Firebase's sentence), a fixed one for others.
        let bareDetail = Self.wordedByCore.contains(error.code) ? error.message : Self.firebaseDetails[error.code]
        self.init(
            code.rawValue, status: internalCodes.contains(error.code) ? 500 : 400, detail: detail,
            bareDetail: bareDetail)
    }

    /// The core's codes that Firebase does not have, and the code Firebase answers in their place.
    static let firebaseCodes: [IdentityBackendError.Code: IdentityBackendError.Code] = [
        .malformedIdToken: .invalidIdPResponse, .idTokenExpired: .invalidIdPResponse,
        .idTokenNotYetValid: .invalidIdPResponse, .invalidSignature: .invalidIdPResponse,
        .unsupportedAlgorithm: .invalidIdPResponse, .invalidIssuer: .invalidIdPResponse,
        .invalidAudience: .invalidIdPResponse, .nonceAlreadyUsed: .missingOrInvalidNonce,
        .nonceMismatch: .missingOrInvalidNonce,
    ]

    /// A body that is not a JSON object, or a field of the wrong type.
    /// The refusals whose core message is what Firebase writes after the code.
    static let wordedByCore: Set<IdentityBackendError.Code> = [
        .forbiddenClaim, .unverifiedEmail, .secondFactorExists, .unsupportedFirstFactor,
    ]

    /// Firebase's own words after the code, for the refusals it always explains the same way.
    static let firebaseDetails: [IdentityBackendError.Code: String] = [
        .invalidPhoneNumber: "Invalid format.", .invalidMFAPhoneNumber: "Invalid format.",
        .invalidMFAEnrollmentID: "mfaEnrollmentId must be defined.",
    ]

    static func invalidJSON(_ detail: String) -> HTTPFaceError {
        HTTPFaceError("INVALID_JSON", detail: detail)
    }

    /// `CODE` or `CODE : detail`, as Firebase's clients split it.
    var message: String {
        detail.isEmpty ? code : "\(code) : \(detail)"
    }

    /// The envelope's `status`: the canonical name of the HTTP status.
    var statusName: String {
        switch status {
        case 401: "UNAUTHENTICATED"
        case 403: "PERMISSION_DENIED"
        case 404: "NOT_FOUND"
        case 405: "UNIMPLEMENTED"
        case 500...: "INTERNAL"
        default: "INVALID_ARGUMENT"
        }
    }

    /// The response that carries the error; with `bare`, its message is the code alone, or with Firebase's own
    /// detail where it writes one.
    func response(bare: Bool = false) -> HTTPResponse {
        let message = bare ? bareDetail.map { "\(code) : \($0)" } ?? code : message
        let envelope: JSONValue = .object([
            "error": .object([
                "code": .integer(status),
                "message": .string(message),
                "errors": .array([.object(["message": .string(message), "domain": "global", "reason": "invalid"])]),
                "status": .string(statusName),
            ])
        ])
        return HTTPResponse(status: status, headers: EmbeddedHTTPFace.jsonHeaders, body: envelope.encoded)
    }
}
