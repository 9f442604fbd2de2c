public import SignInDomain

/// A `PasskeyAuthenticator` that plays the device's passkey sheet from a script, and records every request it was
/// shown: the relying party, the challenge and the credentials a use case asked the device for.
///
/// ```swift
/// let device = SpyPasskeyAuthenticator(answers: [.cancel])        // the user dismisses the sheet
/// let failing = SpyPasskeyAuthenticator(answers: [.fail(AuthError.noPasskeyAvailable)])
/// ```
public actor SpyPasskeyAuthenticator: PasskeyAuthenticator {
    /// What the sheet does when it is shown.
    public enum Answer: Sendable {
        /// The user completes it: `register` answers the double's registration, `assert` its assertion.
        case complete
        /// The user dismisses it: `PasskeyOutcome.cancelled`.
        case cancel
        /// The device fails: the error is thrown as it is (an `AuthError`, `CancellationError`, any other error).
        case fail(AuthError)
    }

    /// A request the device was shown.
    public enum Request: Hashable, Sendable {
        /// A registration sheet.
        case register(PasskeyCreationRequest)
        /// A sign-in sheet.
        case assert(PasskeyAssertionRequest)
    }

    private let registration: PasskeyRegistration
    private let assertion: PasskeyAssertion
    private var answers: [Answer]
    /// The requests received, in order.
    public private(set) var requests: [Request] = []

    /// Creates a double.
    /// - Parameters:
    ///   - registration: What a completed registration sheet answers.
    ///   - assertion: What a completed sign-in sheet answers.
    ///   - answers: The sheet's answers, one for each request (registrations and sign-ins alike), in order; the last
    ///     is repeated when the script runs out. Empty: every sheet is completed.
    public init(
        registration: PasskeyRegistration = .fixture(), assertion: PasskeyAssertion = .fixture(),
        answers: [Answer] = [.complete]
    ) {
        self.registration = registration
        self.assertion = assertion
        self.answers = answers.isEmpty ? [.complete] : answers
    }

    /// The registration sheets shown, in order.
    public var registrationRequests: [PasskeyCreationRequest] {
        requests.compactMap { if case .register(let request) = $0 { request } else { nil } }
    }

    /// The sign-in sheets shown, in order.
    public var assertionRequests: [PasskeyAssertionRequest] {
        requests.compactMap { if case .assert(let request) = $0 { request } else { nil } }
    }

    private func nextAnswer() -> Answer {
        answers.count > 1 ? answers.removeFirst() : answers[0]
    }

    public func register(_ request: PasskeyCreationRequest) async throws(AuthError) -> PasskeyOutcome<
        PasskeyRegistration
    > {
        requests.append(.register(request))
        switch nextAnswer() {
        case .complete: return .completed(registration)
        case .cancel: return .cancelled
        case .fail(let error): throw error
        }
    }

    public func assert(_ request: PasskeyAssertionRequest) async throws(AuthError) -> PasskeyOutcome<PasskeyAssertion> {
        requests.append(.assert(request))
        switch nextAnswer() {
        case .complete: return .completed(assertion)
        case .cancel: return .cancelled
        case .fail(let error): throw error
        }
    }
}

