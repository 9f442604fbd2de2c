import SignInCrypto
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

/// The public keys of the ID tokens, where Google publishes Firebase's: a backend fetches them to verify the tokens
/// the production way (RS256, `kid`, `iss`, `aud`). With HS256 tokens (the backend's default) there is none to publish.
extension EmbeddedHTTPFace {
    /// The identity services whose keys are published: the project's and each tenant's (a tenant is a backend of its
    /// own, with keys of its own, all under the one URL, as Firebase's tenants share Google's).
    private var signingServices: [EmbeddedIdentityService] {
        [service] + (tenants?.all().map(\.backend.identityService) ?? [])
    }

    /// `GET …/jwk/securetoken@system.gserviceaccount.com`: `{"keys": [JWK]}`.
    func sessionKeySet() throws(HTTPFaceError) -> JSONValue {
        let keys = try core { () throws(IdentityBackendError) in
            var keys: [EmbeddedIdentityService.PublishedSessionKey] = []
            for service in signingServices { keys += try service.publishedSessionKeys() }
            return keys
        }
        return .object([
            "keys": .array(
                keys.map { published in
                    .object([
                        "kty": "RSA", "alg": "RS256", "use": "sig", "kid": .string(published.kid),
                        "n": .string(Base64URL.encode(published.key.modulus)),
                        "e": .string(Base64URL.encode(published.key.exponent)),
                    ])
                })
        ])
    }

    /// `GET …/x509/securetoken@system.gserviceaccount.com`: `{kid: PEM certificate}`.
    func sessionCertificates() throws(HTTPFaceError) -> JSONValue {
        let certificates = try core { () throws(IdentityBackendError) in
            var certificates: [(kid: String, pem: String)] = []
            for service in signingServices { certificates += try service.publishedSessionCertificates() }
            return certificates
        }
        return .object(
            Dictionary(certificates.map { ($0.kid, JSONValue.string($0.pem)) }, uniquingKeysWith: { first, _ in first })
        )
    }

    /// `POST /emulator/v1/projects/{id}/sessionKeys:rotate`: a new key signs from now on; `{"kid"}`.
    func rotateSessionKeys() throws(HTTPFaceError) -> JSONValue {
        guard backend.configuration.sessionTokenAlgorithm == .rs256 else {
            throw HTTPFaceError("NOT_FOUND", status: 404, detail: "the ID tokens are HS256: there is no key to rotate")
        }
        let kid = try core { () throws(IdentityBackendError) in try service.rotateSessionSigningKey() }
        return .object(["kid": .string(kid)])
    }
}
