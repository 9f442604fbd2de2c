import SignInDomain

/// What can happen on the sign-in screen: the KMP app's actions (`ClickApple`, …), a generic action for any
/// other provider, sign-out, the responses of effects, and changes of the auth state made elsewhere.
public enum SignInAction: Hashable, Sendable {
    /// The Apple button was tapped.
    case clickApple
    /// The Google button was tapped.
    case clickGoogle
    /// The guest button was tapped.
    case clickAnonymous
    /// The email button was tapped.
    case clickEmail
    /// Any provider's button was tapped: the way a fifth provider is wired without editing this type.
    case clickProvider(ProviderType)
    /// The sign-out button was tapped.
    case clickSignOut
    /// The sign-in effect finished.
    case signInResponse(SignInResponse)
    /// The sign-out effect finished.
    case signOutResponse(SignOutResponse)
    /// The auth state changed (a refresh, a sign-out in another screen, a revoked session).
    case authStateChanged(AuthStateEvent)
    /// The user dismissed the error message.
    case dismissError
    /// The sign-up form was submitted.
    case signUp(email: String, password: Secret)
    /// The "link" button of a provider was tapped (a guest upgrading, or adding a way to sign in).
    case clickLink(ProviderType)
    /// The "unlink" button of a provider was tapped.
    case clickUnlink(ProviderType)
    /// The "forgot password" form was submitted.
    case requestPasswordReset(email: String)
    /// A reset link was opened and a new password chosen. The link carries a live reset code, so it is a
    /// ``Secret``: it never shows in a trace, a log or a `dump`.
    case openResetLink(Secret, newPassword: Secret)
    /// The signed-in user chose a new password (a profile screen's "change password").
    case changePassword(newPassword: Secret)
    /// The Apple credential state is to be checked: the user asked, the app launched or came back to the
    /// foreground, or Apple's revocation notice arrived. Only a check the user asked for shows progress and errors;
    /// the others run beside anything in progress, and a sign-out they cause arrives as
    /// ``authStateChanged(_:)``.
    case checkAppleCredential(AppleCredentialCheckTrigger)
    /// The "delete account" button was confirmed.
    case clickDeleteAccount
    /// An account effect finished.
    case accountResponse(AccountResponse)

    /// The action's case name without its values, for traces and logs: `clickApple`, `clickLink`,
    /// `openResetLink`, `accountResponse`. It never contains a link, a password or an email.
    public var name: String {
        switch self {
        case .clickApple: "clickApple"
        case .clickGoogle: "clickGoogle"
        case .clickAnonymous: "clickAnonymous"
        case .clickEmail: "clickEmail"
        case .clickProvider: "clickProvider"
        case .clickSignOut: "clickSignOut"
        case .signInResponse: "signInResponse"
        case .signOutResponse: "signOutResponse"
        case .authStateChanged: "authStateChanged"
        case .dismissError: "dismissError"
        case .signUp: "signUp"
        case .clickLink: "clickLink"
        case .clickUnlink: "clickUnlink"
        case .requestPasswordReset: "requestPasswordReset"
        case .openResetLink: "openResetLink"
        case .changePassword: "changePassword"
        case .checkAppleCredential: "checkAppleCredential"
        case .clickDeleteAccount: "clickDeleteAccount"
        case .accountResponse: "accountResponse"
        }
    }

    /// The provider a click action asks for, or `nil` for other actions.
    public var clickedProvider: ProviderType? {
        switch self {
        case .clickApple: .apple
        case .clickGoogle: .google
        case .clickAnonymous: .anonymous
        case .clickEmail: .emailPassword
        case .clickProvider(let provider): provider
        default: nil
        }
    }
}

/// How a sign-in effect ended.
public enum SignInResponse: Hashable, Sendable {
    /// Signed in.
    case signedIn(UserSession)
    /// The user cancelled.
    case cancelled
    /// The sign-in failed.
    case failed(AuthError)
}

/// How a sign-out effect ended.
public enum SignOutResponse: Hashable, Sendable {
    /// Signed out; `revoked` tells whether the backend confirmed the revocation.
    case signedOut(revoked: Bool)
    /// The sign-out failed.
    case failed(AuthError)
}
