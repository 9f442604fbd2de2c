public import SignInDomain

/// Signing in with a code sent by SMS: Firebase's `accounts:sendVerificationCode` and
/// `accounts:signInWithPhoneNumber`.
public protocol PhoneBackend: Sendable {
    /// Sends a 6-digit code by SMS to `phoneNumber` (E.164), with the app's proof where the backend asks for one.
    /// - Returns: The verification's id (Firebase's `sessionInfo`).
    /// - Throws: ``IdentityBackendError/Code/invalidPhoneNumber``, ``IdentityBackendError/Code/tooManyAttempts``
    ///   past a limit on SMS, ``IdentityBackendError/Code/unsupportedProvider`` (`OPERATION_NOT_ALLOWED`) when phone
    ///   sign-in is off or the number's region is not allowed, `MISSING_APP_CREDENTIAL` or `INVALID_APP_CREDENTIAL`
    ///   for a missing or refused proof.
    func sendPhoneCode(phoneNumber: String, appProof: PhoneAppProof) async throws -> Secret

    /// Signs in with the code sent for `sessionInfo`; with `idToken`, gives that account the number instead.
    /// - Throws: ``IdentityBackendError/Code/invalidCode``, ``IdentityBackendError/Code/invalidSessionInfo``,
    ///   ``IdentityBackendError/Code/sessionExpired``, ``IdentityBackendError/Code/phoneNumberExists`` (a link to a
    ///   number another account has), ``IdentityBackendError/Code/secondFactorRequired``.
    func signInWithPhoneCode(sessionInfo: Secret, code: Secret, idToken: Secret?) async throws
        -> BackendSessionResponse
}
