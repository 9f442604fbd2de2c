import Foundation
import SignInDomain
import SignInInfrastructure
import Testing

/// The decisions behind `PlatformPasskeyAuthenticator`: Apple's passkey credentials become the Domain's, byte for
/// byte; an incomplete or unasked-for answer never reaches the backend; the user's cancel is an outcome, and only
/// `ASAuthorizationError`'s own cancel is one.
@Suite("PasskeyAuthorizationMapper: the platform authenticator's mapping")
struct PasskeyAuthenticatorMappingTests {
    static let domain = PasskeyAuthorizationFailure.authorizationErrorDomain
    // Computed, not stored: a `Data` held by a static of a test is reported by LeakSanitizer (CI runs it).
    static var credentialID: Data { Data([0x01, 0x02, 0x03, 0xfe]) }
    static var clientData: Data {
        Data(#"{"type":"webauthn.get","challenge":"AAEC","origin":"https://example.com"}"#.utf8)
    }
    static var authenticatorData: Data { Data(repeating: 0xa5, count: 37) }
    static var signature: Data { Data([0x30, 0x44, 0x02, 0x20]) }
    static var attestation: Data { Data([0xa3, 0x63, 0x66, 0x6d, 0x74]) }

    // MARK: - Registration

    @Test("a registration keeps the credential id, the client data and the attestation object byte for byte")
    func registration() throws {
        let result = PasskeyAuthorizationMapper.registration(
            credentialID: Self.credentialID, clientDataJSON: Self.clientData, attestationObject: Self.attestation)
        #expect(
            try PasskeyAuthorizationMapper.outcome(for: result)
                == .completed(
                    PasskeyRegistration(
                        credentialID: [0x01, 0x02, 0x03, 0xfe], clientDataJSON: Array(Self.clientData),
                        attestationObject: [0xa3, 0x63, 0x66, 0x6d, 0x74])))
    }

