/// Second factors: enrolling a TOTP authenticator, listing and removing factors, and finishing a sign-in that asked
/// for one. The Data layer implements it where the backend has multi-factor sign-in (Firebase's
/// `accounts/mfaEnrollment:*` and `accounts/mfaSignIn:*`, the embedded backend).
public protocol SecondFactorService: Sendable {
    /// Starts a TOTP enrolment for the session's account: a new shared secret, not yet in use.
    /// - Throws: ``AuthError/recentSignInRequired(_:)`` when the session's sign-in is not recent.
    func startTOTPEnrollment(for session: UserSession) async throws(AuthError) -> TOTPEnrollment

    /// Confirms an enrolment with a first code from the authenticator: from now on, every sign-in of the account asks
    /// for a code.
    /// - Returns: The session afterwards (new tokens: the sign-in now counts as made with both factors), and the
    ///   account's recovery codes when this was its first factor at a backend that has them.
    /// - Throws: ``AuthError/invalidSecondFactorCode``, ``AuthError/secondFactorEnrollmentExpired``.
    func finishTOTPEnrollment(
        _ enrollment: TOTPEnrollment, code: Secret, displayName: String?, for session: UserSession
    ) async throws(AuthError) -> TOTPEnrollmentResult

    /// The account's second factors.
    func secondFactors(for session: UserSession) async throws(AuthError) -> [SecondFactor]

    /// Removes a factor. A sensitive operation: the backend wants a recent sign-in.
    /// - Returns: The session afterwards.
    /// - Throws: ``AuthError/recentSignInRequired(_:)``, ``AuthError/secondFactorNotFound``.
    func removeSecondFactor(id: String, for session: UserSession) async throws(AuthError) -> UserSession

    /// Finishes a sign-in that asked for a second factor with a code of one of its factors.
    /// - Returns: The signed-in session.
    /// - Throws: ``AuthError/invalidSecondFactorCode`` (the challenge can be tried again),
    ///   ``AuthError/secondFactorChallengeExpired`` (sign in again), ``AuthError/tooManySecondFactorAttempts``.
    func finishSignIn(_ challenge: SecondFactorChallenge, factorID: String, code: Secret) async throws(AuthError)
        -> UserSession

    /// Finishes a sign-in that asked for a second factor with one of the account's recovery codes, which then works
    /// no more.
    /// - Throws: ``AuthError/invalidRecoveryCode`` (the challenge can be tried again),
    ///   ``AuthError/secondFactorChallengeExpired``, ``AuthError/tooManySecondFactorAttempts``,
    ///   ``AuthError/notSupportedByBackend(_:)`` with ``BackendFeature/recoveryCodes``.
    func finishSignIn(_ challenge: SecondFactorChallenge, recoveryCode: Secret) async throws(AuthError)
        -> RecoveryCodeSignIn

    /// Makes a new set of recovery codes for the session's account; the codes of the set before work no more. A
    /// sensitive operation: the backend wants a recent sign-in.
    /// - Throws: ``AuthError/recentSignInRequired(_:)``, ``AuthError/recoveryCodesNeedSecondFactor``,
    ///   ``AuthError/notSupportedByBackend(_:)`` with ``BackendFeature/recoveryCodes``.
    func newRecoveryCodes(for session: UserSession) async throws(AuthError) -> [Secret]
}
