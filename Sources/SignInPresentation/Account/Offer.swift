public import SignInDomain

/// A use case the view model was given, as an action that needs it carries it: only ``SignInViewModel/offers``
/// makes one, for the use cases the view model has. So an action for a use case that was not wired cannot be
/// written: the compiler refuses it, where a missing use case used to fail only when the user tapped the button.
///
/// ```swift
/// if let delete = viewModel.offers.deleteAccount {        // the backend can delete accounts
///     Button("Delete account") { viewModel.dispatch(.clickDeleteAccount(delete)) }
/// }
/// ```
///
/// Two offers are equal when they are the same offer: the one a view model's wiring made (copies of it included). So
/// two actions are equal when they ask the same of the same wiring, and an action carrying another view model's
/// offer is not mistaken for this one's.
public struct Offer<UseCase: Sendable>: Hashable, Sendable {
    /// The use case, in a reference whose identity is the offer's.
    private final class Wiring: Sendable {
        let useCase: UseCase
        init(_ useCase: UseCase) { self.useCase = useCase }
    }

    private let wiring: Wiring

    /// The use case the offer runs.
    var useCase: UseCase { wiring.useCase }

    init(_ useCase: UseCase) {
        wiring = Wiring(useCase)
    }

    public static func == (lhs: Offer, rhs: Offer) -> Bool { lhs.wiring === rhs.wiring }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(wiring)) }
}

/// What the screen can offer besides signing in and out: one ``Offer`` for each account use case the view model
/// was given. A screen draws the buttons of the offers present; an action needs its offer.
public struct SignInOffers: Hashable, Sendable {
    /// Email sign-up.
    public var signUp: Offer<SignUpUseCase>?
    /// Linking a provider (a guest upgrading, or adding a way to sign in).
    public var link: Offer<LinkProviderUseCase>?
    /// Unlinking a provider.
    public var unlink: Offer<UnlinkProviderUseCase>?
    /// Asking for a password-reset mail.
    public var requestPasswordReset: Offer<RequestPasswordResetUseCase>?
    /// Setting a new password with a reset link's code.
    public var confirmPasswordReset: Offer<ConfirmPasswordResetUseCase>?
    /// Saying whose password a reset link sets, before asking for a new one.
    public var checkPasswordResetCode: Offer<CheckPasswordResetCodeUseCase>?
    /// Checking the Apple credential state.
    public var checkAppleCredential: Offer<CheckAppleCredentialUseCase>?
    /// Deleting the account.
    public var deleteAccount: Offer<DeleteAccountUseCase>?
    /// Changing the signed-in user's password.
    public var changePassword: Offer<ChangePasswordUseCase>?
    /// Asking for a mail that verifies the account's email.
    public var sendEmailVerification: Offer<SendEmailVerificationUseCase>?
    /// Verifying an email with a mailed link.
    public var applyEmailVerification: Offer<ApplyEmailVerificationUseCase>?
    /// Changing the display name or the email.
    public var updateProfile: Offer<UpdateProfileUseCase>?
    /// Enrolling an authenticator app as a second factor.
    public var enrollTOTP: Offer<EnrollTOTPUseCase>?
    /// Listing the account's second factors.
    public var listSecondFactors: Offer<ListSecondFactorsUseCase>?
    /// Removing a second factor.
    public var removeSecondFactor: Offer<RemoveSecondFactorUseCase>?
    /// Finishing a sign-in that asked for a second factor: a screen that has it asks for the code.
    public var finishSecondFactorSignIn: Offer<FinishSecondFactorSignInUseCase>?
    /// Registering a passkey on the signed-in account.
    public var registerPasskey: Offer<RegisterPasskeyUseCase>?
    /// Listing the account's passkeys.
    public var listPasskeys: Offer<ListPasskeysUseCase>?
    /// Removing a passkey.
    public var removePasskey: Offer<RemovePasskeyUseCase>?
    /// Signing in with a passkey: a screen that has it shows the passkey button.
    public var signInWithPasskey: Offer<SignInWithPasskeyUseCase>?

    /// The offers of `account`'s use cases.
    init(_ account: AccountUseCases) {
        signUp = account.signUp.map(Offer.init)
        link = account.link.map(Offer.init)
        unlink = account.unlink.map(Offer.init)
        requestPasswordReset = account.requestPasswordReset.map(Offer.init)
        confirmPasswordReset = account.confirmPasswordReset.map(Offer.init)
        checkPasswordResetCode = account.checkPasswordResetCode.map(Offer.init)
        checkAppleCredential = account.checkAppleCredential.map(Offer.init)
        deleteAccount = account.deleteAccount.map(Offer.init)
        changePassword = account.changePassword.map(Offer.init)
        sendEmailVerification = account.sendEmailVerification.map(Offer.init)
        applyEmailVerification = account.applyEmailVerification.map(Offer.init)
        updateProfile = account.updateProfile.map(Offer.init)
        enrollTOTP = account.enrollTOTP.map(Offer.init)
        listSecondFactors = account.listSecondFactors.map(Offer.init)
        removeSecondFactor = account.removeSecondFactor.map(Offer.init)
        finishSecondFactorSignIn = account.finishSecondFactorSignIn.map(Offer.init)
        registerPasskey = account.registerPasskey.map(Offer.init)
        listPasskeys = account.listPasskeys.map(Offer.init)
        removePasskey = account.removePasskey.map(Offer.init)
        signInWithPasskey = account.signInWithPasskey.map(Offer.init)
    }
}
