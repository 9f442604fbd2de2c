import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@testable import SignInFirebase

/// `credentialCreationOptions` as Identity Platform answers them, with the parts a test changes.
private func creationOptions(
    challenge: Any? = "-_8", userID: Any = "dXNlci0x", rpID: Any? = "example.com",
    userVerification: String? = "required"
) -> [String: Any] {
    var relyingParty: [String: Any] = ["name": "Example"]
    if let rpID { relyingParty["id"] = rpID }
    var options: [String: Any] = [
        "rp": relyingParty,
        "user": ["id": userID, "name": "jane@example.com", "displayName": "Jane Appleseed"],
        "pubKeyCredParams": [["type": "public-key", "alg": -7]],
        "excludeCredentials": [["type": "public-key", "id": "__79_A"]],
    ]
    if let challenge { options["challenge"] = challenge }
    if let userVerification {
        options["authenticatorSelection"] = ["residentKey": "required", "userVerification": userVerification]
    }
    return options
}

/// `credentialRequestOptions` as Identity Platform answers them, with the parts a test changes.
private func requestOptions(challenge: Any? = "-_8", rpID: Any? = "example.com") -> [String: Any] {
    var options: [String: Any] = [
        "allowCredentials": [["type": "public-key", "id": "AAECAwQ"]], "userVerification": "preferred",
    ]
    if let challenge { options["challenge"] = challenge }
    if let rpID { options["rpId"] = rpID }
    return options
}

/// Passkeys in Identity Platform's shapes: the v2 `passkeyEnrollment` and `passkeySignIn` calls, `passkeyInfo` of
/// `accounts:lookup`, and `deletePasskey` of `accounts:update`. Every answer comes from the transport double.
@Suite("Firebase passkeys")
struct FirebasePasskeyTests {
    /// `[0xFB, 0xFF]`: a value whose base64 differs between the alphabets and needs padding.
    static let challenge: [UInt8] = [0xFB, 0xFF]

    /// The v2 answer of a finalizing call, which has no `expiresIn`.
    static func finalized(uid: String, provider: String) -> Result<HTTPResponse, UnexpectedCallError> {
        Wire.ok(["idToken": Wire.idToken(uid: uid, provider: provider), "refreshToken": "refresh-\(uid)"])
    }

    // MARK: - Registering

    @Test("starting a registration is v2 passkeyEnrollment:start with the ID token; the options become the request")
    func startEnrollment() async throws {
        let spy = SpyHTTPTransport(responses: [Wire.ok(["credentialCreationOptions": creationOptions()])])
        let request = try await Wire.backend(spy).startPasskeyEnrollment(idToken: "id-1")
        let sent = try #require(await spy.requests.first)
        Wire.expectCall(sent, "accounts/passkeyEnrollment:start", version: "v2")
        let body = try Wire.json(sent)
        #expect(Set(body.keys) == ["idToken"] && body["idToken"] as? String == "id-1")
        #expect(
            request
                == PasskeyCreationRequest(
                    relyingPartyID: "example.com", relyingPartyName: "Example", userID: Array("user-1".utf8),
                    userName: "jane@example.com", userDisplayName: "Jane Appleseed", challenge: Self.challenge,
                    excludedCredentialIDs: [[0xFF, 0xFE, 0xFD, 0xFC]], requiresUserVerification: true))

        let tenantSpy = SpyHTTPTransport(responses: [
            Wire.ok(["credentialCreationOptions": creationOptions(userVerification: "discouraged")])
        ])
        let relaxed = try await Wire.backend(tenantSpy, tenant: "tenant-1").startPasskeyEnrollment(idToken: "id-1")
        let tenantBody = try Wire.json(try #require(await tenantSpy.requests.first))
        #expect(Set(tenantBody.keys) == ["idToken", "tenantId"] && tenantBody["tenantId"] as? String == "tenant-1")
        #expect(!relaxed.requiresUserVerification)
    }

