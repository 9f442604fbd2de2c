public import SignInDomain

/// What can happen on the sign-in screen: a provider's button (`.clickProvider(.apple)`), the forms' submissions with what the user typed, sign-out, the responses of effects, and
/// changes of the auth state made elsewhere. Whatever the user types travels in the action; a provider with a sheet
/// of its own (Apple, Google, a guest) is asked through its UI client.
public enum SignInAction: Hashable, Sendable {
    /// A provider's button was tapped (Apple, Google, a guest, any registered provider): its UI client asks the user.
    case clickProvider(ProviderType)
    /// The email sign-in form was submitted.
    case signInWithEmail(email: String, password: Secret)
    /// The sign-out button was tapped.
    case clickSignOut
    /// The sign-in effect finished.
    case signInResponse(SignInResponse)
    /// The sign-out effect finished.
    case signOutResponse(SignOutResponse)
    /// The auth state changed (a refresh, a sign-out in another screen, a revoked session).
    case authStateChanged(AuthStateEvent)
    /// The launch (`SignInViewModel.start()`) could not read the stored session: the screen says why.
    case sessionRestoreFailed(AuthError)
    /// The user dismissed the error message.
    case dismissError
    /// The sign-up form was submitted.
    case signUp(Offer<SignUpUseCase>, email: String, password: Secret)
    /// The "link" button of a provider with a sheet was tapped (a guest upgrading, or adding a way to sign in).
    case clickLink(Offer<LinkProviderUseCase>, ProviderType)
    /// The "add email and password" form was submitted (a guest upgrading, or adding a password).
    case linkEmail(Offer<LinkProviderUseCase>, email: String, password: Secret)
    /// The "unlink" button of a provider was tapped; `currentPassword`, for an email account, signs in again if the
    /// backend asks for a recent sign-in.
    case clickUnlink(Offer<UnlinkProviderUseCase>, ProviderType, currentPassword: Secret? = nil)
    /// The "forgot password" form was submitted.
    case requestPasswordReset(Offer<RequestPasswordResetUseCase>, email: String)
    /// A reset link was opened and a new password chosen. The link carries a live reset code, so it is a
    /// `Secret`: it never shows in a trace, a log or a `dump`.
    case openResetLink(Offer<ConfirmPasswordResetUseCase>, Secret, newPassword: Secret)
    /// A reset link was opened: before asking for a new password, the screen learns whose password it sets
    /// (``AccountOperation/checkPasswordResetCode(email:)``) or that the link is no good. The link is a `Secret`.
    case checkResetLink(Offer<CheckPasswordResetCodeUseCase>, Secret)
    /// The "verify my email" button was tapped: a verification mail goes to the account's email.
    case sendEmailVerification(Offer<SendEmailVerificationUseCase>)
    /// A verification link was opened. It carries a live code, so it is a `Secret`.
    case openVerificationLink(Offer<ApplyEmailVerificationUseCase>, Secret)
    /// The profile form was submitted: a new display name or photo URL (empty removes them) or email, with the current
    /// password if the screen asked for it.
    case updateProfile(
        Offer<UpdateProfileUseCase>, displayName: String?, email: String?, photoURL: String? = nil,
        currentPassword: Secret? = nil)
    /// The signed-in user chose a new password (a profile screen's "change password"), giving the current one if the
    /// screen asked for it.
    case changePassword(Offer<ChangePasswordUseCase>, newPassword: Secret, currentPassword: Secret? = nil)
    /// The Apple credential state is to be checked: the user asked, the app launched or came back to the
    /// foreground, or Apple's revocation notice arrived. Only a check the user asked for shows progress and errors;
    /// the others run beside anything in progress, and a sign-out they cause arrives as
    /// ``authStateChanged(_:)``.
    case checkAppleCredential(Offer<CheckAppleCredentialUseCase>, AppleCredentialCheckTrigger)
    /// The "delete account" button was confirmed, with the current password if the screen asked for it.
    case clickDeleteAccount(Offer<DeleteAccountUseCase>, currentPassword: Secret? = nil)
    /// An account effect finished.
    case accountResponse(AccountResponse)
    /// The code of a sign-in waiting for a second factor was submitted; `factorID` picks the factor (`nil`: the
    /// account's first).
    case submitSecondFactorCode(Offer<FinishSecondFactorSignInUseCase>, code: Secret, factorID: String? = nil)
    /// The user gave up the sign-in waiting for a second factor: nobody is signed in, nothing is stored.
    case cancelSecondFactor
    /// "Add an authenticator app" was tapped, with the current password if the screen asked for it.
    case startTOTPEnrollment(Offer<EnrollTOTPUseCase>, currentPassword: Secret? = nil)
    /// The first code from the authenticator app was submitted for the enrolment in progress.
    case confirmTOTPEnrollment(Offer<EnrollTOTPUseCase>, code: Secret, displayName: String? = nil)
    /// The user gave up the enrolment in progress: nothing changes for the account.
    case cancelTOTPEnrollment
    /// The account's second factors are to be listed.
    case listSecondFactors(Offer<ListSecondFactorsUseCase>)
    /// "Remove" was tapped on a second factor; `confirmingLast` says the user confirmed that removing the last one
    /// turns two-step sign-in off.
    case removeSecondFactor(
        Offer<RemoveSecondFactorUseCase>, id: String, confirmingLast: Bool = false, currentPassword: Secret? = nil)
    /// "Sign in with a passkey" was tapped: the device's sheet offers the passkeys it holds.
    case clickSignInWithPasskey(Offer<SignInWithPasskeyUseCase>)
    /// "Add a passkey" was tapped, with the name the user gave it and the current password if the screen asked for
    /// it.
    case registerPasskey(Offer<RegisterPasskeyUseCase>, name: String = "", currentPassword: Secret? = nil)
    /// The account's passkeys are to be listed.
    case listPasskeys(Offer<ListPasskeysUseCase>)
    /// "Remove" was tapped on a passkey.
    case removePasskey(Offer<RemovePasskeyUseCase>, id: String, currentPassword: Secret? = nil)

