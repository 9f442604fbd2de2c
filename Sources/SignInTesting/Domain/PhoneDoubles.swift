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

/// A `PhoneSecondFactorService` that records every call and answers as it was told: a code sent answers a
/// verification with `verificationID`; an enrolment or a sign-in answers `session`.
public actor SpyPhoneSecondFactorService: PhoneSecondFactorService {
    /// A call the service received.
    public enum Call: Hashable, Sendable {
        /// `startEnrollment(phoneNumber:for:)`, with the session's uid.
        case startEnrollment(phoneNumber: String, uid: String)
        /// `finishEnrollment(_:code:displayName:for:)`.
        case finishEnrollment(PhoneVerification, code: Secret, displayName: String?)
        /// `sendSignInCode(_:factorID:)`.
        case sendSignInCode(factorID: String)
        /// `finishSignIn(_:verification:code:)`.
        case finishSignIn(PhoneVerification, code: Secret)
    }

    private let verificationID: Secret
    private let session: Result<UserSession, AuthError>
    private var failures: [AuthError?]
    /// The calls received, in order.
    public private(set) var calls: [Call] = []

    /// Creates a double.
    /// - Parameters:
    ///   - verificationID: The id of every verification a code sent answers.
    ///   - session: What an enrolment or a sign-in returns.
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

    public func startEnrollment(phoneNumber: String, for session: UserSession) async throws(AuthError)
        -> PhoneVerification
    {
        calls.append(.startEnrollment(phoneNumber: phoneNumber, uid: session.uid))
        try nextFailure()
        return PhoneVerification(phoneNumber: phoneNumber, id: verificationID)
    }

    public func finishEnrollment(
        _ verification: PhoneVerification, code: Secret, displayName: String?, for session: UserSession
    ) async throws(AuthError) -> TOTPEnrollmentResult {
        calls.append(.finishEnrollment(verification, code: code, displayName: displayName))
        try nextFailure()
        return TOTPEnrollmentResult(session: try self.session.get())
    }

    public func sendSignInCode(_ challenge: SecondFactorChallenge, factorID: String) async throws(AuthError)
        -> PhoneVerification
    {
        calls.append(.sendSignInCode(factorID: factorID))
        try nextFailure()
        let number = challenge.factors.first { $0.id == factorID }?.phoneNumber ?? ""
        return PhoneVerification(phoneNumber: number, id: verificationID)
    }

    public func finishSignIn(_ challenge: SecondFactorChallenge, verification: PhoneVerification, code: Secret)
        async throws(AuthError) -> UserSession
    {
        calls.append(.finishSignIn(verification, code: code))
        try nextFailure()
        return try session.get()
    }
}
