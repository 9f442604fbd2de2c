public import SignInData
public import SignInDomain

/// A `PhoneSecondFactorBackend` that records every call and answers as it was told: `sessionInfo` for a code sent,
/// `session` for an enrolment or a sign-in.
///
/// ```swift
/// let backend = SpyPhoneSecondFactorBackend(failures: [IdentityBackendError(.unverifiedEmail)])
/// let service = BackendPhoneSecondFactorService(backend: backend)
/// ```
public actor SpyPhoneSecondFactorBackend: PhoneSecondFactorBackend {
    /// A call the backend received.
    public enum Call: Hashable, Sendable {
        /// `startPhoneEnrollment(idToken:phoneNumber:appProof:)`.
        case startPhoneEnrollment(idToken: Secret, phoneNumber: String, appProof: PhoneAppProof)
        /// `finalizePhoneEnrollment(idToken:sessionInfo:code:displayName:)`.
        case finalizePhoneEnrollment(idToken: Secret, sessionInfo: Secret, code: Secret, displayName: String?)
        /// `startPhoneSecondFactorSignIn(pendingCredential:enrollmentID:appProof:)`.
        case startPhoneSecondFactorSignIn(pendingCredential: Secret, enrollmentID: String, appProof: PhoneAppProof)
        /// `finalizePhoneSecondFactorSignIn(pendingCredential:sessionInfo:code:)`.
        case finalizePhoneSecondFactorSignIn(pendingCredential: Secret, sessionInfo: Secret, code: Secret)
    }

    private let sessionInfo: Secret
    private let session: Result<BackendSessionResponse, IdentityBackendError>
    private var failures: [(any Error & Sendable)?]
    /// The calls received, in order.
    public private(set) var calls: [Call] = []

    /// Creates a double.
    /// - Parameters:
    ///   - sessionInfo: The session info a code sent answers.
    ///   - session: The answer of an enrolment or a sign-in.
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

    public func startPhoneEnrollment(idToken: Secret, phoneNumber: String, appProof: PhoneAppProof) async throws
        -> Secret
    {
        calls.append(.startPhoneEnrollment(idToken: idToken, phoneNumber: phoneNumber, appProof: appProof))
        try nextFailure()
        return sessionInfo
    }

    public func finalizePhoneEnrollment(idToken: Secret, sessionInfo: Secret, code: Secret, displayName: String?)
        async throws -> BackendTOTPEnrollmentResult
    {
        calls.append(
            .finalizePhoneEnrollment(idToken: idToken, sessionInfo: sessionInfo, code: code, displayName: displayName))
        try nextFailure()
        return BackendTOTPEnrollmentResult(session: try session.get())
    }

    public func startPhoneSecondFactorSignIn(pendingCredential: Secret, enrollmentID: String, appProof: PhoneAppProof)
        async throws -> Secret
    {
        calls.append(
            .startPhoneSecondFactorSignIn(
                pendingCredential: pendingCredential, enrollmentID: enrollmentID, appProof: appProof))
        try nextFailure()
        return sessionInfo
    }

    public func finalizePhoneSecondFactorSignIn(pendingCredential: Secret, sessionInfo: Secret, code: Secret)
        async throws -> BackendSessionResponse
    {
        calls.append(
            .finalizePhoneSecondFactorSignIn(pendingCredential: pendingCredential, sessionInfo: sessionInfo, code: code)
        )
        try nextFailure()
        return try session.get()
    }
}