    /// The action's case name, with the provider for a provider's button, for traces and logs:
    /// `clickProvider(apple.com)`, `clickLink(google.com)`, `openResetLink`, `accountResponse`. It never contains a
    /// link, a password, a code or an email.
    public var name: String {
        switch self {
        case .clickProvider(let provider): "clickProvider(\(provider.rawValue))"
        case .signInWithEmail: "signInWithEmail"
        case .clickSignOut: "clickSignOut"
        case .signInResponse: "signInResponse"
        case .signOutResponse: "signOutResponse"
        case .authStateChanged: "authStateChanged"
        case .sessionRestoreFailed: "sessionRestoreFailed"
        case .dismissError: "dismissError"
        case .signUp: "signUp"
        case .clickLink(_, let provider): "clickLink(\(provider.rawValue))"
        case .linkEmail: "linkEmail"
        case .clickUnlink(_, let provider, _): "clickUnlink(\(provider.rawValue))"
        case .requestPasswordReset: "requestPasswordReset"
        case .openResetLink: "openResetLink"
        case .checkResetLink: "checkResetLink"
        case .sendEmailVerification: "sendEmailVerification"
        case .openVerificationLink: "openVerificationLink"
        case .updateProfile: "updateProfile"
        case .changePassword: "changePassword"
        case .checkAppleCredential: "checkAppleCredential"
        case .clickDeleteAccount: "clickDeleteAccount"
        case .accountResponse: "accountResponse"
        case .submitSecondFactorCode: "submitSecondFactorCode"
        case .cancelSecondFactor: "cancelSecondFactor"
        case .startTOTPEnrollment: "startTOTPEnrollment"
        case .confirmTOTPEnrollment: "confirmTOTPEnrollment"
        case .cancelTOTPEnrollment: "cancelTOTPEnrollment"
        case .listSecondFactors: "listSecondFactors"
        case .removeSecondFactor: "removeSecondFactor"
        case .clickSignInWithPasskey: "clickSignInWithPasskey"
        case .registerPasskey: "registerPasskey"
        case .listPasskeys: "listPasskeys"
        case .removePasskey: "removePasskey"
        }
    }

    /// The provider a sign-in action asks for, or `nil` for other actions.
    public var clickedProvider: ProviderType? {
        switch self {
        case .clickProvider(let provider): provider
        case .signInWithEmail: .emailPassword
        case .clickSignInWithPasskey: .passkey
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
