public import SignInDomain

/// Phone second factors at a ``PhoneSecondFactorBackend``: the Data side of `PhoneSecondFactorService`. Each request
/// for an SMS carries the proof the app verifier gives.
public struct BackendPhoneSecondFactorService: PhoneSecondFactorService {
    private let backend: any PhoneSecondFactorBackend
    private let verifier: any PhoneAppVerifier
    private let clock: any WallClock

    /// Creates the service.
    public init(
        backend: any PhoneSecondFactorBackend, verifier: any PhoneAppVerifier = NoPhoneAppProof(),
        clock: any WallClock = SystemWallClock()
    ) {
        self.backend = backend
        self.verifier = verifier
        self.clock = clock
    }

    public func startEnrollment(phoneNumber: String, for session: UserSession) async throws(AuthError)
        -> PhoneVerification
    {
        let proof = try await verifier.proof(for: phoneNumber)
        let provider = session.reauthenticationProvider
        let id = try await IdentityBackendError.translating(for: provider, special: { Self.meaning($0, provider) }) {
            try await backend.startPhoneEnrollment(
                idToken: session.tokens.idToken, phoneNumber: phoneNumber, appProof: proof)
        }
        return PhoneVerification(phoneNumber: phoneNumber, id: id)
    }

    public func finishEnrollment(
        _ verification: PhoneVerification, code: Secret, displayName: String?, for session: UserSession
    ) async throws(AuthError) -> TOTPEnrollmentResult {
        let provider = session.reauthenticationProvider
        return try await IdentityBackendError.translating(for: provider, special: { Self.meaning($0, provider) }) {
            let result = try await backend.finalizePhoneEnrollment(
                idToken: session.tokens.idToken, sessionInfo: verification.id, code: code, displayName: displayName)
            return TOTPEnrollmentResult(
                session: result.session.toDomain(now: clock.now()), recoveryCodes: result.recoveryCodes)
        }
    }

    public func sendSignInCode(_ challenge: SecondFactorChallenge, factorID: String) async throws(AuthError)
        -> PhoneVerification
    {
        let number = challenge.factors.first { $0.id == factorID }?.phoneNumber ?? ""
        let proof = try await verifier.proof(for: number)
        let provider = challenge.provider
        let id = try await IdentityBackendError.translating(for: provider, special: { Self.meaning($0, provider) }) {
            try await backend.startPhoneSecondFactorSignIn(
                pendingCredential: challenge.pendingCredential, enrollmentID: factorID, appProof: proof)
        }
        return PhoneVerification(phoneNumber: number, id: id)
    }

    public func finishSignIn(_ challenge: SecondFactorChallenge, verification: PhoneVerification, code: Secret)
        async throws(AuthError) -> UserSession
    {
        let provider = challenge.provider
        var session = try await IdentityBackendError.translating(
            for: provider, special: { Self.meaning($0, provider) }
        ) {
            try await backend.finalizePhoneSecondFactorSignIn(
                pendingCredential: challenge.pendingCredential, sessionInfo: verification.id, code: code
            ).toDomain(now: clock.now())
        }
        if session.signInProvider == nil { session.signInProvider = provider }
        return session
    }

    /// What the backend's answers mean for a phone factor: its codes are an SMS's, its limits the SMS limits.
    static func meaning(_ error: IdentityBackendError, _ provider: ProviderType) -> AuthError? {
        switch error.code {
        case .credentialTooOld: .recentSignInRequired(provider)
        case .unverifiedEmail: .secondFactorNeedsVerifiedEmail
        case .secondFactorExists: .phoneFactorAlreadyEnrolled
        case .unsupportedFirstFactor: .secondFactorNeedsPermanentAccount
        default: BackendPhoneSignInService.phoneMeaning(error)
        }
    }
}
