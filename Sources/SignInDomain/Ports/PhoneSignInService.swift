/// Signing in with a phone number (Firebase's phone sign-in): the backend sends a 6-digit code by SMS; the code, with
/// the verification it belongs to, signs in, and makes the account at its first use. The same code can instead give
/// the signed-in account the number.
public protocol PhoneSignInService: Sendable {
    /// Sends a code by SMS to `phoneNumber` (E.164).
    /// - Returns: The verification the code belongs to: the app keeps it until the user types the code.
    /// - Throws: ``AuthError/invalidPhoneNumber``, ``AuthError/tooManyPhoneCodes`` when the backend sends no more codes
    ///   to this number or from this app for a while, ``AuthError/phoneRegionNotAllowed`` when the project sends no SMS
    ///   to the number's country, ``AuthError/operationNotAllowed(_:)`` when the project turned phone sign-in off.
    func sendCode(to phoneNumber: String) async throws(AuthError) -> PhoneVerification

    /// Signs in with the code sent for `verification`.
    /// - Returns: The session; its account has the number.
    /// - Throws: ``AuthError/invalidPhoneCode``, ``AuthError/phoneCodeExpired``, ``AuthError/userDisabled``,
    ///   ``AuthError/secondFactorRequired(_:)``.
    func signIn(_ verification: PhoneVerification, code: Secret) async throws(AuthError) -> UserSession

    /// Gives the account of `session` the number of `verification`, proved by its code.
    /// - Returns: The account's session, with the number.
    /// - Throws: As ``signIn(_:code:)``, and ``AuthError/phoneNumberAlreadyInUse`` when another account has the
    ///   number.
    func link(_ verification: PhoneVerification, code: Secret, to session: UserSession) async throws(AuthError)
        -> UserSession
}

/// What proves to the backend that a request for an SMS comes from the app, not from a script sending SMS at the
/// project's cost: real Firebase asks for one (an APNs token's receipt on Apple platforms, a reCAPTCHA token
/// elsewhere). A platform adapter gets it; emulators and the embedded backend ask for none.
public protocol PhoneAppVerifier: Sendable {
    /// The proof for one request for an SMS to `phoneNumber`.
    /// - Throws: ``AuthError/uiClientFailed(_:reason:)`` (``ProviderType/phone``) when the platform could not give one.
    func proof(for phoneNumber: String) async throws(AuthError) -> PhoneAppProof
}

/// A proof that a request for an SMS comes from the app.
public enum PhoneAppProof: Hashable, Sendable {
    /// No proof: what an emulator or the embedded backend takes. Real Firebase refuses it.
    case none
    /// A reCAPTCHA token the app got for this request (Firebase's `recaptchaToken`).
    case recaptcha(Secret)
    /// The receipt Firebase gave for the app's APNs token, and the secret it then pushed to the app
    /// (`iosReceipt`, `iosSecret`).
    case apns(receipt: String, secret: Secret)
}

/// The verifier of a backend that asks for no proof (an emulator, the embedded backend).
public struct NoPhoneAppProof: PhoneAppVerifier {
    /// Creates the verifier.
    public init() {}

    public func proof(for phoneNumber: String) async throws(AuthError) -> PhoneAppProof { .none }
}
