public import SignInData
public import SignInDomain
public import SignInTesting

/// A `PasskeyBackend` that records every call, with the token, the name and the credential it was sent, and answers
/// as it was told: the challenges it was given, the account's passkeys, and `session` for what returns tokens.
///
/// ```swift
/// let backend = SpyPasskeyBackend(failures: [IdentityBackendError.passkey(.clonedAuthenticator, "went back")])
/// let service = BackendPasskeyService(backend: backend)
/// ```
public actor SpyPasskeyBackend: PasskeyBackend {
    /// A call the backend received.
    public enum Call: Hashable, Sendable {
        /// `startPasskeyEnrollment(idToken:)`.
        case startPasskeyEnrollment(idToken: Secret)
        /// `finalizePasskeyEnrollment(idToken:registration:name:)`, with the name as the backend got it.
        case finalizePasskeyEnrollment(idToken: Secret, registration: PasskeyRegistration, name: String)
        /// `passkeys(idToken:)`.
        case passkeys(idToken: Secret)
        /// `deletePasskey(idToken:credentialID:)`.
        case deletePasskey(idToken: Secret, credentialID: String)
        /// `startPasskeySignIn()`.
        case startPasskeySignIn
        /// `finalizePasskeySignIn(_:)`.
        case finalizePasskeySignIn(PasskeyAssertion)
    }

    private let session: Result<BackendSessionResponse, IdentityBackendError>
    private let passkeys: [Passkey]
    private let creationRequest: PasskeyCreationRequest
    private let assertionRequest: PasskeyAssertionRequest
    private var failures: [(any Error & Sendable)?]
    /// The calls received, in order.
    public private(set) var calls: [Call] = []

    /// Creates a double.
    /// - Parameters:
    ///   - session: The answer of the calls that return tokens (both finalizations and the deletion).
    ///   - passkeys: The account's passkeys.
    ///   - creationRequest: The answer of `startPasskeyEnrollment(idToken:)`.
    ///   - assertionRequest: The answer of `startPasskeySignIn()`.
    ///   - failures: Thrown, one each and in order, by the first calls (any of them) before they answer as above; a
    ///     `nil` lets its call answer. The backend's refusals (`IdentityBackendError`), or any other error (a network
    ///     failure, say).
    public init(
        session: Result<BackendSessionResponse, IdentityBackendError> = .success(.fixture()), passkeys: [Passkey] = [],
        creationRequest: PasskeyCreationRequest = .fixture(), assertionRequest: PasskeyAssertionRequest = .fixture(),
        failures: [(any Error & Sendable)?] = []
    ) {
        self.session = session
        self.passkeys = passkeys
        self.creationRequest = creationRequest
        self.assertionRequest = assertionRequest
        self.failures = failures
    }

    private func nextFailure() throws {
        if !failures.isEmpty, let failure = failures.removeFirst() { throw failure }
    }

    public func startPasskeyEnrollment(idToken: Secret) async throws -> PasskeyCreationRequest {
        calls.append(.startPasskeyEnrollment(idToken: idToken))
        try nextFailure()
        return creationRequest
    }

    public func finalizePasskeyEnrollment(idToken: Secret, registration: PasskeyRegistration, name: String)
        async throws -> BackendSessionResponse
    {
        calls.append(.finalizePasskeyEnrollment(idToken: idToken, registration: registration, name: name))
        try nextFailure()
        return try session.get()
    }

    public func passkeys(idToken: Secret) async throws -> [Passkey] {
        calls.append(.passkeys(idToken: idToken))
        try nextFailure()
        return passkeys
    }

    public func deletePasskey(idToken: Secret, credentialID: String) async throws -> BackendSessionResponse {
        calls.append(.deletePasskey(idToken: idToken, credentialID: credentialID))
        try nextFailure()
        return try session.get()
    }

    public func startPasskeySignIn() async throws -> PasskeyAssertionRequest {
        calls.append(.startPasskeySignIn)
        try nextFailure()
        return assertionRequest
    }

    public func finalizePasskeySignIn(_ assertion: PasskeyAssertion) async throws -> BackendSessionResponse {
        calls.append(.finalizePasskeySignIn(assertion))
        try nextFailure()
        return try session.get()
    }
}
