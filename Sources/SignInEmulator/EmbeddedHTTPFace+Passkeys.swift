import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore

/// Identity Platform's passkey endpoints (`/identitytoolkit.googleapis.com/v2/accounts/passkeyEnrollment:…` and
/// `passkeySignIn:…`), with WebAuthn's JSON forms of the options and responses: binary fields in base64url (padding
/// and the standard alphabet are taken too, as some clients send them). A response is read in either of the two
/// shapes clients send: the one Firebase's SDKs send (`id`, `response`, `clientDataJSON`, as WebAuthn's JSON has it)
/// and the one Identity Platform's published API describes (`credentialId`, `authenticatorAttestationResponse` or
/// `authenticatorAssertionResponse`, `clientDataJson`).
extension EmbeddedHTTPFace {
    /// `{"idToken"}` → `credentialCreationOptions`.
    func passkeyEnrollmentStart(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        let idToken = try Self.requiredIDToken(fields)
        let request = try core { () throws(IdentityBackendError) in try service.startPasskeyEnrollment(idToken: idToken)
        }
        return .object([
            "credentialCreationOptions": .object([
                "rp": .object(["id": .string(request.relyingPartyID), "name": .string(request.relyingPartyName)]),
                "user": .object([
                    "id": .string(Base64URL.encode(request.userID)), "name": .string(request.userName),
                    "displayName": .string(request.userDisplayName),
                ]),
                "challenge": .string(Base64URL.encode(request.challenge)),
                "pubKeyCredParams": .array([.object(["type": "public-key", "alg": .integer(-7)])]),
                "timeout": .integer(Int(backend.configuration.passkeys.challengeLifetime * 1000)),
                "attestation": "none",
                "authenticatorSelection": .object([
                    "residentKey": "required", "requireResidentKey": true,
                    "userVerification": .string(Self.userVerification(request.requiresUserVerification)),
                ]),
                "excludeCredentials": .array(
                    request.excludedCredentialIDs.map {
                        .object(["type": "public-key", "id": .string(Base64URL.encode($0))])
                    }),
            ])
        ])
    }

    /// `{"idToken", "name", "authenticatorRegistrationResponse": {"id", "response": {"clientDataJSON",
    /// "attestationObject"}}}` → the new tokens.
    func passkeyEnrollmentFinalize(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        let idToken = try Self.requiredIDToken(fields)
        let name = try fields.text("name") ?? ""
        guard let credential = try fields.object("authenticatorRegistrationResponse") else {
            throw HTTPFaceError("MISSING_AUTHENTICATOR_RESPONSE")
        }
        guard let response = try Self.object(credential, "response", or: "authenticatorAttestationResponse") else {
            throw HTTPFaceError("INVALID_ARGUMENT", detail: "authenticatorRegistrationResponse.response is missing")
        }
        let registration = PasskeyRegistration(
            credentialID: try Self.binary(credential, "id", or: "credentialId"),
            clientDataJSON: try Self.binary(response, "clientDataJSON", or: "clientDataJson"),
            attestationObject: try Self.binary(response, "attestationObject"))
        let session = try core { () throws(IdentityBackendError) in
            try service.finalizePasskeyEnrollment(idToken: idToken, registration: registration, name: name)
        }
        return Self.passkeyAnswer(session)
    }

    /// `{}` → `credentialRequestOptions`.
    func passkeySignInStart(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        _ = try fields.text("tenantId")
        let request = try core { () throws(IdentityBackendError) in try service.startPasskeySignIn() }
        return .object([
            "credentialRequestOptions": .object([
                "rpId": .string(request.relyingPartyID), "challenge": .string(Base64URL.encode(request.challenge)),
                "timeout": .integer(Int(backend.configuration.passkeys.challengeLifetime * 1000)),
                "userVerification": .string(Self.userVerification(request.requiresUserVerification)),
                "allowCredentials": .array([]),
            ])
        ])
    }

