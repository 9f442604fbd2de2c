/// Something an identity backend may or may not offer: what ``AuthError/notSupportedByBackend(_:)`` names, so that a
/// screen says which feature is missing in the user's language.
public enum BackendFeature: Hashable, Sendable {
    /// Signing in with a provider; ``ProviderType/anonymous`` is a guest sign-in.
    case signIn(ProviderType)
    /// Linking another way to sign in to an account.
    case linking
    /// Unlinking a way to sign in.
    case unlinking
    /// Changing a signed-in user's password.
    case passwordChange
    /// Resetting a password by a mailed link.
    case passwordReset
    /// Deleting an account.
    case accountDeletion
    /// Verifying an account's email by a mailed link.
    case emailVerification
    /// Changing a signed-in user's display name or email.
    case profileUpdate
    /// Second factors (an authenticator's one-time codes).
    case secondFactors
    /// Recovery codes, used once each in place of a second factor's code.
    case recoveryCodes
    /// Passkeys (WebAuthn): registering one, signing in with one.
    case passkeys
    /// Signing in without a password, with a link (or its code) mailed to the user.
    case emailLinkSignIn
    /// Signing in with a code sent by SMS, and linking a phone number to an account.
    case phoneSignIn
}
