public import SignInDomain

/// A `PhoneSignInService` that records every call and answers as it was told: a code sent answers a verification
/// of the number with `verificationID`; a sign-in or a link answers `session`.
///
/// ```swift
/// let service = SpyPhoneSignInService(failures: [nil, .invalidPhoneCode])
/// ```
public actor SpyPhoneSignInService: PhoneSignInService {
    /// A call the service received.
    public enum Call: Hashable, Sendable {
        /// `sendCode(to:)`.
        case sendCode(phoneNumber: String)
        /// `signIn(_:code:)`.
        case signIn(PhoneVerification, code: Secret)
        /// `link(_:code:to:)`, with the uid of the session it was given.
        case link(PhoneVerification, code: Secret, uid: String)
    }

    private let verificationID: Secret
    private let session: Result<UserSession, AuthError>
    private var failures: [AuthError?]
    /// The calls received, in order.
    public private(set) var calls: [Call] = []

    /// Creates a double.
    /// - Parameters:
    ///   - verificationID: The id of every verification a code sent answers.
    ///   - session: What a sign-in or a link returns.
    ///   - failures: Thrown, one each and in order, by the first calls before they answer as above; a `nil` lets its
    ///     call answer.
    public init(
        verificationID: Secret = "spy-verification", session: Result<UserSession, AuthError> = .success(.fixture()),
        failures: [AuthError?] = []
    ) {
        self.verificationID = verificationID
        self.session = session
        self.failures = failures
    }

    private func nextFailure() throws(AuthError) {
        if !failures.isEmpty, let failure = failures.removeFirst() { throw failure }
    }

    public func sendCode(to phoneNumber: String) async throws(AuthError) -> PhoneVerification {
        calls.append(.sendCode(phoneNumber: phoneNumber))
        try nextFailure()
        return PhoneVerification(phoneNumber: phoneNumber, id: verificationID)
    }

    public func signIn(_ verification: PhoneVerification, code: Secret) async throws(AuthError) -> UserSession {
        calls.append(.signIn(verification, code: code))
        try nextFailure()
        return try session.get()
    }

    public func link(_ verification: PhoneVerification, code: Secret, to session: UserSession) async throws(AuthError)
        -> UserSession
    {
        calls.append(.link(verification, code: code, uid: session.uid))
        try nextFailure()
        return try self.session.get()
    }
}
