public import SignInDomain

/// What can happen on the sign-in screen: a provider's button (`.clickProvider(.apple)`), the email form, sign-out,
/// the feature groups' actions (`.account(…)`, `.secondFactor(…)`, `.passkey(…)`), the responses of effects, and
/// changes of the auth state made elsewhere. Whatever the user types travels in the action; a provider with a sheet
/// of its own (Apple, Google, a guest) is asked through its UI client.
public enum SignInAction: Sendable {
    /// A provider's button was tapped (Apple, Google, a guest, any registered provider): its UI client asks the user.
    case clickProvider(ProviderType)
    /// The email sign-in form was submitted.
    case signInWithEmail(email: String, password: Secret)
    /// The sign-out button was tapped.
    case clickSignOut
    /// The user gave up what is in progress (a sign-in waiting on a provider's sheet, an account operation): the
    /// screen stops waiting for it at once and its task is cancelled, which closes the system's sheets and stops a
    /// request the transport can still stop; work that cannot be stopped may still finish at the backend. Its
    /// response, should it still come, is not shown; a session it stored anyway reaches ``SignInState/session``
    /// through the session's changes, which `SignInViewModel.start()` follows. A sign-out and an account deletion are
    /// not cancelled: they run to their end.
    case cancel
    /// An account operation (passwords, profile, linking, deletion, or one of the app's own).
    case account(AccountAction)
    /// A second-factor action.
    case secondFactor(SecondFactorAction)
    /// A passkey action.
    case passkey(PasskeyAction)
    /// A sign-in link action.
    case emailLink(EmailLinkAction)
    /// A phone sign-in action.
    case phone(PhoneAction)
    /// The sign-in effect finished.
    case signInResponse(SignInResponse)
    /// The sign-out effect finished.
    case signOutResponse(SignOutResponse)
    /// An account effect finished.
    case accountResponse(AccountResponse)
    /// The auth state changed (a refresh, a sign-out in another screen, a revoked session).
    case authStateChanged(AuthStateEvent)
    /// The launch (`SignInViewModel.start()`) could not read the stored session: the screen says why.
    case sessionRestoreFailed(AuthError)
    /// The user dismissed the error message.
    case dismissError

    /// The action's case name, with the provider for a provider's button, for traces and logs:
    /// `clickProvider(apple.com)`, `clickLink(google.com)`, `openResetLink`, `accountResponse`. It never contains a
    /// link, a password, a code or an email.
    public var name: String {
        switch self {
        case .clickProvider(let provider): "clickProvider(\(provider.rawValue))"
        case .signInWithEmail: "signInWithEmail"
        case .clickSignOut: "clickSignOut"
        case .cancel: "cancel"
        case .account(let action): action.name
        case .secondFactor(let action): action.name
        case .passkey(let action): action.name
        case .emailLink(let action): action.name
        case .phone(let action): action.name
        case .signInResponse: "signInResponse"
        case .signOutResponse: "signOutResponse"
        case .accountResponse: "accountResponse"
        case .authStateChanged: "authStateChanged"
        case .sessionRestoreFailed: "sessionRestoreFailed"
        case .dismissError: "dismissError"
        }
    }
}

/// How a sign-in effect ended.
public enum SignInResponse: Hashable, Sendable {
    /// Signed in.
    case signedIn(UserSession)
    /// Signed in with a recovery code in place of a second factor; `codesLeft` unused codes remain.
    case signedInWithRecoveryCode(UserSession, codesLeft: Int)
    /// The user cancelled.
    case cancelled
    /// The first step succeeded and the account asks for a second factor.
    case secondFactorRequired(SecondFactorChallenge)
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

extension SignInAction: CustomStringConvertible, CustomReflectable {
    /// The action's name: what it carries (a password, a code, a link, the use case and the session and keys it
    /// reaches) shows in no log, `print`, `dump` or debugger summary.
    public var description: String { name }
    public var customMirror: Mirror { Mirror(self, children: ["name": name]) }
}
