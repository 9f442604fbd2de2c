import Foundation
public import SignInData
public import SignInDomain

// MARK: - Passkeys

/// Identity Platform's passkey endpoints (v2): `accounts/passkeyEnrollment:start` and `:finalize`,
/// `accounts/passkeySignIn:start` and `:finalize`; the passkeys are listed by `accounts:lookup` (`passkeyInfo`) and
/// removed by `accounts:update` (`deletePasskey`). Binary fields go out base64url without padding; answers may use
/// padding or the standard alphabet.
extension FirebaseIdentityBackend: PasskeyBackend {
    public func startPasskeyEnrollment(idToken: Secret) async throws -> PasskeyCreationRequest {
        let method = "accounts/passkeyEnrollment:start"
        let data = try await post(
            .identityToolkitV2, method, json: PasskeyWire.IDTokenRequest(idToken: idToken.value, tenantId: tenant),
            secrets: [idToken.value])
        let options = try Self.decode(PasskeyWire.EnrollmentStartAnswer.self, data, method: method)
            .credentialCreationOptions
        guard let challenge = PasskeyWire.bytes(options.challenge), !challenge.isEmpty,
            let userID = PasskeyWire.bytes(options.user.id), !userID.isEmpty, !options.rp.id.isEmpty
        else { throw Self.malformed(method) }
        return PasskeyCreationRequest(
            relyingPartyID: options.rp.id, relyingPartyName: options.rp.name ?? options.rp.id, userID: userID,
            userName: options.user.name ?? "", userDisplayName: options.user.displayName ?? options.user.name ?? "",
            challenge: challenge,
            excludedCredentialIDs: (options.excludeCredentials ?? []).compactMap(\.bytes),
            requiresUserVerification: options.authenticatorSelection?.userVerification == "required")
    }

    public func finalizePasskeyEnrollment(idToken: Secret, registration: PasskeyRegistration, name: String)
        async throws -> BackendSessionResponse
    {
        let request = PasskeyWire.EnrollmentFinalizeRequest(
            idToken: idToken.value, name: name,
            authenticatorRegistrationResponse: .init(
                id: PasskeyWire.text(registration.credentialID),
                response: .init(
                    clientDataJSON: PasskeyWire.text(registration.clientDataJSON),
                    attestationObject: PasskeyWire.text(registration.attestationObject))),
            tenantId: tenant)
        return try await tokens(
            "accounts/passkeyEnrollment:finalize", request, secrets: [idToken.value], provider: nil)
    }

    public func passkeys(idToken: Secret) async throws -> [Passkey] {
        (try await lookupUser(idToken: idToken).passkeyInfo ?? []).map { info in
            Passkey(id: info.credentialId, name: info.name ?? "")
        }
    }

    public func deletePasskey(idToken: Secret, credentialID: String) async throws -> BackendSessionResponse {
        let answer = try await signIn(
            "accounts:update",
            FirebaseWire.UpdateRequest(idToken: idToken.value, deletePasskey: [credentialID], tenantId: tenant),
            secrets: [idToken.value])
        return try await session(from: answer, isNewUser: false, provider: nil)
    }

    public func startPasskeySignIn() async throws -> PasskeyAssertionRequest {
        let method = "accounts/passkeySignIn:start"
        let data = try await post(
            .identityToolkitV2, method, json: PasskeyWire.SignInStartRequest(tenantId: tenant), secrets: [])
        let answer = try Self.decode(PasskeyWire.SignInStartAnswer.self, data, method: method)
        guard let options = answer.credentialRequestOptions ?? answer.options,
            let challenge = PasskeyWire.bytes(options.challenge), !challenge.isEmpty, let rpID = options.rpId,
            !rpID.isEmpty
        else { throw Self.malformed(method) }
        return PasskeyAssertionRequest(
            relyingPartyID: rpID, challenge: challenge,
            allowedCredentialIDs: (options.allowCredentials ?? []).compactMap(\.bytes),
            requiresUserVerification: options.userVerification == "required")
    }

    public func finalizePasskeySignIn(_ assertion: PasskeyAssertion) async throws -> BackendSessionResponse {
        let request = PasskeyWire.SignInFinalizeRequest(
            authenticatorAuthenticationResponse: .init(
                id: PasskeyWire.text(assertion.credentialID),
                response: .init(
                    clientDataJSON: PasskeyWire.text(assertion.clientDataJSON),
                    authenticatorData: PasskeyWire.text(assertion.authenticatorData),
                    signature: PasskeyWire.text(assertion.signature),
                    userHandle: assertion.userHandle.map(PasskeyWire.text))),
            tenantId: tenant)
        return try await tokens(
            "accounts/passkeySignIn:finalize", request, secrets: [], provider: ProviderType.passkey.rawValue)
    }
}

/// The passkey endpoints' JSON.
enum PasskeyWire {
    /// Bytes as the requests carry them: base64url without padding.
    static func text(_ bytes: [UInt8]) -> String { Base64URLText.encode(Data(bytes)) }

    /// Bytes from an answer: base64url, or the standard alphabet, with or without padding.
    static func bytes(_ text: String) -> [UInt8]? {
        let urlSafe = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        return Base64URLText.decode(urlSafe).map(Array.init)
    }

    struct IDTokenRequest: Encodable {
        var idToken: String
        var tenantId: String?
    }

    struct SignInStartRequest: Encodable {
        var tenantId: String?
    }

    struct Entity: Decodable {
        var id: String
        var name: String?
        var displayName: String?
    }

    /// A credential named in the options: `id` in WebAuthn's JSON, `credentialId` in Identity Platform's API.
    struct CredentialDescriptor: Decodable {
        var id: String?
        var credentialId: String?

        var bytes: [UInt8]? { (id ?? credentialId).flatMap(PasskeyWire.bytes) }
    }

    struct EnrollmentStartAnswer: Decodable {
        struct Options: Decodable {
            struct Selection: Decodable {
                var userVerification: String?
            }
            var rp: Entity
            var user: Entity
            var challenge: String
            var excludeCredentials: [CredentialDescriptor]?
            var authenticatorSelection: Selection?
        }
        var credentialCreationOptions: Options
    }

    struct SignInStartAnswer: Decodable {
        struct Options: Decodable {
            var rpId: String?
            var challenge: String
            var allowCredentials: [CredentialDescriptor]?
            var userVerification: String?
        }
        /// Identity Platform's name; early SDKs read `options`.
        var credentialRequestOptions: Options?
        var options: Options?
    }

    struct EnrollmentFinalizeRequest: Encodable {
        struct Credential: Encodable {
            struct Response: Encodable {
                var clientDataJSON: String
                var attestationObject: String
            }
            var id: String
            var response: Response
        }
        var idToken: String
        var name: String
        var authenticatorRegistrationResponse: Credential
        var tenantId: String?
    }

    struct SignInFinalizeRequest: Encodable {
        struct Credential: Encodable {
            struct Response: Encodable {
                var clientDataJSON: String
                var authenticatorData: String
                var signature: String
                var userHandle: String?
            }
            var id: String
            var response: Response
        }
        var authenticatorAuthenticationResponse: Credential
        var tenantId: String?
    }
}
