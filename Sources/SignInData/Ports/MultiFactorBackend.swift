public import Foundation
public import SignInDomain

/// Second factors at the backend, as Identity Platform's v2 endpoints have them: `accounts/mfaEnrollment:start`,
/// `:finalize` and `:withdraw`, the `mfaInfo` of `accounts:lookup`, and `accounts/mfaSignIn:finalize`. A sign-in of an
/// account with factors does not answer with a session: it throws ``IdentityBackendError/Code/secondFactorRequired``
/// with ``IdentityBackendError/secondFactor``.
public protocol MultiFactorBackend: Sendable {
    /// Starts a TOTP enrolment for the account of `idToken`.
    /// - Throws: ``IdentityBackendError/Code/credentialTooOld`` when its sign-in is not recent.
    func startTOTPEnrollment(idToken: Secret) async throws -> BackendTOTPEnrollment

    /// Confirms an enrolment with a first code.
    /// - Returns: The new tokens, and the account's recovery codes when the backend made them (its first factor).
    /// - Throws: ``IdentityBackendError/Code/invalidCode``, ``IdentityBackendError/Code/invalidSessionInfo`` (the
    ///   enrolment is unknown or expired).
    func finalizeTOTPEnrollment(idToken: Secret, sessionInfo: Secret, code: Secret, displayName: String?)
        async throws -> BackendTOTPEnrollmentResult

    /// The account's enrolled factors.
    func secondFactors(idToken: Secret) async throws -> [BackendSecondFactor]

    /// Removes a factor.
    /// - Throws: ``IdentityBackendError/Code/credentialTooOld``, ``IdentityBackendError/Code/mfaEnrollmentNotFound``.
    func withdrawSecondFactor(idToken: Secret, enrollmentID: String) async throws -> BackendSessionResponse

    /// Finishes a sign-in that asked for a second factor.
    /// - Throws: ``IdentityBackendError/Code/invalidCode``, ``IdentityBackendError/Code/invalidMFAPendingCredential``,
    ///   ``IdentityBackendError/Code/tooManyAttempts``.
    func finalizeSecondFactorSignIn(pendingCredential: Secret, enrollmentID: String, code: Secret)
        async throws -> BackendSessionResponse

    /// Finishes a sign-in that asked for a second factor with one of the account's recovery codes.
    /// - Throws: ``IdentityBackendError/Code/invalidRecoveryCode``,
    ///   ``IdentityBackendError/Code/invalidMFAPendingCredential``, ``IdentityBackendError/Code/tooManyAttempts``,
    ///   ``IdentityBackendError/Code/notSupportedByBackend`` where the backend has no recovery codes (Firebase).
    func finalizeSecondFactorSignIn(pendingCredential: Secret, recoveryCode: Secret)
        async throws -> BackendRecoveryCodeSignIn

    /// Replaces the account's recovery codes with a new set.
    /// - Throws: ``IdentityBackendError/Code/credentialTooOld``, ``IdentityBackendError/Code/mfaEnrollmentNotFound``
    ///   (the account has no second factor), ``IdentityBackendError/Code/notSupportedByBackend``.
    func newRecoveryCodes(idToken: Secret) async throws -> [Secret]
}

/// A confirmed TOTP enrolment: the new tokens, and the recovery codes the backend made with the account's first
/// factor (empty otherwise).
public struct BackendTOTPEnrollmentResult: Hashable, Sendable {
    /// The new tokens.
    public var session: BackendSessionResponse
    /// The new recovery codes, in the clear this once.
    public var recoveryCodes: [Secret]

    /// Creates a result.
    public init(session: BackendSessionResponse, recoveryCodes: [Secret] = []) {
        self.session = session
        self.recoveryCodes = recoveryCodes
    }
}

