/// Enrols a TOTP authenticator on the signed-in account, in two steps: ``start(currentPassword:uiClients:)`` gives the
/// secret to show (its `otpauth://` URI as a QR code, and the Base32 text), ``finish(_:code:displayName:)`` confirms
/// it with a first code from the app. Starting is a sensitive operation: the backend wants a recent sign-in, which
/// ``Reauthentication`` asks for. Until the first code is confirmed, nothing changes for the account.
public struct EnrollTOTPUseCase: Sendable {
    private let factors: any SecondFactorService
    private let sessions: SessionManager
    private let reauthentication: Reauthentication

    /// Creates the use case.
    public init(factors: any SecondFactorService, sessions: SessionManager, authProviders: [any AuthProvider] = []) {
        self.factors = factors
        self.sessions = sessions
        self.reauthentication = Reauthentication(authProviders: authProviders, sessions: sessions)
    }

    /// Starts the enrolment.
    /// - Throws: ``AuthError/notSignedIn``, ``AuthError/secondFactorNeedsPermanentAccount`` for a guest (before any
    ///   call), ``AuthError/recentSignInRequired(_:)`` when the user did not sign in again.
    public func start(currentPassword: Secret? = nil, uiClients: SignInUIClients = [:]) async throws(AuthError)
        -> TOTPEnrollment
    {
        guard let current = try await sessions.currentSession() else { throw .notSignedIn }
        guard !current.isAnonymous else { throw .secondFactorNeedsPermanentAccount }
        let factors = self.factors
        return try await reauthentication.run(uiClients: uiClients, currentPassword: currentPassword) {
            session throws(AuthError) in
            try await factors.startTOTPEnrollment(for: session)
        }
    }

    /// Confirms the enrolment with a code from the authenticator app.
    /// - Returns: The session afterwards, stored.
    /// - Throws: ``AuthError/invalidSecondFactorCode`` (before any call for a code that is not the enrolment's
    ///   number of digits), ``AuthError/secondFactorEnrollmentExpired`` (start again), ``AuthError/notSignedIn``.
    public func finish(_ enrollment: TOTPEnrollment, code: Secret, displayName: String? = nil)
        async throws(AuthError) -> UserSession
    {
        let code = try OneTimeCodeInput.validate(code, digits: enrollment.digits)
        let factors = self.factors
        let updated = try await sessions.authorized { session throws(AuthError) in
            try await factors.finishTOTPEnrollment(enrollment, code: code, displayName: displayName, for: session)
        }
        try await sessions.establish(updated)
        return updated
    }
}

/// The signed-in account's second factors.
public struct ListSecondFactorsUseCase: Sendable {
    private let factors: any SecondFactorService
    private let sessions: SessionManager

    /// Creates the use case.
    public init(factors: any SecondFactorService, sessions: SessionManager) {
        self.factors = factors
        self.sessions = sessions
    }

    /// The factors, oldest first.
    /// - Throws: ``AuthError/notSignedIn``.
    public func callAsFunction() async throws(AuthError) -> [SecondFactor] {
        let factors = self.factors
        return try await sessions.authorized { session throws(AuthError) in
            try await factors.secondFactors(for: session)
        }
        .sorted { $0.enrolledAt < $1.enrolledAt }
    }
}

/// Removes a second factor from the signed-in account. A sensitive operation: the backend wants a recent sign-in,
/// which ``Reauthentication`` asks for. Removing the last factor turns two-step sign-in off, so it must be confirmed.
public struct RemoveSecondFactorUseCase: Sendable {
    private let factors: any SecondFactorService
    private let sessions: SessionManager
    private let reauthentication: Reauthentication

    /// Creates the use case.
    public init(factors: any SecondFactorService, sessions: SessionManager, authProviders: [any AuthProvider] = []) {
        self.factors = factors
        self.sessions = sessions
        self.reauthentication = Reauthentication(authProviders: authProviders, sessions: sessions)
    }

    /// Removes the factor `id`.
    /// - Parameters:
    ///   - id: The factor's id.
    ///   - confirmingLast: Whether the user confirmed that removing the account's last factor turns two-step sign-in
    ///     off (the password alone signs in again).
    ///   - currentPassword: The account's password, to sign in again with it if the backend asks.
    ///   - uiClients: The screen's UI clients, to sign in again if the backend asks for it.
    /// - Returns: The session afterwards, stored.
    /// - Throws: ``AuthError/notSignedIn``, ``AuthError/secondFactorNotFound``, ``AuthError/lastSecondFactor`` when
    ///   it is the last and `confirmingLast` is false (nothing changed), ``AuthError/recentSignInRequired(_:)``.
    public func callAsFunction(
        id: String, confirmingLast: Bool = false, currentPassword: Secret? = nil, uiClients: SignInUIClients = [:]
    ) async throws(AuthError) -> UserSession {
        guard try await sessions.currentSession() != nil else { throw .notSignedIn }
        let factors = self.factors
        let enrolled = try await sessions.authorized { session throws(AuthError) in
            try await factors.secondFactors(for: session)
        }
        guard enrolled.contains(where: { $0.id == id }) else { throw .secondFactorNotFound }
        guard enrolled.count > 1 || confirmingLast else { throw .lastSecondFactor }
        let updated = try await reauthentication.run(uiClients: uiClients, currentPassword: currentPassword) {
            session throws(AuthError) in
            try await factors.removeSecondFactor(id: id, for: session)
        }
        try await sessions.establish(updated)
        return updated
    }
}

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
