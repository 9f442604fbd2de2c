/// Enrols a phone number as a second factor of the signed-in account, in two steps: ``start(phoneNumber:currentPassword:uiClients:)``
/// sends a code by SMS, ``finish(_:code:displayName:)`` confirms it. Starting is a sensitive operation: the backend
/// wants a recent sign-in, which ``Reauthentication`` asks for.
public struct EnrollPhoneFactorUseCase: Sendable {
    private let factors: any PhoneSecondFactorService
    private let sessions: SessionManager
    private let reauthentication: Reauthentication

    /// Creates the use case.
    public init(
        factors: any PhoneSecondFactorService, sessions: SessionManager, authProviders: [any AuthProvider] = []
    ) {
        self.factors = factors
        self.sessions = sessions
        self.reauthentication = Reauthentication(authProviders: authProviders, sessions: sessions)
    }

    /// Sends the code.
    /// - Throws: ``AuthError/notSignedIn``, ``AuthError/secondFactorNeedsPermanentAccount`` for a guest, and
    ///   ``AuthError/invalidPhoneNumber`` (each before any call), then what
    ///   ``PhoneSecondFactorService/startEnrollment(phoneNumber:for:)`` throws.
    public func start(phoneNumber: String, currentPassword: Secret? = nil, uiClients: SignInUIClients = [:])
        async throws(AuthError) -> PhoneVerification
    {
        guard let current = try await sessions.currentSession() else { throw .notSignedIn }
        guard !current.isAnonymous else { throw .secondFactorNeedsPermanentAccount }
        guard let number = PhoneNumber.normalized(phoneNumber) else { throw .invalidPhoneNumber }
        let factors = self.factors
        return try await reauthentication.run(uiClients: uiClients, currentPassword: currentPassword) {
            session throws(AuthError) in
            try await factors.startEnrollment(phoneNumber: number, for: session)
        }
    }

    /// Confirms the factor with the code sent to it.
    /// - Returns: The session afterwards, stored, and the account's recovery codes when the backend made them.
    /// - Throws: ``AuthError/invalidPhoneCode`` (before any call for a code that is not 6 digits), and what
    ///   ``PhoneSecondFactorService/finishEnrollment(_:code:displayName:for:)`` throws.
    public func finish(_ verification: PhoneVerification, code: Secret, displayName: String? = nil)
        async throws(AuthError) -> TOTPEnrollmentResult
    {
        let code = try PhoneCode.checked(code)
        let factors = self.factors
        let result = try await sessions.authorized { session throws(AuthError) in
            try await factors.finishEnrollment(verification, code: code, displayName: displayName, for: session)
        }
        try await sessions.establish(result.session)
        return result
    }
}

/// The second step of a sign-in with a phone factor: ``sendCode(_:factorID:)`` sends a code to the factor chosen,
/// ``finish(_:verification:code:)`` signs in with it.
public struct PhoneSecondFactorSignInUseCase: Sendable {
    private let factors: any PhoneSecondFactorService
    private let sessions: SessionManager

    /// Creates the use case.
    public init(factors: any PhoneSecondFactorService, sessions: SessionManager) {
        self.factors = factors
        self.sessions = sessions
    }

    /// Sends a code to the phone factor `factorID` of the challenge.
    /// - Throws: ``AuthError/secondFactorNotFound`` when the challenge has no such phone factor (before any call),
    ///   and what ``PhoneSecondFactorService/sendSignInCode(_:factorID:)`` throws.
    public func sendCode(_ challenge: SecondFactorChallenge, factorID: String) async throws(AuthError)
        -> PhoneVerification
    {
        guard challenge.factors.contains(where: { $0.id == factorID && $0.kind == .phone }) else {
            throw .secondFactorNotFound
        }
        return try await factors.sendSignInCode(challenge, factorID: factorID)
    }

    /// Signs in with the code sent for `verification`.
    /// - Returns: The stored session.
    /// - Throws: ``AuthError/invalidPhoneCode`` (before any call for a code that is not 6 digits), and what
    ///   ``PhoneSecondFactorService/finishSignIn(_:verification:code:)`` throws.
    public func finish(_ challenge: SecondFactorChallenge, verification: PhoneVerification, code: Secret)
        async throws(AuthError) -> UserSession
    {
        let code = try PhoneCode.checked(code)
        let session = try await factors.finishSignIn(challenge, verification: verification, code: code)
        try await sessions.establish(session)
        return session
    }
}