/// A sign-in finished with a recovery code: the new tokens, and how many unused codes are left.
public struct BackendRecoveryCodeSignIn: Hashable, Sendable {
    /// The new tokens.
    public var session: BackendSessionResponse
    /// Unused codes left.
    public var codesLeft: Int

    /// Creates a result.
    public init(session: BackendSessionResponse, codesLeft: Int) {
        self.session = session
        self.codesLeft = codesLeft
    }
}

/// A started TOTP enrolment, as `mfaEnrollment:start` answers it (`totpSessionInfo`).
public struct BackendTOTPEnrollment: Hashable, Sendable {
    /// The shared secret, Base32.
    public var sharedSecretKey: Secret
    /// Digits per code.
    public var verificationCodeLength: Int
    /// `SHA1`, `SHA256`.
    public var hashingAlgorithm: String
    /// Seconds a code lasts.
    public var periodSec: Int
    /// The enrolment's handle, sent back to finalize it.
    public var sessionInfo: Secret
    /// When it must be finalized by.
    public var finalizeEnrollmentTime: Date

    /// Creates an enrolment.
    public init(
        sharedSecretKey: Secret, verificationCodeLength: Int, hashingAlgorithm: String, periodSec: Int,
        sessionInfo: Secret, finalizeEnrollmentTime: Date
    ) {
        self.sharedSecretKey = sharedSecretKey
        self.verificationCodeLength = verificationCodeLength
        self.hashingAlgorithm = hashingAlgorithm
        self.periodSec = periodSec
        self.sessionInfo = sessionInfo
        self.finalizeEnrollmentTime = finalizeEnrollmentTime
    }

    /// The enrolment as the Domain has it.
    public var domain: TOTPEnrollment {
        TOTPEnrollment(
            secret: sharedSecretKey, algorithm: hashingAlgorithm, digits: verificationCodeLength, period: periodSec,
            session: sessionInfo, expiresAt: finalizeEnrollmentTime)
    }
}

/// An enrolled factor, as an `mfaInfo` entry describes it.
public struct BackendSecondFactor: Hashable, Sendable {
    /// `mfaEnrollmentId`.
    public var mfaEnrollmentId: String
    /// The name the user gave it.
    public var displayName: String?
    /// When it was enrolled.
    public var enrolledAt: Date
    /// For a phone factor, its number (`phoneInfo`), which the backend may show masked (`+*******0100`); `nil` for
    /// a TOTP factor.
    public var phoneNumber: String?

    /// Creates a factor.
    public init(mfaEnrollmentId: String, displayName: String? = nil, enrolledAt: Date, phoneNumber: String? = nil) {
        self.mfaEnrollmentId = mfaEnrollmentId
        self.displayName = displayName
        self.enrolledAt = enrolledAt
        self.phoneNumber = phoneNumber
    }

    /// The factor as the Domain has it.
    public var domain: SecondFactor {
        SecondFactor(
            id: mfaEnrollmentId, kind: phoneNumber == nil ? .totp : .phone, displayName: displayName,
            enrolledAt: enrolledAt, phoneNumber: phoneNumber)
    }
}

/// What a sign-in of an account with second factors answers instead of a session (`mfaPendingCredential` and
/// `mfaInfo`).
public struct BackendSecondFactorChallenge: Hashable, Sendable {
    /// `mfaPendingCredential`.
    public var pendingCredential: Secret
    /// The account's factors.
    public var factors: [BackendSecondFactor]
    /// The account's email, if the backend said.
    public var email: String?

    /// Creates a challenge.
    public init(pendingCredential: Secret, factors: [BackendSecondFactor], email: String? = nil) {
        self.pendingCredential = pendingCredential
        self.factors = factors
        self.email = email
    }

    /// The challenge as the Domain has it, for a first step made with `provider`.
    public func domain(provider: ProviderType) -> SecondFactorChallenge {
        SecondFactorChallenge(
            pendingCredential: pendingCredential, factors: factors.map(\.domain), provider: provider, email: email)
    }
}
