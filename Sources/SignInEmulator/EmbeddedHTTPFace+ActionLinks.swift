import Foundation
import SignInData
import SignInEmbeddedBackend

/// Firebase's action links: where a mailed code is sent, as Firebase writes them
/// (`<handler>?mode=resetPassword&oobCode=…&apiKey=…&continueUrl=…&lang=…`), with this face's
/// `/emulator/action` as the handler, as Google's emulator does. Every client that reads Firebase's links finds the
/// code under `oobCode` and what it does under `mode`.
extension EmbeddedHTTPFace {
    /// The `requestType` values of Google's protocol buffers (`OobReqType`), for a request that sends the number.
    static let oobRequestTypes: [Int: String] = [
        1: "PASSWORD_RESET", 2: "OLD_EMAIL_AGREE", 3: "NEW_EMAIL_ACCEPT", 4: "VERIFY_EMAIL", 5: "RECOVER_EMAIL",
        6: "EMAIL_SIGNIN", 7: "VERIFY_AND_CHANGE_EMAIL", 8: "REVERT_SECOND_FACTOR_ADDITION",
    ]

    /// The `mode` of an action link for each purpose of a mailed code.
    static func actionMode(_ purpose: EmbeddedIdentityService.PendingMailedCode.Purpose) -> String {
        switch purpose {
        case .passwordReset: "resetPassword"
        case .verifyEmail: "verifyEmail"
        case .emailSignIn: "signIn"
        case .verifyAndChangeEmail: "verifyAndChangeEmail"
        case .recoverEmail: "recoverEmail"
        }
    }

    /// The link of a mailed code as Firebase's action link under `origin` (`http://host:port`), naming the tenant
    /// when the face is a tenant's.
    func actionLink(
        code: String, purpose: EmbeddedIdentityService.PendingMailedCode.Purpose, origin: String,
        continueURL: String? = nil
    ) -> String {
        var components = URLComponents(string: origin) ?? URLComponents()
        components.path = "/emulator/action"
        var items = [
            URLQueryItem(name: "mode", value: Self.actionMode(purpose)), URLQueryItem(name: "lang", value: "en"),
            URLQueryItem(name: "oobCode", value: code), URLQueryItem(name: "apiKey", value: "fake-api-key"),
        ]
        if let continueURL { items.append(URLQueryItem(name: "continueUrl", value: continueURL)) }
        if let tenant = backend.configuration.tenantID { items.append(URLQueryItem(name: "tenantId", value: tenant)) }
        components.queryItems = items
        // A `+` in a value is a space to a form decoder: written escaped, as Firebase's links do.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.string ?? origin
    }

    /// The link a client is shown for a mailed code: Firebase's action link with ``writesActionLinks``, else the
    /// backend's own.
    func shownLink(
        _ link: String, code: String, purpose: EmbeddedIdentityService.PendingMailedCode.Purpose, origin: String,
        continueURL: String? = nil
    ) -> String {
        writesActionLinks ? actionLink(code: code, purpose: purpose, origin: origin, continueURL: continueURL) : link
    }

    /// `http://host:port` of a request: the `Host` it was sent to (the server lets only a loopback name through),
    /// else its URL's.
    static func origin(of request: HTTPRequest) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]")
        if let host = request.headers.first(where: { $0.key.lowercased() == "host" })?.value, !host.isEmpty,
            host.count <= 255, host.allSatisfy(allowed.contains)
        {
            return "http://" + host
        }
        var components = URLComponents()
        components.scheme = request.url.scheme ?? "http"
        components.host = request.url.host
        components.port = request.url.port
        return components.string ?? "http://127.0.0.1"
    }
}