/// A `PasskeyService` that records its calls and answers as it was told: the challenges it was given, the account's
/// passkeys, and `session` for what returns one.
public actor SpyPasskeyService: PasskeyService {
    /// A call the service received.
    public enum Call: Hashable, Sendable {
        /// `startRegistration(for:)`, for the account `uid`.
        case startRegistration(uid: String)
        /// `finishRegistration(_:name:for:)`, with the name as the service got it.
        case finishRegistration(PasskeyRegistration, name: String, uid: String)
        /// `passkeys(for:)`.
        case passkeys(uid: String)
        /// `removePasskey(id:for:)`.
        case removePasskey(id: String, uid: String)
        /// `startSignIn()`.
        case startSignIn
        /// `finishSignIn(_:)`.
        case finishSignIn(PasskeyAssertion)
    }

    private let session: Result<UserSession, AuthError>
    private let passkeys: [Passkey]
    private let creationRequest: PasskeyCreationRequest
    private let assertionRequest: PasskeyAssertionRequest
    private var failures: [(AuthError)?]
    /// The calls received, in order.
    public private(set) var calls: [Call] = []

    /// Creates a double.
    /// - Parameters:
    ///   - session: What the calls that return a session return (`finishRegistration`, `removePasskey`,
    ///     `finishSignIn`).
    ///   - passkeys: The account's passkeys.
    ///   - creationRequest: The answer of `startRegistration`.
    ///   - assertionRequest: The answer of `startSignIn`.
    ///   - failures: Thrown, one each and in order, by the first calls (any of them) before they answer as above; a
    ///     `nil` lets its call answer. For example `[AuthError.recentSignInRequired(.emailPassword)]` to test
    ///     re-authentication, `[nil, AuthError.passkeyNotFound]` for a sign-in whose start succeeds and whose finish is
    ///     refused, or an error that is not an `AuthError`.
    public init(
        session: Result<UserSession, AuthError> = .success(.fixture()), passkeys: [Passkey] = [],
        creationRequest: PasskeyCreationRequest = .fixture(), assertionRequest: PasskeyAssertionRequest = .fixture(),
        failures: [(AuthError)?] = []
    ) {
        self.session = session
        self.passkeys = passkeys
        self.creationRequest = creationRequest
        self.assertionRequest = assertionRequest
        self.failures = failures
    }

    private func nextFailure() throws(AuthError) {
        if !failures.isEmpty, let failure = failures.removeFirst() { throw failure }
    }

    public func startRegistration(for session: UserSession) async throws(AuthError) -> PasskeyCreationRequest {
        calls.append(.startRegistration(uid: session.uid))
        try nextFailure()
        return creationRequest
    }

    public func finishRegistration(_ registration: PasskeyRegistration, name: String, for session: UserSession)
        async throws(AuthError) -> UserSession
    {
        calls.append(.finishRegistration(registration, name: name, uid: session.uid))
        try nextFailure()
        return try self.session.get()
    }

    public func passkeys(for session: UserSession) async throws(AuthError) -> [Passkey] {
        calls.append(.passkeys(uid: session.uid))
        try nextFailure()
        return passkeys
    }

    public func removePasskey(id: String, for session: UserSession) async throws(AuthError) -> UserSession {
        calls.append(.removePasskey(id: id, uid: session.uid))
        try nextFailure()
        return try self.session.get()
    }

    public func startSignIn() async throws(AuthError) -> PasskeyAssertionRequest {
        calls.append(.startSignIn)
        try nextFailure()
        return assertionRequest
    }

    public func finishSignIn(_ assertion: PasskeyAssertion) async throws(AuthError) -> UserSession {
        calls.append(.finishSignIn(assertion))
        try nextFailure()
        return try session.get()
    }
}

extension Passkey {
    /// A passkey named "Laptop".
    public static func fixture(id: String = "cGFzc2tleS0x", name: String = "Laptop") -> Passkey {
        Passkey(id: id, name: name)
    }
}

extension PasskeyCreationRequest {
    /// A request of the relying party `example.com` for Jane's account, with a fixed challenge.
    public static func fixture(
        challenge: [UInt8] = Array(0..<32), excludedCredentialIDs: [[UInt8]] = []
    ) -> PasskeyCreationRequest {
        PasskeyCreationRequest(
            relyingPartyID: "example.com", relyingPartyName: "Example", userID: Array("uid-fixture".utf8),
            userName: "jane.appleseed@example.com", userDisplayName: "Jane Appleseed", challenge: challenge,
            excludedCredentialIDs: excludedCredentialIDs)
    }
}

extension PasskeyAssertionRequest {
    /// A request of the relying party `example.com` for any of its passkeys, with a fixed challenge.
    public static func fixture(challenge: [UInt8] = Array(32..<64)) -> PasskeyAssertionRequest {
        PasskeyAssertionRequest(relyingPartyID: "example.com", challenge: challenge)
    }
}

extension PasskeyRegistration {
    /// A registration with readable fake bytes: nothing a relying party would accept.
    public static func fixture(credentialID: [UInt8] = Array("credential-1".utf8)) -> PasskeyRegistration {
        PasskeyRegistration(
            credentialID: credentialID, clientDataJSON: Array(#"{"type":"webauthn.create"}"#.utf8),
            attestationObject: Array("fixture-attestation".utf8))
    }
}

extension PasskeyAssertion {
    /// An assertion with readable fake bytes: nothing a relying party would accept.
    public static func fixture(
        credentialID: [UInt8] = Array("credential-1".utf8), userHandle: [UInt8]? = Array("uid-fixture".utf8)
    ) -> PasskeyAssertion {
        PasskeyAssertion(
            credentialID: credentialID, clientDataJSON: Array(#"{"type":"webauthn.get"}"#.utf8),
            authenticatorData: Array("fixture-authenticator-data".utf8), signature: Array("fixture-signature".utf8),
            userHandle: userHandle)
    }
}
