import Foundation
import SignInData

/// What an error answer says, in any of the shapes a REST API sends: FastAPI's `{"detail": "text"}`, its
/// validation list `{"detail": [{"loc": ["body", "email"], "msg": "…", "type": "…"}]}`, fastapi-users'
/// `{"detail": {"code": "…", "reason": "…"}}`, `{"message": "…"}` or `{"error": "…"}` from other frameworks, plain
/// text, an HTML error page from a proxy, or nothing.
///
/// Only the texts meant for people are kept (`msg`, never the `input` a validation error echoes); the mapping
/// blanks out secrets and then cuts the text to its length.
struct RESTErrorBody: Hashable, Sendable {
    /// One item of a validation list.
    struct Issue: Hashable, Sendable {
        /// Where the problem is (`["body", "email"]`), each part as text.
        var location: [String]
        /// The message.
        var message: String
        /// The error type (`value_error`, `string_too_short`).
        var type: String?
    }

    /// The text for people: the detail, the validation messages joined, or the plain-text body.
    var detail: String
    /// The validation list's items.
    var issues: [Issue]
    /// Whether the body is an HTML page (a proxy's or a web server's error page), which is not kept.
    var isHTML: Bool

    /// How much of a body that is not JSON is read, in bytes.
    static let maximumBodyRead = 4096

    /// Reads the body of `response`.
    init(_ response: HTTPResponse) {
        issues = []
        isHTML = false
        detail = ""
        switch try? JSONDecoder().decode(JSONValue.self, from: response.body) {
        case .object(let object)?:
            switch object["detail"] {
            case .string(let text)?:
                detail = text
            case .array(let items)?:
                issues = items.compactMap(Self.issue)
                detail = issues.map(Self.render).joined(separator: "; ")
            case .object(let fields)?:
                detail = ["code", "reason", "message", "msg"].compactMap { fields[$0]?.string }.joined(separator: ": ")
            default:
                detail = ["message", "error", "error_description"].lazy.compactMap { object[$0]?.string }.first ?? ""
            }
        case .string(let text)?:
            detail = text
        case _?:
            break
        case nil:
            let text = String(decoding: response.body.prefix(Self.maximumBodyRead), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let contentType = response.headers.first { $0.key.lowercased() == "content-type" }?.value.lowercased() ?? ""
            if contentType.contains("html") || text.hasPrefix("<") {
                isHTML = true
            } else {
                detail = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            }
        }
    }

    /// Whether any item's location names `field` (`["body", "email"]` names `email`).
    func names(_ field: String) -> Bool {
        issues.contains { $0.location.contains(field) }
    }

    private static func issue(_ value: JSONValue) -> Issue? {
        guard case .object(let fields) = value else { return nil }
        let location: [String]
        if case .array(let parts)? = fields["loc"] {
            location = parts.compactMap { part in
                switch part {
                case .string(let text): text
                case .integer(let number): String(number)
                default: nil
                }
            }
        } else {
            location = []
        }
        return Issue(location: location, message: fields["msg"]?.string ?? "", type: fields["type"]?.string)
    }

    /// `email: value is not a valid email address`: the location without FastAPI's `body`/`query`/`path` prefix.
    private static func render(_ issue: Issue) -> String {
        let parts =
            issue.location.first.map { ["body", "query", "path", "header"].contains($0) } == true
            ? Array(issue.location.dropFirst()) : issue.location
        return parts.isEmpty ? issue.message : "\(parts.joined(separator: ".")): \(issue.message)"
    }
}