    @Test(
        "a registration missing a field is refused before the backend sees it",
        arguments: [
            (Data(), clientData, attestation, "credential id"),
            (credentialID, Data(), attestation, "client data"),
            (credentialID, clientData, nil, "attestation object"),
            (credentialID, clientData, Data(), "attestation object"),
        ] as [(Data, Data, Data?, String)])
    func incompleteRegistration(id: Data, clientData: Data, attestation: Data?, missing: String) {
        let result = PasskeyAuthorizationMapper.registration(
            credentialID: id, clientDataJSON: clientData, attestationObject: attestation)
        #expect(result == .failed(.unexpectedAnswer("the passkey registration has no \(missing)")))
        #expect(throws: AuthError.uiClientFailed(.passkey, reason: "the passkey registration has no \(missing)")) {
            try PasskeyAuthorizationMapper.outcome(for: result)
        }
    }

    // MARK: - Assertion

    @Test("an assertion keeps every field byte for byte, the user handle among them")
    func assertion() throws {
        let result = PasskeyAuthorizationMapper.assertion(
            credentialID: Self.credentialID, clientDataJSON: Self.clientData,
            authenticatorData: Self.authenticatorData, signature: Self.signature, userID: Data([0x00, 0x75, 0x69]))
        #expect(
            try PasskeyAuthorizationMapper.outcome(for: result)
                == .completed(
                    PasskeyAssertion(
                        credentialID: Array(Self.credentialID), clientDataJSON: Array(Self.clientData),
                        authenticatorData: Array(Self.authenticatorData), signature: Array(Self.signature),
                        userHandle: [0x00, 0x75, 0x69])))
    }

    @Test("an empty or missing user handle is no user handle", arguments: [nil, Data()] as [Data?])
    func noUserHandle(userID: Data?) {
        let result = PasskeyAuthorizationMapper.assertion(
            credentialID: Self.credentialID, clientDataJSON: Self.clientData,
            authenticatorData: Self.authenticatorData, signature: Self.signature, userID: userID)
        guard case .completed(let assertion) = result else {
            Issue.record("expected an assertion, got \(result)")
            return
        }
        #expect(assertion.userHandle == nil)
    }

    @Test(
        "an assertion missing a field is refused before the backend sees it",
        arguments: [
            (Data(), clientData, authenticatorData, signature, "credential id"),
            (credentialID, Data(), authenticatorData, signature, "client data"),
            (credentialID, clientData, nil, signature, "authenticator data"),
            (credentialID, clientData, Data(), signature, "authenticator data"),
            (credentialID, clientData, authenticatorData, nil, "signature"),
            (credentialID, clientData, authenticatorData, Data(), "signature"),
        ] as [(Data, Data, Data?, Data?, String)])
    func incompleteAssertion(id: Data, clientData: Data, authenticatorData: Data?, signature: Data?, missing: String) {
        let result = PasskeyAuthorizationMapper.assertion(
            credentialID: id, clientDataJSON: clientData, authenticatorData: authenticatorData, signature: signature,
            userID: Data([1]))
        #expect(throws: AuthError.uiClientFailed(.passkey, reason: "the passkey assertion has no \(missing)")) {
            try PasskeyAuthorizationMapper.outcome(for: result)
        }
    }

    @Test("a request that allowed some passkeys takes an answer from one of them only")
    func allowedCredentials() throws {
        func answer(allowed: [[UInt8]]) -> PasskeyAuthorizationResult<PasskeyAssertion> {
            PasskeyAuthorizationMapper.assertion(
                credentialID: Self.credentialID, clientDataJSON: Self.clientData,
                authenticatorData: Self.authenticatorData, signature: Self.signature, userID: nil,
                allowedCredentialIDs: allowed)
        }
        #expect(
            throws: AuthError.uiClientFailed(
                .passkey, reason: "the device signed with a passkey the request did not allow")
        ) {
            try PasskeyAuthorizationMapper.outcome(for: answer(allowed: [[0x09], [0x01, 0x02, 0x03]]))
        }
        guard
            case .completed = try PasskeyAuthorizationMapper.outcome(
                for: answer(allowed: [[0x09], [0x01, 0x02, 0x03, 0xfe]]))
        else {
            Issue.record("an allowed passkey's answer was refused")
            return
        }
        guard case .completed = try PasskeyAuthorizationMapper.outcome(for: answer(allowed: [])) else {
            Issue.record("no allowed list means any of the relying party's passkeys")
            return
        }
    }

    @Test("another kind of credential where a passkey was asked is a failure, not an empty passkey")
    func notAPasskey() {
        let result: PasskeyAuthorizationResult<PasskeyRegistration> = PasskeyAuthorizationMapper.notAPasskey(
            "registration")
        #expect(
            throws: AuthError.uiClientFailed(
                .passkey, reason: "the sheet answered with a credential that is not a passkey registration")
        ) {
            try PasskeyAuthorizationMapper.outcome(for: result)
        }
    }

    // MARK: - Errors

    @Test("the user's cancel (ASAuthorizationError 1001) is the cancelled outcome, not an error")
    func cancel() throws {
        let failure = PasskeyAuthorizationFailure(error: NSError(domain: Self.domain, code: 1001))
        #expect(failure == .canceled)
        let result = PasskeyAuthorizationResult<PasskeyAssertion>.failed(failure)
        #expect(try PasskeyAuthorizationMapper.outcome(for: result) == .cancelled)
    }

    @Test(
        "no passkey on the device, or none it can make, is noPasskeyAvailable",
        arguments: [1003, 1005, 1010])
    func noPasskey(code: Int) {
        let failure = PasskeyAuthorizationFailure(error: NSError(domain: Self.domain, code: code))
        #expect(failure == .noPasskey)
        #expect(throws: AuthError.noPasskeyAvailable) {
            try PasskeyAuthorizationMapper.outcome(for: PasskeyAuthorizationResult<PasskeyAssertion>.failed(failure))
        }
    }

    @Test(
        "iOS 18's 1001 for a request of the device's own passkeys, before any sheet, is no passkey; after one, a cancel"
    )
    func immediateCancel() {
        let canceled = NSError(domain: Self.domain, code: 1001)
        #expect(PasskeyAuthorizationFailure(error: canceled, immediateAndUnpresented: true) == .noPasskey)
        #expect(PasskeyAuthorizationFailure(error: canceled, immediateAndUnpresented: false) == .canceled)
        // Another code is what it is, and another domain's 1001 is never a cancel or "no passkey".
        #expect(
            PasskeyAuthorizationFailure(error: NSError(domain: Self.domain, code: 1004), immediateAndUnpresented: true)
                != .noPasskey)
        let foreign = PasskeyAuthorizationFailure(
            error: NSError(domain: "NSURLErrorDomain", code: 1001), immediateAndUnpresented: true)
        #expect(foreign != .noPasskey && foreign != .canceled)
    }

    @Test(
        "a device that holds an excluded passkey (1006, or WebKit's code 8) means the account already has it",
        arguments: [(PasskeyAuthorizationFailure.authorizationErrorDomain, 1006), ("WKErrorDomain", 8)])
    func matchedExcludedCredential(domain: String, code: Int) {
        let failure = PasskeyAuthorizationFailure(error: NSError(domain: domain, code: code))
        #expect(failure == .matchedExcludedCredential)
        #expect(throws: AuthError.passkeyAlreadyRegistered) {
            try PasskeyAuthorizationMapper.outcome(for: PasskeyAuthorizationResult<PasskeyRegistration>.failed(failure))
        }
        #expect(
            PasskeyAuthorizationFailure(error: NSError(domain: "WKErrorDomain", code: 9)) != .matchedExcludedCredential)
    }

    @Test("iOS 18's 1000 ends a registration that excluded passkeys as already registered, and nothing else")
    func unknownForAnExcludingRegistration() {
        let unknown = NSError(domain: Self.domain, code: 1000)
        #expect(PasskeyAuthorizationFailure(error: unknown, excludedCredentials: true) == .matchedExcludedCredential)
        // Without excluded passkeys, or in another domain, 1000 is what it is.
        #expect(
            PasskeyAuthorizationFailure(error: unknown, excludedCredentials: false)
                == .other(domain: Self.domain, code: 1000, message: unknown.localizedDescription))
        let foreign = NSError(domain: "NSURLErrorDomain", code: 1000)
        #expect(PasskeyAuthorizationFailure(error: foreign, excludedCredentials: true) != .matchedExcludedCredential)
        // On Linux, as on iOS and macOS, a request with passkeys to exclude excludes them; one without, none.
        let excluding = PasskeyCreationRequest(
            relyingPartyID: "example.com", relyingPartyName: "Example", userID: [7], userName: "ada@example.com",
            userDisplayName: "Ada", challenge: [4], excludedCredentialIDs: [[9]])
        #expect(PasskeyAuthorizationFailure.excludes(excluding))
        var first = excluding
        first.excludedCredentialIDs = []
        #expect(!PasskeyAuthorizationFailure.excludes(first))
        // A registration's other codes keep their meaning.
        let cancel = NSError(domain: Self.domain, code: 1001)
        #expect(PasskeyAuthorizationFailure(error: cancel, excludedCredentials: true) == .canceled)
    }

    @Test("any other failure is uiClientFailed for the passkey, with the system's code and message")
    func otherFailure() {
        let error = NSError(
            domain: Self.domain, code: 1004,
            userInfo: [NSLocalizedDescriptionKey: "Application is not associated with domain example.com"])
        #expect(
            throws: AuthError.uiClientFailed(
                .passkey, reason: "ASAuthorizationError 1004: Application is not associated with domain example.com")
        ) {
            try PasskeyAuthorizationMapper.outcome(
                for: PasskeyAuthorizationResult<PasskeyRegistration>.failed(PasskeyAuthorizationFailure(error: error)))
        }
    }

    @Test("a code of another domain is never read as the user's cancel or as no passkey", arguments: [1001, 1003])
    func otherDomain(code: Int) {
        let failure = PasskeyAuthorizationFailure(error: NSError(domain: "WKErrorDomain", code: code))
        #expect(failure == .other(domain: "WKErrorDomain", code: code, message: failure.message))
        #expect(throws: AuthError.uiClientFailed(.passkey, reason: "WKErrorDomain \(code): \(failure.message)")) {
            try PasskeyAuthorizationMapper.outcome(for: PasskeyAuthorizationResult<PasskeyAssertion>.failed(failure))
        }
    }

    // MARK: - The bridge

    @Test("a cancelled task is the user's cancel; a sheet that ends without an answer is a failure, not a cancel")
    func bridge() async throws {
        let cancelledBridge = PasskeyAuthorizationMapper.bridge(for: PasskeyAssertion.self)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await cancelledBridge.result { Issue.record("a cancelled task must not present the sheet") }
        }
        #expect(try PasskeyAuthorizationMapper.outcome(for: await task.value) == .cancelled)

        let endedBridge = PasskeyAuthorizationMapper.bridge(for: PasskeyRegistration.self)
        let ended = await endedBridge.result { endedBridge.resolve(endedBridge.unanswered) }
        #expect(
            throws: AuthError.uiClientFailed(
                .passkey, reason: "ASAuthorizationError 1000: the passkey sheet ended without an answer")
        ) {
            try PasskeyAuthorizationMapper.outcome(for: ended)
        }
    }
}

extension PasskeyAuthorizationFailure {
    /// The message of an ``other(domain:code:message:)`` failure, for the expectations.
    fileprivate var message: String {
        if case .other(_, _, let message) = self { message } else { "" }
    }
}
