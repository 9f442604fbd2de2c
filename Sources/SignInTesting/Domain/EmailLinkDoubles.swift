public import SignInDomain

/// An `EmailLinkSignInService` that records every call and answers as it was told.
///
/// ```swift
/// let service = SpyEmailLinkSignInService(failures: [nil, .signInLinkExpired])
/// ```
public actor SpyEmailLinkSignInService: EmailLinkSignInService {
    /// A call the service received.
    public enum Call: Hashable, Sendable {
        /// `sendSignInLink(email:)`.
        case sendSignInLink(email: String)
        /// `signIn(email:code:)`.
        case signIn(email: String, code: Secret)
    }

    private let session: Result<UserSession, AuthError>
    private var failures: [AuthError?]
    /// The calls received, in order.
    public private(set) var calls: [Call] = []

    /// Creates a double.
    /// - Parameters:
    ///   - session: What a sign-in returns.
    ///   - failures: Thrown, one each and in order, by the first calls before they answer as above; a `nil` lets its
    ///     call answer.
    public init(session: Result<UserSession, AuthError> = .success(.fixture()), failures: [AuthError?] = []) {
        self.session = session
        self.failures = failures
    }

    private func nextFailure() throws(AuthError) {
        if !failures.isEmpty, let failure = failures.removeFirst() { throw failure }
    }

    public func sendSignInLink(email: String) async throws(AuthError) {
        calls.append(.sendSignInLink(email: email))
        try nextFailure()
    }

    public func signIn(email: String, code: Secret) async throws(AuthError) -> UserSession {
        calls.append(.signIn(email: email, code: code))
        try nextFailure()
        return try session.get()
    }
}

/// A `SignInEmailStore` in memory that records what it was asked to keep, and can start with an email (a link opened
/// on the device that asked for it).
public actor SpySignInEmailStore: SignInEmailStore {
    /// The email kept now.
    public private(set) var email: String?
    /// Every email it was asked to remember, in order.
    public private(set) var remembered: [String] = []
    /// How many times it was asked to forget.
    public private(set) var forgotten = 0

    /// Creates a store holding `email`.
    public init(email: String? = nil) {
        self.email = email
    }

    public func pendingEmail() -> String? { email }
    public func remember(_ email: String) {
        remembered.append(email)
        self.email = email
    }
    public func forget() {
        forgotten += 1
        email = nil
    }
}
