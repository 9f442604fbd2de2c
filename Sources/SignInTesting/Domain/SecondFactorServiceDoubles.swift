import Foundation
public import SignInDomain

/// A `SecondFactorService` that records its calls and answers as it was told: the factors it was given, an enrolment
/// that expires in ten minutes, and `session` for what returns one.
public actor SpySecondFactorService: SecondFactorService {
    /// A call the service received.
    public enum Call: Hashable, Sendable {
        case startTOTPEnrollment(uid: String)
        case finishTOTPEnrollment(code: Secret, displayName: String?, uid: String)
        case secondFactors(uid: String)
        case removeSecondFactor(id: String, uid: String)
        case finishSignIn(factorID: String, code: Secret)
        case finishSignInWithRecoveryCode(code: Secret)
        case newRecoveryCodes(uid: String)
    }

    private let session: Result<UserSession, AuthError>
    private let factors: [SecondFactor]
    private let recoveryCodes: [Secret]
    private var failures: [AuthError]
    /// The calls received, in order.
    public private(set) var calls: [Call] = []

    /// Creates a spy.
    /// - Parameters:
    ///   - session: What the calls that return a session return.
    ///   - factors: The account's factors.
    ///   - recoveryCodes: What a first enrolment and a new set give; a recovery-code sign-in leaves one fewer.
    ///   - failures: Thrown, one each and in order, by the first calls (any of them) before they answer as above: for
    ///     example `AuthError/recentSignInRequired(_:)` once, to test re-authentication.
    public init(
        session: Result<UserSession, AuthError> = .success(.fixture()), factors: [SecondFactor] = [],
        recoveryCodes: [Secret] = [], failures: [AuthError] = []
    ) {
        self.session = session
        self.factors = factors
        self.recoveryCodes = recoveryCodes
        self.failures = failures
    }

    private func nextFailure() throws(AuthError) {
        if !failures.isEmpty { throw failures.removeFirst() }
    }

    public func startTOTPEnrollment(for session: UserSession) async throws(AuthError) -> TOTPEnrollment {
        calls.append(.startTOTPEnrollment(uid: session.uid))
        try nextFailure()
        return TOTPEnrollment(
            secret: "JBSWY3DPEHPK3PXP", session: "enrolment-1", expiresAt: Date(timeIntervalSince1970: 1_767_226_200))
    }

    public func finishTOTPEnrollment(
        _ enrollment: TOTPEnrollment, code: Secret, displayName: String?, for session: UserSession
    ) async throws(AuthError) -> TOTPEnrollmentResult {
        calls.append(.finishTOTPEnrollment(code: code, displayName: displayName, uid: session.uid))
        try nextFailure()
        return TOTPEnrollmentResult(session: try self.session.get(), recoveryCodes: recoveryCodes)
    }

    public func secondFactors(for session: UserSession) async throws(AuthError) -> [SecondFactor] {
        calls.append(.secondFactors(uid: session.uid))
        try nextFailure()
        return factors
    }

    public func removeSecondFactor(id: String, for session: UserSession) async throws(AuthError) -> UserSession {
        calls.append(.removeSecondFactor(id: id, uid: session.uid))
        try nextFailure()
        return try self.session.get()
    }

    public func finishSignIn(_ challenge: SecondFactorChallenge, factorID: String, code: Secret) async throws(AuthError)
        -> UserSession
    {
        calls.append(.finishSignIn(factorID: factorID, code: code))
        try nextFailure()
        return try session.get()
    }

    public func finishSignIn(_ challenge: SecondFactorChallenge, recoveryCode: Secret) async throws(AuthError)
        -> RecoveryCodeSignIn
    {
        calls.append(.finishSignInWithRecoveryCode(code: recoveryCode))
        try nextFailure()
        return RecoveryCodeSignIn(session: try session.get(), codesLeft: max(recoveryCodes.count - 1, 0))
    }

    public func newRecoveryCodes(for session: UserSession) async throws(AuthError) -> [Secret] {
        calls.append(.newRecoveryCodes(uid: session.uid))
        try nextFailure()
        return recoveryCodes
    }
}

extension SecondFactor {
    /// A TOTP factor enrolled on 1 January 2026.
    public static func fixture(id: String = "factor-1", displayName: String? = "Phone") -> SecondFactor {
        SecondFactor(id: id, displayName: displayName, enrolledAt: Date(timeIntervalSince1970: 1_767_225_600))
    }
}

extension SecondFactorChallenge {
    /// A password sign-in waiting for the code of ``SecondFactor/fixture(id:displayName:)``.
    public static func fixture(factors: [SecondFactor] = [.fixture()]) -> SecondFactorChallenge {
        SecondFactorChallenge(
            pendingCredential: "pending-1", factors: factors, provider: .emailPassword, email: "ada@example.com")
    }
}
