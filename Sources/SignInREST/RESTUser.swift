import Foundation
import SignInData

/// The user object of `GET auth/me` (and of the sign-up answer): `{"id": 1, "email": "…", "created_at": "…"}`,
/// with the configured field names.
struct RESTUser: Hashable, Sendable {
    /// The id, as a string (`1` becomes `"1"`; a UUID stays as it is).
    var id: String
    /// The email.
    var email: String?
    /// The creation date, if the object has one.
    var createdAt: Date?

    /// Whether `object` is a user object at all: it has an id field.
    static func isPresent(in object: [String: JSONValue], fields: RESTBackendConfiguration.FieldNames) -> Bool {
        object[fields.userID] != nil
    }

    /// Reads the object.
    /// - Throws: `INVALID_RESPONSE` when the id is missing or neither a whole number nor a non-empty string, or the
    ///   creation date is not an ISO 8601 date-time ``ISO8601DateParser`` reads.
    init(_ object: [String: JSONValue], fields: RESTBackendConfiguration.FieldNames, call: RESTCall) throws {
        switch object[fields.userID] {
        case .integer(let number)?:
            id = String(number)
        case .string(let text)? where !text.isEmpty && text.count <= 256:
            id = text
        default:
            throw IdentityBackendError.invalidResponse("the answer to \(call.name) has no usable \(fields.userID)")
        }
        email = object[fields.userEmail]?.string.flatMap { $0.isEmpty ? nil : $0 }
        guard let createdAtField = fields.userCreatedAt else { return }
        switch object[createdAtField] {
        case nil, .null?:
            createdAt = nil
        case .string(let text)?:
            guard let date = ISO8601DateParser.date(from: text) else {
                throw IdentityBackendError.invalidResponse(
                    "the answer to \(call.name) has a \(createdAtField) that is not an ISO 8601 date-time: "
                        + "\"\(text.prefix(40))\"")
            }
            createdAt = date
        case _?:
            throw IdentityBackendError.invalidResponse(
                "the answer to \(call.name) has a \(createdAtField) that is not a string")
        }
    }
}
