public import SignInDomain

/// An account operation the view model completed.
public enum AccountOperation: Hashable, Sendable {
    case signUp
    case link(ProviderType)
    case unlink(ProviderType)
    case requestPasswordReset
    /// A sign-in link was mailed to this email.
    case sendSignInLink(email: String)
    /// A code was sent by SMS: keep the verification until the user types the code.
    case sendPhoneCode(PhoneVerification)
    case confirmPasswordReset
    /// A reset link's code is good: it sets the password of this email.
    case checkPasswordResetCode(email: String)
    case checkAppleCredential(AppleCredentialState)
    case deleteAccount
    case changePassword
    /// A verification mail was sent to this email.
    case sendEmailVerification(email: String)
    /// This email is verified now.
    case applyEmailVerification(email: String)
    /// The display name or the email changed.
    case updateProfile
    /// A TOTP enrolment started: show its secret and wait for a first code.
    case startTOTPEnrollment(TOTPEnrollment)
    /// The authenticator is enrolled: sign-ins ask for its codes. `recoveryCodes` are the account's, made with its
    /// first authenticator (empty otherwise): show them this once.
    case enrollTOTP(recoveryCodes: [Secret])
    /// A code went by SMS to a phone being enrolled: keep the verification until the user types the code.
    case startPhoneEnrollment(PhoneVerification)
    /// The phone is enrolled; `recoveryCodes` as for ``enrollTOTP(recoveryCodes:)``.
    case enrollPhoneFactor(recoveryCodes: [Secret])
    /// A code went by SMS to a phone factor of the sign-in waiting for one: keep the verification until the user
    /// types the code.
    case sendSecondFactorCode(PhoneVerification)
    /// A new set of recovery codes replaced the account's: show them this once.
    case newRecoveryCodes([Secret])
    /// The account's second factors.
    case listSecondFactors([SecondFactor])
    /// A second factor was removed.
    case removeSecondFactor
    /// A passkey was registered.
    case registerPasskey
    /// The account's passkeys.
    case listPasskeys([Passkey])
    /// A passkey was removed.
    case removePasskey
    /// An operation of the app's own (``AccountAction/init(name:useCase:run:)``), by its name.
    case other(String)
}
