/// Finishes a sign-in that stopped at ``SignInResult/secondFactorRequired(_:)`` with a code from one of the account's
/// factors, and stores the session. A wrong code leaves the challenge usable until it expires or the backend's
/// throttle stops it.
public struct FinishSecondFactorSignInUseCase: Sendable {
    private let factors: any SecondFactorService
    private let sessions: SessionManager

    /// Creates the use case.
    public init(factors: any SecondFactorService, sessions: SessionManager) {
        self.factors = factors
        self.sessions = sessions
    }

    /// Finishes the sign-in.
    /// - Parameters:
    ///   - challenge: What the sign-in returned.
    ///   - factorID: The factor the code is from, one of the challenge's; `nil` only when the account has one. A code
    ///     is never tried against a factor the user did not choose, where a wrong guess would count toward the lock.
    ///   - code: The code, as typed.
    /// - Throws: ``AuthError/invalidSecondFactorCode`` (before any call for a malformed code),
    ///   ``AuthError/secondFactorChoiceRequired`` (before any call, for `nil` with several factors),
    ///   ``AuthError/secondFactorChallengeExpired``, ``AuthError/tooManySecondFactorAttempts``,
    ///   ``AuthError/secondFactorNotFound``.
    public func callAsFunction(_ challenge: SecondFactorChallenge, factorID: String? = nil, code: Secret)
        async throws(AuthError) -> UserSession
    {
        let factor: SecondFactor
        if let factorID {
            guard let chosen = challenge.factors.first(where: { $0.id == factorID }) else {
                throw .secondFactorNotFound
            }
            factor = chosen
        } else {
            guard let only = challenge.factors.first else { throw .secondFactorNotFound }
            guard challenge.factors.count == 1 else { throw .secondFactorChoiceRequired }
            factor = only
        }
        let code = try OneTimeCodeInput.validate(code)
        let session = try await factors.finishSignIn(challenge, factorID: factor.id, code: code)
        try await sessions.establish(session)
        return session
    }

    /// Finishes the sign-in with one of the account's recovery codes, in place of an authenticator's code: for a user
    /// who lost the authenticator. The code works once.
    /// - Returns: The session, stored, and how many unused codes the account has left.
    /// - Throws: ``AuthError/invalidRecoveryCode`` (before any call for a code of the wrong form),
    ///   ``AuthError/secondFactorChallengeExpired``, ``AuthError/tooManySecondFactorAttempts``,
    ///   ``AuthError/notSupportedByBackend(_:)`` with ``BackendFeature/recoveryCodes``.
    public func callAsFunction(_ challenge: SecondFactorChallenge, recoveryCode: Secret) async throws(AuthError)
        -> RecoveryCodeSignIn
    {
        let code = try RecoveryCodeInput.validate(recoveryCode)
        let result = try await factors.finishSignIn(challenge, recoveryCode: code)
        try await sessions.establish(result.session)
        return result
    }
}
