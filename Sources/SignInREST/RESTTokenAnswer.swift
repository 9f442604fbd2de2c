import SignInData

/// A login (or refresh) answer: `{"access_token", "token_type": "bearer", "expires_in"?, "refresh_token"?}`,
/// with the configured field names.
struct RESTTokenAnswer: Hashable, Sendable {
    /// The access token, sent as `Authorization: Bearer …`.
    var accessToken: String
    /// Seconds until the access token expires, if the answer says.
    var expiresIn: Int?
    /// The refresh token, if the API gave one.
    var refreshToken: String?

    /// Whether `object` is a token answer at all: it has an access token field.
    static func isPresent(in object: [String: JSONValue], fields: RESTBackendConfiguration.FieldNames) -> Bool {
        object[fields.accessToken] != nil
    }

    /// Reads the answer.
    /// - Throws: `INVALID_RESPONSE` when the access token is missing or empty, the token type is not `bearer`, or
    ///   the lifetime is not a number.
    init(_ object: [String: JSONValue], fields: RESTBackendConfiguration.FieldNames, call: RESTCall) throws {
        guard let accessToken = object[fields.accessToken]?.string, !accessToken.isEmpty else {
            throw IdentityBackendError.invalidResponse("the answer to \(call.name) has no \(fields.accessToken)")
        }
        if let type = object[fields.tokenType], type != .null {
            guard let text = type.string, text.lowercased() == "bearer" else {
                throw IdentityBackendError.invalidResponse(
                    "the answer to \(call.name) has a \(fields.tokenType) other than bearer")
            }
        }
        switch object[fields.expiresIn] {
        case nil, .null?:
            expiresIn = nil
        case let value?:
            guard let seconds = value.seconds else {
                throw IdentityBackendError.invalidResponse(
                    "the answer to \(call.name) has a \(fields.expiresIn) that is not a number of seconds")
            }
            expiresIn = max(0, seconds)
        }
        self.accessToken = accessToken
        refreshToken = object[fields.refreshToken]?.string.flatMap { $0.isEmpty ? nil : $0 }
    }
}
