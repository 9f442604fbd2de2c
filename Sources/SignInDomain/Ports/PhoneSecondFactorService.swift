/// Phone numbers as second factors: enrolling one with a code sent to it, and finishing a sign-in with a code sent to
/// one. Listing and removing the account's factors, phone ones included, are ``SecondFactorService``'s.
public protocol PhoneSecondFactorService: Sendable {
    /// Sends a code by SMS to `phoneNumber` (E.164), to enrol it on the session's account.
    /// - Throws: ``AuthError/secondFactorNeedsVerifiedEmail``, ``AuthError/secondFactorNeedsPermanentAccount``,
    ///   ``AuthError/recentSignInRequired(_:)``, ``AuthError/invalidPhoneNumber``,
    ///   ``AuthError/phoneFactorAlreadyEnrolled``, ``AuthError/tooManyPhoneCodes``.
    func startEnrollment(phoneNumber: String, for session: UserSession) async throws(AuthError) -> PhoneVerification

    /// Confirms the factor with the code sent to it: from now on, every sign-in of the account asks for a second
    /// factor, this phone among them.
    /// - Returns: The session afterwards, and the account's recovery codes when the backend made them.
    /// - Throws: ``AuthError/invalidPhoneCode``, ``AuthError/phoneCodeExpired``, ``AuthError/phoneFactorAlreadyEnrolled``.
    func finishEnrollment(
        _ verification: PhoneVerification, code: Secret, displayName: String?, for session: UserSession
    )
        async throws(AuthError) -> TOTPEnrollmentResult

    /// Sends a code by SMS to the phone factor `factorID` of a sign-in that asked for a second factor.
    /// - Throws: ``AuthError/secondFactorChallengeExpired``, ``AuthError/secondFactorNotFound``,
    ///   ``AuthError/tooManyPhoneCodes``.
    func sendSignInCode(_ challenge: SecondFactorChallenge, factorID: String) async throws(AuthError)
        -> PhoneVerification

    /// Finishes the sign-in with the code sent for `verification`.
    /// - Throws: ``AuthError/invalidPhoneCode`` (the code can be typed again), ``AuthError/phoneCodeExpired`` (send a
    ///   new one), ``AuthError/secondFactorChallengeExpired`` (sign in again).
    func finishSignIn(_ challenge: SecondFactorChallenge, verification: PhoneVerification, code: Secret)
        async throws(AuthError) -> UserSession
}
