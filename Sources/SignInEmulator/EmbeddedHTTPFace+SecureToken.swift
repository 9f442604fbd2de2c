import SignInData
import SignInDomain
import SignInEmbeddedBackend

/// The Secure Token API (`/securetoken.googleapis.com/v1/token`): a refresh token for new tokens, in snake_case
/// as Google writes this API. The refresh token rotates in the core: the one sent stops working.
extension EmbeddedHTTPFace {
    func token(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        guard let grantType = try Self.either(fields, "grant_type", "grantType") else {
            throw HTTPFaceError("MISSING_GRANT_TYPE")
        }
        guard grantType == "refresh_token" else {
            throw HTTPFaceError("INVALID_GRANT_TYPE", detail: "grant_type must be refresh_token")
        }
        guard let refreshToken = try Self.either(fields, "refresh_token", "refreshToken") else {
            throw HTTPFaceError("MISSING_REFRESH_TOKEN")
        }
        let session = try core { () throws(IdentityBackendError) in
            try service.refreshSession(refreshToken: Secret(refreshToken))
        }
        return .object([
            "access_token": .string(session.idToken.value), "expires_in": .string(String(session.expiresIn)),
            "token_type": "Bearer", "refresh_token": .string(session.refreshToken.value),
            "id_token": .string(session.idToken.value), "user_id": .string(session.localId),
            "project_id": .string(projectID),
        ])
    }

    /// The field `name`, or else `alternative` (the camelCase spelling a JSON body may use).
    static func either(_ fields: RequestFields, _ name: String, _ alternative: String)
        throws(HTTPFaceError) -> String?
    {
        if let value = try fields.text(name) { return value }
        return try fields.text(alternative)
    }
}
