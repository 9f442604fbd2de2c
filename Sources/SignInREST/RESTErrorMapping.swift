import Foundation
import FoundationEssentials
import SignInData
import SignInDomain

/// Turns an API's error answer into the ``SignInData/IdentityBackendError`` the Data layer's providers already
/// translate, by the call, the status code and, where one status means several things, the configured detail
/// texts.
///
/// | call | status | code |
/// |---|---|---|
/// | any | `429` | `TOO_MANY_ATTEMPTS_TRY_LATER` |
/// | any | `5xx` | `HTTP_<status>`, the detail kept |
/// | login | `400`, `401` | `INVALID_LOGIN_CREDENTIALS` (an unknown email and a wrong password alike) |
/// | login | `422` naming the email field | `INVALID_EMAIL`; otherwise `INVALID_LOGIN_CREDENTIALS` |
/// | sign-up | `409`; `400` with an ``RESTBackendConfiguration/DetailTexts/emailAlreadyRegistered`` text | `EMAIL_EXISTS` |
/// | sign-up, reset request | `422` naming the email field | `INVALID_EMAIL` |
/// | sign-up, reset | `422` naming a password field, or with a text detail | `PASSWORD_DOES_NOT_MEET_REQUIREMENTS` |
/// | reset | `400` with an ``RESTBackendConfiguration/DetailTexts/expiredResetCode`` text; `410` | `EXPIRED_OOB_CODE` |
/// | reset | `400` with an ``RESTBackendConfiguration/DetailTexts/invalidResetCode`` text; `404`; `422` naming the code | `INVALID_OOB_CODE` |
/// | me, delete, sign-out | `401` | `INVALID_ID_TOKEN` (the Domain refreshes once, or signs out) |
/// | me, delete | `404` | `USER_NOT_FOUND` |
/// | refresh | `400`, `401`, `403`, `404` | `INVALID_REFRESH_TOKEN` |
/// | anything else | | `HTTP_<status>`, the detail kept |
///
/// The message is the answer's detail, at most 300 characters, with every secret the request carried blanked out
/// (an API may quote the token or the password it refused).
enum RESTErrorMapping {
    /// The error `response` means for `call`.
    static func error(
        from response: HTTPResponse, call: RESTCall, configuration: RESTBackendConfiguration, secrets: [String]
    ) -> IdentityBackendError {
        let body = RESTErrorBody(response)
        let detail = redacted(body.detail, secrets: secrets)
        let code = code(status: response.status, body: body, call: call, configuration: configuration)
        let message: String
        if !detail.isEmpty {
            message = code == .http(response.status) ? "\(call.name) answered \(response.status): \(detail)" : detail
        } else if body.isHTML {
            message = "\(call.name) answered \(response.status) with an HTML page"
        } else {
            message = "\(call.name) answered \(response.status) with no detail"
        }
        return IdentityBackendError(code, message: message)
    }

    static func code(status: Int, body: RESTErrorBody, call: RESTCall, configuration: RESTBackendConfiguration)
        -> IdentityBackendError.Code
    {
        if status == 429 { return .tooManyAttempts }
        if status >= 500 { return .http(status) }
        let fields = configuration.fields
        let texts = configuration.detailTexts
        switch (call.operation, status) {
        case (.signIn, 400), (.signIn, 401):
            return .invalidLoginCredentials
        case (.signIn, 422):
            return body.names(fields.email) ? .invalidEmail : .invalidLoginCredentials
        case (.signUp, 409):
            return .emailExists
        case (.signUp, 400) where matches(body.detail, texts.emailAlreadyRegistered):
            return .emailExists
        case (.signUp, 422), (.forgotPassword, 422), (.resetPassword, 422):
            if body.names(fields.email) { return .invalidEmail }
            if body.names(fields.password) || body.names(fields.newPassword) {
                return .passwordDoesNotMeetRequirements
            }
            if call.operation == .resetPassword && body.names(fields.resetCode) { return .invalidOOBCode }
            return body.issues.isEmpty && call.operation != .forgotPassword
                ? .passwordDoesNotMeetRequirements : .http(status)
        case (.resetPassword, 400) where matches(body.detail, texts.expiredResetCode):
            return .expiredOOBCode
        case (.resetPassword, 400) where matches(body.detail, texts.invalidResetCode):
            return .invalidOOBCode
        case (.resetPassword, 404):
            return .invalidOOBCode
        case (.resetPassword, 410):
            return .expiredOOBCode
        case (.me, 401), (.deleteAccount, 401), (.signOut, 401):
            return .invalidIDToken
        case (.me, 404), (.deleteAccount, 404):
            return .userNotFound
        case (.refresh, 400), (.refresh, 401), (.refresh, 403), (.refresh, 404):
            return .invalidRefreshToken
        default:
            return .http(status)
        }
    }

    /// Whether `detail` contains any of `texts`, ignoring case.
    static func matches(_ detail: String, _ texts: [String]) -> Bool {
        texts.contains { !$0.isEmpty && detail.range(of: $0, options: .caseInsensitive) != nil }
    }

    /// The longest detail kept in a message.
    static let maximumDetailLength = 300

    /// `text` with every one of `secrets` (of 4 characters or more) replaced by `<redacted>`, then cut to
    /// ``maximumDetailLength`` characters: blanked out first, so that a cut never leaves part of a secret.
    static func redacted(_ text: String, secrets: [String]) -> String {
        var result = text
        for secret in secrets where secret.count >= 4 {
            result = result.replacingOccurrences(of: secret, with: Secret.redactedText)
        }
        return String(result.prefix(maximumDetailLength))
    }
}
