public import SignInData
public import SignInDomain

/// A `PhoneBackend` that records every call and answers as it was told: `sessionInfo` for a code sent, `session`
/// for a sign-in or a link.
///
/// ```swift
/// let backend = SpyPhoneBackend(failures: [IdentityBackendError(.invalidCode)])
/// let service = BackendPhoneSignInService(backend: backend)
/// ```
public actor SpyPhoneBackend: PhoneBackend {
    /// A call the backend received.
    public enum Call: Hashable, Sendable {
        /// `sendPhoneCode(phoneNumber:appProof:)`.
        case sendPhoneCode(phoneNumber: String, appProof: PhoneAppProof)
        /// `signInWithPhoneCode(sessionInfo:code:idToken:)`.
        case signInWithPhoneCode(sessionInfo: Secret, code: Secret, idToken: Secret?)
    }

    private let sessionInfo: Secret
    private let session: Result<BackendSessionResponse, IdentityBackendError>
    private var failures: [(any Error & Sendable)?]
    /// The calls received, in order.
    public private(set) var calls: [Call] = []

    /// Creates a double.
    /// - Parameters:
    ///   - sessionInfo: The verification id a code sent answers.
    ///   - session: The answer of a sign-in or a link.
    ///   - failures: Thrown, one each and in order, by the first calls before they answer as above; a `nil` lets its
    ///     call answer.
    public init(
        sessionInfo: Secret = "spy-session-info",
        session: Result<BackendSessionResponse, IdentityBackendError> = .success(.fixture()),
        failures: [(any Error & Sendable)?] = []
    ) {
        self.sessionInfo = sessionInfo
        self.session = session
        self.failures = failures
    }

    private func nextFailure() throws {
        if !failures.isEmpty, let failure = failures.removeFirst() { throw failure }
    }

    public func sendPhoneCode(phoneNumber: String, appProof: PhoneAppProof) async throws -> Secret {
        calls.append(.sendPhoneCode(phoneNumber: phoneNumber, appProof: appProof))
        try nextFailure()
        return sessionInfo
    }

    public func signInWithPhoneCode(sessionInfo: Secret, code: Secret, idToken: Secret?) async throws
        -> BackendSessionResponse
    {
        calls.append(.signInWithPhoneCode(sessionInfo: sessionInfo, code: code, idToken: idToken))
        try nextFailure()
        return try session.get()
    }
}