    @Test(
        "answers may use either base64 alphabet, with or without padding",
        arguments: ["-_8", "-_8=", "+/8=", "+/8"])
    func alphabets(text: String) async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.ok(["credentialCreationOptions": creationOptions(challenge: text)]),
            Wire.ok(["credentialRequestOptions": requestOptions(challenge: text)]),
        ])
        let backend = Wire.backend(spy)
        #expect(try await backend.startPasskeyEnrollment(idToken: "id-1").challenge == Self.challenge)
        #expect(try await backend.startPasskeySignIn().challenge == Self.challenge)
    }

    /// An enrolment answer Identity Platform would not send.
    enum BadEnrollmentAnswer: CaseIterable, Sendable {
        case noChallenge, emptyChallenge, challengeNotBase64, challengeNotText, emptyUserID, noRelyingPartyID
        case emptyRelyingPartyID, optionsUnderAnotherKey, empty

        var json: [String: Any] {
            switch self {
            case .noChallenge: ["credentialCreationOptions": creationOptions(challenge: nil)]
            case .emptyChallenge: ["credentialCreationOptions": creationOptions(challenge: "")]
            case .challengeNotBase64: ["credentialCreationOptions": creationOptions(challenge: "***")]
            case .challengeNotText: ["credentialCreationOptions": creationOptions(challenge: 42)]
            case .emptyUserID: ["credentialCreationOptions": creationOptions(userID: "")]
            case .noRelyingPartyID: ["credentialCreationOptions": creationOptions(rpID: nil)]
            case .emptyRelyingPartyID: ["credentialCreationOptions": creationOptions(rpID: "")]
            case .optionsUnderAnotherKey: ["options": creationOptions()]
            case .empty: [:]
            }
        }
    }

    @Test(
        "an enrolment answer without a usable challenge, user id or relying party is an error, not a crash",
        arguments: BadEnrollmentAnswer.allCases)
    func malformedEnrollment(answer: BadEnrollmentAnswer) async {
        let spy = SpyHTTPTransport(responses: [Wire.ok(answer.json)])
        let error = await #expect(throws: IdentityBackendError.self) {
            _ = try await Wire.backend(spy).startPasskeyEnrollment(idToken: "id-1")
        }
        #expect(error?.code.rawValue == "INVALID_RESPONSE")
    }

    @Test("finishing a registration sends the device's answer base64url without padding, then looks the account up")
    func finalizeEnrollment() async throws {
        let spy = SpyHTTPTransport(responses: [
            Self.finalized(uid: "u1", provider: "password"),
            Wire.lookup(uid: "u1", email: "jane@example.com", providers: [("password", "jane@example.com")]),
        ])
        let registration = PasskeyRegistration(
            credentialID: Self.challenge, clientDataJSON: [0xFF, 0xFE, 0xFD, 0xFC],
            attestationObject: [0xFB, 0xEF, 0xBE])
        let session = try await Wire.backend(spy, tenant: "tenant-1").finalizePasskeyEnrollment(
            idToken: "id-1", registration: registration, name: "Laptop")
        #expect(session.localId == "u1" && session.refreshToken == "refresh-u1" && session.signInProvider == "password")
        let requests = await spy.requests
        try #require(requests.count == 2)
        Wire.expectCall(requests[0], "accounts/passkeyEnrollment:finalize", version: "v2")
        let body = try Wire.json(requests[0])
        #expect(Set(body.keys) == ["idToken", "name", "authenticatorRegistrationResponse", "tenantId"])
        #expect(body["idToken"] as? String == "id-1" && body["name"] as? String == "Laptop")
        #expect(body["tenantId"] as? String == "tenant-1")
        let credential = try #require(body["authenticatorRegistrationResponse"] as? [String: Any])
        #expect(Set(credential.keys) == ["id", "response"] && credential["id"] as? String == "-_8")
        let response = try #require(credential["response"] as? [String: String])
        #expect(response == ["clientDataJSON": "__79_A", "attestationObject": "----"])
        Wire.expectCall(requests[1], "accounts:lookup")
    }

    // MARK: - Listing and removing

    @Test("the passkeys are accounts:lookup's passkeyInfo; an account without any has none")
    func list() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.ok([
                "users": [
                    [
                        "localId": "u1",
                        "passkeyInfo": [["name": "Laptop", "credentialId": "-_8"], ["credentialId": "AAECAwQ"]],
                    ]
                ]
            ]),
            Wire.lookup(uid: "u1"),
        ])
        let backend = Wire.backend(spy)
        #expect(
            try await backend.passkeys(idToken: "id-1")
                == [Passkey(id: "-_8", name: "Laptop"), Passkey(id: "AAECAwQ", name: "")])
        #expect(try await backend.passkeys(idToken: "id-1").isEmpty)
        let sent = try #require(await spy.requests.first)
        Wire.expectCall(sent, "accounts:lookup")
        #expect(try Wire.json(sent)["idToken"] as? String == "id-1")
    }

    @Test("removing a passkey is accounts:update with deletePasskey, then the account's lookup")
    func delete() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.tokens(uid: "u1", provider: "password"), Wire.lookup(uid: "u1", email: "jane@example.com"),
        ])
        let session = try await Wire.backend(spy, tenant: "tenant-1").deletePasskey(
            idToken: "id-1", credentialID: "-_8")
        #expect(session.localId == "u1" && session.refreshToken == "refresh-u1")
        let sent = try #require(await spy.requests.first)
        Wire.expectCall(sent, "accounts:update")
        let body = try Wire.json(sent)
        #expect(Set(body.keys) == ["idToken", "deletePasskey", "returnSecureToken", "tenantId"])
        #expect(body["deletePasskey"] as? [String] == ["-_8"] && body["returnSecureToken"] as? Bool == true)
        #expect(body["idToken"] as? String == "id-1" && body["tenantId"] as? String == "tenant-1")
    }

    // MARK: - Signing in

    @Test("starting a sign-in is v2 passkeySignIn:start with nothing but the tenant; both option keys are read")
    func startSignIn() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.ok(["credentialRequestOptions": requestOptions()]),
            Wire.ok(["options": requestOptions(challenge: "AAECAwQ=")]),
        ])
        let request = try await Wire.backend(spy).startPasskeySignIn()
        #expect(
            request
                == PasskeyAssertionRequest(
                    relyingPartyID: "example.com", challenge: Self.challenge, allowedCredentialIDs: [[0, 1, 2, 3, 4]],
                    // "preferred" asks for verification where the device can; only "required" demands it.
                    requiresUserVerification: false))
        let older = try await Wire.backend(spy, tenant: "tenant-1").startPasskeySignIn()
        #expect(older.challenge == [0, 1, 2, 3, 4] && older.relyingPartyID == "example.com")
        let requests = await spy.requests
        Wire.expectCall(requests[0], "accounts/passkeySignIn:start", version: "v2")
        #expect(try Wire.json(requests[0]).isEmpty)
        let tenantBody = try Wire.json(requests[1])
        #expect(Set(tenantBody.keys) == ["tenantId"] && tenantBody["tenantId"] as? String == "tenant-1")
    }

    /// A sign-in answer Identity Platform would not send.
    enum BadSignInAnswer: CaseIterable, Sendable {
        case noChallenge, emptyChallenge, challengeNotBase64, noRelyingPartyID, emptyRelyingPartyID
        case optionsUnderAnotherKey, empty

        var json: [String: Any] {
            switch self {
            case .noChallenge: ["credentialRequestOptions": requestOptions(challenge: nil)]
            case .emptyChallenge: ["credentialRequestOptions": requestOptions(challenge: "")]
            case .challengeNotBase64: ["credentialRequestOptions": requestOptions(challenge: "%%%")]
            case .noRelyingPartyID: ["credentialRequestOptions": requestOptions(rpID: nil)]
            case .emptyRelyingPartyID: ["credentialRequestOptions": requestOptions(rpID: "")]
            case .optionsUnderAnotherKey: ["credentialCreationOptions": requestOptions()]
            case .empty: [:]
            }
        }
    }

    @Test(
        "a sign-in answer without a usable challenge or relying party is an error, not a crash",
        arguments: BadSignInAnswer.allCases)
    func malformedSignIn(answer: BadSignInAnswer) async {
        let spy = SpyHTTPTransport(responses: [Wire.ok(answer.json)])
        let error = await #expect(throws: IdentityBackendError.self) {
            _ = try await Wire.backend(spy).startPasskeySignIn()
        }
        #expect(error?.code.rawValue == "INVALID_RESPONSE")
    }

    @Test("finishing a sign-in sends the assertion base64url without padding; the session is the passkey's")
    func finalizeSignIn() async throws {
        let spy = SpyHTTPTransport(responses: [
            Self.finalized(uid: "u1", provider: "passkey"), Wire.lookup(uid: "u1", email: "jane@example.com"),
            Self.finalized(uid: "u1", provider: "passkey"), Wire.lookup(uid: "u1", email: "jane@example.com"),
        ])
        let assertion = PasskeyAssertion(
            credentialID: Self.challenge, clientDataJSON: [0xFF, 0xFE, 0xFD, 0xFC],
            authenticatorData: [0xFB, 0xEF, 0xBE],
            signature: [0xFA, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF], userHandle: Array("user-1".utf8))
        let session = try await Wire.backend(spy, tenant: "tenant-1").finalizePasskeySignIn(assertion)
        #expect(session.localId == "u1" && session.signInProvider == "passkey" && session.refreshToken == "refresh-u1")
        var requests = await spy.requests
        Wire.expectCall(requests[0], "accounts/passkeySignIn:finalize", version: "v2")
        let body = try Wire.json(requests[0])
        #expect(Set(body.keys) == ["authenticatorAuthenticationResponse", "tenantId"])
        let credential = try #require(body["authenticatorAuthenticationResponse"] as? [String: Any])
        #expect(Set(credential.keys) == ["id", "response"] && credential["id"] as? String == "-_8")
        #expect(
            credential["response"] as? [String: String] == [
                "clientDataJSON": "__79_A", "authenticatorData": "----", "signature": "-vv8_f7_",
                "userHandle": "dXNlci0x",
            ])

        // Without a user handle (a credential that is not discoverable), the field is left out; no tenant, no key.
        var anonymous = assertion
        anonymous.userHandle = nil
        _ = try await Wire.backend(spy).finalizePasskeySignIn(anonymous)
        requests = await spy.requests
        let plain = try Wire.json(requests[2])
        #expect(Set(plain.keys) == ["authenticatorAuthenticationResponse"])
        let response = (plain["authenticatorAuthenticationResponse"] as? [String: Any])?["response"] as? [String: Any]
        #expect(response.map { Set($0.keys) } == ["clientDataJSON", "authenticatorData", "signature"])
    }

    // MARK: - Refusals

    @Test("Identity Platform's refusals reach the Domain through the service, the reason of a refused proof kept")
    func refusals() async throws {
        let session = UserSession.fixture(
            uid: "u1", providerIds: [.emailPassword], tokens: .fixture(idToken: "id-secret-0123"),
            signInProvider: .emailPassword)
        let spy = SpyHTTPTransport(responses: [
            Wire.failure("INVALID_PASSKEY : badSignature: the signature does not verify"),
            Wire.failure("INVALID_PASSKEY : clonedAuthenticator: id-secret-0123 signed with counter 3"),
            Wire.failure("PASSKEY_ALREADY_EXISTS"), Wire.failure("CREDENTIAL_TOO_OLD_LOGIN_AGAIN"),
            Wire.failure("PASSKEY_NOT_FOUND"), Wire.failure("UNSUPPORTED_FIRST_FACTOR : guests have no passkeys"),
        ])
        let backend = Wire.backend(spy)
        let service = BackendPasskeyService(backend: backend)
        await #expect(throws: AuthError.passkeyRejected(.badSignature)) {
            _ = try await service.finishSignIn(.fixture())
        }
        // The backend's own error, read directly: the reason first, and the token it quoted blanked out.
        let quoted = await #expect(throws: IdentityBackendError.self) {
            _ = try await backend.finalizePasskeyEnrollment(
                idToken: "id-secret-0123", registration: .fixture(), name: "")
        }
        #expect(quoted?.passkeyRejection == .clonedAuthenticator)
        #expect(quoted.map { !String(describing: $0).contains("id-secret-0123") } == true)
        await #expect(throws: AuthError.passkeyAlreadyRegistered) {
            _ = try await service.finishRegistration(.fixture(), name: "Laptop", for: session)
        }
        await #expect(throws: AuthError.recentSignInRequired(.emailPassword)) {
            _ = try await service.startRegistration(for: session)
        }
        await #expect(throws: AuthError.passkeyNotFound) { _ = try await service.removePasskey(id: "k1", for: session) }
        await #expect(throws: AuthError.passkeyNeedsPermanentAccount) {
            _ = try await service.startRegistration(for: session)
        }
    }

    @Test("the capabilities offer passkeys")
    func offered() {
        #expect(Wire.backend(SpyHTTPTransport(status: 500)).capabilities.passkeys != nil)
        #expect(
            Wire.backend(SpyHTTPTransport(status: 500)).capabilities.features(
                sessions: .fixture(reportIssue: { _ in }), authProviders: []
            ).passkeys != nil)
    }

    @Test(
        "the wire's INVALID_PASSKEY names its reason first: read into the error's value; any other word is malformed",
        arguments: [
            (
                "INVALID_PASSKEY : clonedAuthenticator: the counter went from 9 to 3",
                PasskeyRejection?.some(.clonedAuthenticator)
            ),
            ("INVALID_PASSKEY : badSignature", .badSignature),
            ("INVALID_PASSKEY : sparkles: no such check", nil),
            ("INVALID_PASSKEY : clonedAuthenticatorish: a longer word", nil),
            ("INVALID_PASSKEY : ClonedAuthenticator: the wrong case", nil),
            ("INVALID_PASSKEY", nil),
            ("PASSKEY_NOT_FOUND : clonedAuthenticator: another code", nil),
        ])
    func wireReason(message: String, reason: PasskeyRejection?) async {
        let error = FirebaseIdentityBackend.error(fromMessage: message, secrets: [])
        #expect(error.passkeyRejection == reason)
        guard error.code == .invalidPasskey else { return }
        await #expect(throws: AuthError.passkeyRejected(reason ?? .malformed)) {
            _ = try await BackendPasskeyService(backend: SpyPasskeyBackend(failures: [error])).finishSignIn(.fixture())
        }
    }
}
