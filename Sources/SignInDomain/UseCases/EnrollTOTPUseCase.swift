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
    /// - Returns: The session afterwards, stored, and the account's recovery codes when this was its first factor (show
    ///   them now: the backend keeps only their hashes).
    /// - Throws: ``AuthError/invalidSecondFactorCode`` (before any call for a code that is not the enrolment's
    ///   number of digits), ``AuthError/secondFactorEnrollmentExpired`` (start again), ``AuthError/notSignedIn``.
    public func finish(_ enrollment: TOTPEnrollment, code: Secret, displayName: String? = nil)
        async throws(AuthError) -> TOTPEnrollmentResult
    {
        let code = try OneTimeCodeInput.validate(code, digits: enrollment.digits)
        let factors = self.factors
        let result = try await sessions.authorized { session throws(AuthError) in
            try await factors.finishTOTPEnrollment(enrollment, code: code, displayName: displayName, for: session)
        }
        try await sessions.establish(result.session)
        return result
    }
}
