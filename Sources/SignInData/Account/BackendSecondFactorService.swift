public import SignInDomain

/// Second factors at a ``MultiFactorBackend``: the Data side of `SecondFactorService`.
public struct BackendSecondFactorService: SecondFactorService {
    private let backend: any MultiFactorBackend
    private let clock: any WallClock

    /// Creates the service.
    public init(backend: any MultiFactorBackend, clock: any WallClock = SystemWallClock()) {
        self.backend = backend
        self.clock = clock
    }

    public func startTOTPEnrollment(for session: UserSession) async throws(AuthError) -> TOTPEnrollment {
        try await translating(session) { try await backend.startTOTPEnrollment(idToken: session.tokens.idToken).domain }
    }

    public func finishTOTPEnrollment(
        _ enrollment: TOTPEnrollment, code: Secret, displayName: String?, for session: UserSession
    ) async throws(AuthError) -> TOTPEnrollmentResult {
        try await translating(session) {
            let result = try await backend.finalizeTOTPEnrollment(
                idToken: session.tokens.idToken, sessionInfo: enrollment.session, code: code, displayName: displayName)
            return TOTPEnrollmentResult(
                session: result.session.toDomain(now: clock.now()), recoveryCodes: result.recoveryCodes)
        }
    }

    public func secondFactors(for session: UserSession) async throws(AuthError) -> [SecondFactor] {
        try await translating(session) {
            try await backend.secondFactors(idToken: session.tokens.idToken).map(\.domain)
        }
    }

    public func removeSecondFactor(id: String, for session: UserSession) async throws(AuthError) -> UserSession {
        try await translating(session) {
            try await backend.withdrawSecondFactor(idToken: session.tokens.idToken, enrollmentID: id)
                .toDomain(now: clock.now())
        }
    }

    public func finishSignIn(_ challenge: SecondFactorChallenge, factorID: String, code: Secret) async throws(AuthError)
        -> UserSession
    {
        var session = try await IdentityBackendError.translating(for: challenge.provider, special: Self.special) {
            try await backend.finalizeSecondFactorSignIn(
                pendingCredential: challenge.pendingCredential, enrollmentID: factorID, code: code
            ).toDomain(now: clock.now())
        }
        if session.signInProvider == nil { session.signInProvider = challenge.provider }
        return session
    }

    public func finishSignIn(_ challenge: SecondFactorChallenge, recoveryCode: Secret) async throws(AuthError)
        -> RecoveryCodeSignIn
    {
        var result = try await IdentityBackendError.translating(for: challenge.provider, special: Self.recovery) {
            let answer = try await backend.finalizeSecondFactorSignIn(
                pendingCredential: challenge.pendingCredential, recoveryCode: recoveryCode)
            return RecoveryCodeSignIn(
                session: answer.session.toDomain(now: clock.now()), codesLeft: answer.codesLeft)
        }
        if result.session.signInProvider == nil { result.session.signInProvider = challenge.provider }
        return result
    }

    public func newRecoveryCodes(for session: UserSession) async throws(AuthError) -> [Secret] {
        try await IdentityBackendError.translating(
            for: session.reauthenticationProvider,
            special: { error in
                switch error.code {
                case .credentialTooOld: .recentSignInRequired(session.reauthenticationProvider)
                case .mfaEnrollmentNotFound: .recoveryCodesNeedSecondFactor
                default: Self.recovery(error)
                }
            }, { try await backend.newRecoveryCodes(idToken: session.tokens.idToken) })
    }

    /// The answers that mean something of their own for a recovery code.
    private static func recovery(_ error: IdentityBackendError) -> AuthError? {
        switch error.code {
        case .invalidRecoveryCode: .invalidRecoveryCode
        case .notSupportedByBackend: .notSupportedByBackend(.recoveryCodes)
        default: special(error)
        }
    }

    private func translating<T>(_ session: UserSession, _ body: () async throws -> T) async throws(AuthError) -> T {
        try await IdentityBackendError.translating(
            for: session.reauthenticationProvider,
            special: { error in
                error.code == .credentialTooOld
                    ? .recentSignInRequired(session.reauthenticationProvider) : Self.special(error)
            }, body)
    }

    /// The answers that mean something of their own for a second factor: too many attempts are wrong codes, not
    /// passwords.
    private static func special(_ error: IdentityBackendError) -> AuthError? {
        error.code == .tooManyAttempts ? .tooManySecondFactorAttempts : nil
    }
}
