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
    ///   - factorID: The factor the code is from; `nil` for the only one (or the first).
    ///   - code: The code, as typed.
    /// - Throws: ``AuthError/invalidSecondFactorCode`` (before any call for a malformed code),
    ///   ``AuthError/secondFactorChallengeExpired``, ``AuthError/tooManySecondFactorAttempts``,
    ///   ``AuthError/secondFactorNotFound``.
    public func callAsFunction(_ challenge: SecondFactorChallenge, factorID: String? = nil, code: Secret)
        async throws(AuthError) -> UserSession
    {
        guard let factor = factorID.map({ id in challenge.factors.first { $0.id == id } }) ?? challenge.factors.first
        else { throw .secondFactorNotFound }
        let code = try OneTimeCodeInput.validate(code)
        let session = try await factors.finishSignIn(challenge, factorID: factor.id, code: code)
        try await sessions.establish(session)
        return session
    }
}
