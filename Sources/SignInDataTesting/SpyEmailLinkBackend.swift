public import SignInData
public import SignInDomain

/// An `EmailLinkBackend` that records every call and answers as it was told: `session` for a sign-in.
///
/// ```swift
/// let backend = SpyEmailLinkBackend(failures: [IdentityBackendError(.expiredOOBCode)])
/// let service = BackendEmailLinkSignInService(backend: backend)
/// ```
public actor SpyEmailLinkBackend: EmailLinkBackend {
    /// A call the backend received.
    public enum Call: Hashable, Sendable {
        /// `sendSignInLink(email:)`.
        case sendSignInLink(email: String)
        /// `signInWithEmailLink(email:code:)`.
        case signInWithEmailLink(email: String, code: Secret)
    }

    private let session: Result<BackendSessionResponse, IdentityBackendError>
    private var failures: [(any Error & Sendable)?]
    /// The calls received, in order.
    public private(set) var calls: [Call] = []

    /// Creates a double.
    /// - Parameters:
    ///   - session: The answer of a sign-in.
    ///   - failures: Thrown, one each and in order, by the first calls before they answer as above; a `nil` lets its
    ///     call answer.
    public init(
        session: Result<BackendSessionResponse, IdentityBackendError> = .success(.fixture()),
        failures: [(any Error & Sendable)?] = []
    ) {
        self.session = session
        self.failures = failures
    }

    private func nextFailure() throws {
        if !failures.isEmpty, let failure = failures.removeFirst() { throw failure }
    }

    public func sendSignInLink(email: String) async throws {
        calls.append(.sendSignInLink(email: email))
        try nextFailure()
    }

    public func signInWithEmailLink(email: String, code: Secret) async throws -> BackendSessionResponse {
        calls.append(.signInWithEmailLink(email: email, code: code))
        try nextFailure()
        return try session.get()
    }
}