    /// `{"authenticatorAuthenticationResponse": {"id", "response": {"clientDataJSON", "authenticatorData",
    /// "signature", "userHandle"}}}` → the session's tokens. A passkey no account has is
    /// `PASSKEY_CREDENTIAL_NOT_FOUND`, as Firebase says it at a sign-in, whatever else the request lacks.
    func passkeySignInFinalize(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        guard let credential = try fields.object("authenticatorAuthenticationResponse") else {
            throw HTTPFaceError("MISSING_AUTHENTICATOR_RESPONSE")
        }
        guard let response = try Self.object(credential, "response", or: "authenticatorAssertionResponse") else {
            let credentialID = try Self.binary(credential, "id", or: "credentialId")
            guard try core({ () throws(IdentityBackendError) in try service.hasPasskey(credentialID: credentialID) })
            else { throw HTTPFaceError("PASSKEY_CREDENTIAL_NOT_FOUND") }
            throw HTTPFaceError("INVALID_ARGUMENT", detail: "authenticatorAuthenticationResponse.response is missing")
        }
        let userHandle = try response.text("userHandle").map { text throws(HTTPFaceError) in
            try Self.decodeBinary(text, "userHandle")
        }
        let assertion = PasskeyAssertion(
            credentialID: try Self.binary(credential, "id", or: "credentialId"),
            clientDataJSON: try Self.binary(response, "clientDataJSON", or: "clientDataJson"),
            authenticatorData: try Self.binary(response, "authenticatorData"),
            signature: try Self.binary(response, "signature"), userHandle: userHandle)
        let session = try core { () throws(IdentityBackendError) in
            do throws(IdentityBackendError) {
                return try service.finalizePasskeySignIn(assertion)
            } catch  where error.code == .passkeyNotFound {
                throw IdentityBackendError(.passkeyCredentialNotFound, message: error.message)
            }
        }
        return Self.passkeyAnswer(session)
    }

    // MARK: - Shapes

    /// The `passkeyInfo` of a stored account, for lookups.
    static func passkeyInfo(of account: EmbeddedAccount) -> JSONValue? {
        guard let passkeys = account.passkeys, !passkeys.isEmpty else { return nil }
        return .array(
            passkeys.map { .object(["name": .string($0.name), "credentialId": .string($0.credentialID)]) })
    }

    /// A finalize's answer: the account's id and the tokens.
    static func passkeyAnswer(_ session: BackendSessionResponse) -> JSONValue {
        .object([
            "localId": .string(session.localId), "idToken": .string(session.idToken.value),
            "refreshToken": .string(session.refreshToken.value), "expiresIn": .string(String(session.expiresIn)),
        ])
    }

    static func userVerification(_ required: Bool) -> String { required ? "required" : "preferred" }

    /// The object under `name`, or else under its other spelling `alternative`.
    static func object(_ fields: RequestFields, _ name: String, or alternative: String) throws(HTTPFaceError)
        -> RequestFields?
    {
        if let object = try fields.object(name) { return object }
        return try fields.object(alternative)
    }

    /// A required binary field, under `name` or its other spelling `alternative`.
    static func binary(_ fields: RequestFields, _ name: String, or alternative: String? = nil)
        throws(HTTPFaceError) -> [UInt8]
    {
        let other = try alternative.map { name throws(HTTPFaceError) in try fields.text(name) } ?? nil
        guard let text = try fields.text(name) ?? other else {
            throw HTTPFaceError("INVALID_ARGUMENT", detail: "\(name) is missing")
        }
        return try decodeBinary(text, name)
    }

    /// base64url, with or without padding; the standard alphabet too.
    static func decodeBinary(_ text: String, _ name: String) throws(HTTPFaceError) -> [UInt8] {
        let urlSafe = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        guard let bytes = Base64URLText.decode(urlSafe) else {
            throw HTTPFaceError("INVALID_ARGUMENT", detail: "\(name) is not base64url")
        }
        return Array(bytes)
    }
}
