import Foundation
public import SignInDomain

/// Phone sign-in at a ``PhoneBackend``: the Data side of `PhoneSignInService`. Each request for an SMS carries the
/// proof the app verifier gives.
public struct BackendPhoneSignInService: PhoneSignInService {
    private let backend: any PhoneBackend
    private let verifier: any PhoneAppVerifier
    private let clock: any WallClock

    /// Creates the service.
    /// - Parameters:
    ///   - backend: The backend's phone port.
    ///   - verifier: Proves each request for an SMS comes from the app; `NoPhoneAppProof()` for a backend that asks
    ///     for none.
    ///   - clock: Counts the sessions' expiry.
    public init(
        backend: any PhoneBackend, verifier: any PhoneAppVerifier = NoPhoneAppProof(),
        clock: any WallClock = SystemWallClock()
    ) {
        self.backend = backend
        self.verifier = verifier
        self.clock = clock
    }

    public func sendCode(to phoneNumber: String) async throws(AuthError) -> PhoneVerification {
        let proof = try await verifier.proof(for: phoneNumber)
        let id = try await IdentityBackendError.translating(for: .phone, special: Self.phoneMeaning) {
            try await backend.sendPhoneCode(phoneNumber: phoneNumber, appProof: proof)
        }
        return PhoneVerification(phoneNumber: phoneNumber, id: id)
    }

    public func signIn(_ verification: PhoneVerification, code: Secret) async throws(AuthError) -> UserSession {
        try await IdentityBackendError.translating(for: .phone, special: Self.phoneMeaning) {
            try await backend.signInWithPhoneCode(sessionInfo: verification.id, code: code, idToken: nil)
                .toDomain(now: clock.now())
        }
    }

    public func link(_ verification: PhoneVerification, code: Secret, to session: UserSession) async throws(AuthError)
        -> UserSession
    {
        try await IdentityBackendError.translating(for: .phone, special: Self.phoneMeaning) {
            try await backend.signInWithPhoneCode(
                sessionInfo: verification.id, code: code, idToken: session.tokens.idToken
            ).toDomain(now: clock.now())
        }
    }

    /// The codes a second factor also answers mean something else here: a wrong code is the SMS's, and a session
    /// that is unknown or expired is a verification to start again.
    static func phoneMeaning(_ error: IdentityBackendError) -> AuthError? {
        switch error.code {
        case .invalidPhoneNumber: .invalidPhoneNumber
        case .invalidCode: .invalidPhoneCode
        case .invalidSessionInfo, .sessionExpired: .phoneCodeExpired
        case .phoneNumberExists: .phoneNumberAlreadyInUse
        case .tooManyAttempts, .quotaExceeded: .tooManyPhoneCodes
        // Firebase says a region left out of its SMS policy as OPERATION_NOT_ALLOWED, with words naming the region.
        case .unsupportedProvider where error.message.localizedCaseInsensitiveContains("region"): .phoneRegionNotAllowed
        default: nil
        }
    }
}
