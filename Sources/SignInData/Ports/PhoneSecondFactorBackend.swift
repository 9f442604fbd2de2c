public import SignInDomain

/// Phone numbers as second factors, as Identity Platform's v2 endpoints have them: `accounts/mfaEnrollment:start` and
/// `:finalize` with `phoneEnrollmentInfo` and `phoneVerificationInfo`, `accounts/mfaSignIn:start` and `:finalize` with
/// `phoneSignInInfo` and `phoneVerificationInfo`. Listing and removing factors are ``MultiFactorBackend``'s.
public protocol PhoneSecondFactorBackend: Sendable {
    /// Sends a code by SMS to `phoneNumber`, to enrol it on the account of `idToken`.
    /// - Returns: The enrolment's session info.
    /// - Throws: ``IdentityBackendError/Code/unverifiedEmail``, ``IdentityBackendError/Code/unsupportedFirstFactor``
    ///   (a guest, or a session the phone signed in), ``IdentityBackendError/Code/credentialTooOld``,
    ///   ``IdentityBackendError/Code/invalidPhoneNumber``, ``IdentityBackendError/Code/secondFactorExists``, the SMS
    ///   limits.
    func startPhoneEnrollment(idToken: Secret, phoneNumber: String, appProof: PhoneAppProof) async throws -> Secret

    /// Confirms a phone factor with the code sent to it.
    /// - Returns: The new tokens, and the account's recovery codes when the backend made them.
    /// - Throws: ``IdentityBackendError/Code/invalidCode``, ``IdentityBackendError/Code/invalidSessionInfo``,
    ///   ``IdentityBackendError/Code/sessionExpired``, ``IdentityBackendError/Code/secondFactorExists``.
    func finalizePhoneEnrollment(idToken: Secret, sessionInfo: Secret, code: Secret, displayName: String?)
        async throws -> BackendTOTPEnrollmentResult

    /// The second step of a sign-in with a phone factor: sends a code to the factor's number.
    /// - Returns: The step's session info.
    /// - Throws: ``IdentityBackendError/Code/invalidMFAPendingCredential``,
    ///   ``IdentityBackendError/Code/mfaEnrollmentNotFound``, the SMS limits.
    func startPhoneSecondFactorSignIn(pendingCredential: Secret, enrollmentID: String, appProof: PhoneAppProof)
        async throws -> Secret

    /// Finishes a sign-in with the code sent to a phone factor.
    /// - Throws: ``IdentityBackendError/Code/invalidCode``, ``IdentityBackendError/Code/invalidSessionInfo``,
    ///   ``IdentityBackendError/Code/sessionExpired``, ``IdentityBackendError/Code/invalidMFAPendingCredential``.
    func finalizePhoneSecondFactorSignIn(pendingCredential: Secret, sessionInfo: Secret, code: Secret)
        async throws -> BackendSessionResponse
}
