public import SignInDomain

/// The account use cases the sign-in screen's view model can run, each optional: an app wires the ones its
/// backend can do (`IdentityBackendCapabilities.accountServices()` makes the services they need), and the view
/// model offers exactly those (``SignInViewModel/offers``); an action cannot be written for one that is missing.
public struct AccountUseCases: Sendable {
    /// Email sign-up.
    public var signUp: SignUpUseCase?
    /// Link a provider (guest upgrade).
    public var link: LinkProviderUseCase?
    /// Unlink a provider.
    public var unlink: UnlinkProviderUseCase?
    /// Ask for a password-reset mail.
    public var requestPasswordReset: RequestPasswordResetUseCase?
    /// Set a new password with a reset code.
    public var confirmPasswordReset: ConfirmPasswordResetUseCase?
    /// Say whose password a reset link sets, before a new one is asked for.
    public var checkPasswordResetCode: CheckPasswordResetCodeUseCase?
    /// Check the Apple credential state.
    public var checkAppleCredential: CheckAppleCredentialUseCase?
    /// Delete the account.
    public var deleteAccount: DeleteAccountUseCase?
    /// Change the signed-in user's password.
    public var changePassword: ChangePasswordUseCase?
    /// Ask for a mail that verifies the account's email.
    public var sendEmailVerification: SendEmailVerificationUseCase?
    /// Verify an email with a mailed link's code.
    public var applyEmailVerification: ApplyEmailVerificationUseCase?
    /// Change the display name or the email.
    public var updateProfile: UpdateProfileUseCase?
    /// Enrol an authenticator app's one-time codes as a second factor.
    public var enrollTOTP: EnrollTOTPUseCase?
    /// List the account's second factors.
    public var listSecondFactors: ListSecondFactorsUseCase?
    /// Remove a second factor.
    public var removeSecondFactor: RemoveSecondFactorUseCase?
    /// Finish a sign-in that asked for a second factor.
    public var finishSecondFactorSignIn: FinishSecondFactorSignInUseCase?
    /// Register a passkey on the signed-in account.
    public var registerPasskey: RegisterPasskeyUseCase?
    /// List the account's passkeys.
    public var listPasskeys: ListPasskeysUseCase?
    /// Remove a passkey.
    public var removePasskey: RemovePasskeyUseCase?
    /// Sign in with a passkey.
    public var signInWithPasskey: SignInWithPasskeyUseCase?

    /// Creates the set.
    public init(
        signUp: SignUpUseCase? = nil, link: LinkProviderUseCase? = nil, unlink: UnlinkProviderUseCase? = nil,
        requestPasswordReset: RequestPasswordResetUseCase? = nil,
        confirmPasswordReset: ConfirmPasswordResetUseCase? = nil,
        checkPasswordResetCode: CheckPasswordResetCodeUseCase? = nil,
        checkAppleCredential: CheckAppleCredentialUseCase? = nil, deleteAccount: DeleteAccountUseCase? = nil,
        changePassword: ChangePasswordUseCase? = nil, sendEmailVerification: SendEmailVerificationUseCase? = nil,
        applyEmailVerification: ApplyEmailVerificationUseCase? = nil, updateProfile: UpdateProfileUseCase? = nil,
        enrollTOTP: EnrollTOTPUseCase? = nil, listSecondFactors: ListSecondFactorsUseCase? = nil,
        removeSecondFactor: RemoveSecondFactorUseCase? = nil,
        finishSecondFactorSignIn: FinishSecondFactorSignInUseCase? = nil,
        registerPasskey: RegisterPasskeyUseCase? = nil, listPasskeys: ListPasskeysUseCase? = nil,
        removePasskey: RemovePasskeyUseCase? = nil, signInWithPasskey: SignInWithPasskeyUseCase? = nil
    ) {
        self.signUp = signUp
        self.link = link
        self.unlink = unlink
        self.requestPasswordReset = requestPasswordReset
        self.confirmPasswordReset = confirmPasswordReset
        self.checkPasswordResetCode = checkPasswordResetCode
        self.checkAppleCredential = checkAppleCredential
        self.deleteAccount = deleteAccount
        self.changePassword = changePassword
        self.sendEmailVerification = sendEmailVerification
        self.applyEmailVerification = applyEmailVerification
        self.updateProfile = updateProfile
        self.enrollTOTP = enrollTOTP
        self.listSecondFactors = listSecondFactors
        self.removeSecondFactor = removeSecondFactor
        self.finishSecondFactorSignIn = finishSecondFactorSignIn
        self.registerPasskey = registerPasskey
        self.listPasskeys = listPasskeys
        self.removePasskey = removePasskey
        self.signInWithPasskey = signInWithPasskey
    }
}

extension AccountUseCases {
    /// Every account use case the services allow: sign-up, password reset, a password change, unlinking and
    /// deletion where their service is present, linking where the backend can link, and the Apple credential check
    /// where a checker is given. Sensitive operations sign in again with `authProviders`.
    /// - Parameters:
    ///   - services: The account services of the backend's ports (`IdentityBackendCapabilities.accountServices()`).
    ///   - sessions: The session manager.
    ///   - authProviders: The auth providers, to link with and to sign in again with.
    ///   - canLink: Whether the backend can link another way to sign in to an account.
    ///   - appleCredentials: Asks Apple for a user's credential state, where the app has Sign in with Apple.
    ///   - passkeyAuthenticator: The device's passkeys, where the app offers them: registering and signing in with a
    ///     passkey need it and the backend's passkey service; listing and removing need the service only.
    public init(
        services: AccountServices, sessions: SessionManager, authProviders: [any AuthProvider], canLink: Bool,
        appleCredentials: (any AppleCredentialStateChecker)? = nil,
        passkeyAuthenticator: (any PasskeyAuthenticator)? = nil
    ) {
        let devicePasskeys = services.passkeys.flatMap { service in passkeyAuthenticator.map { (service, $0) } }
        self.init(
            signUp: services.signUp.map { SignUpUseCase(accounts: $0, sessions: sessions) },
            link: canLink ? LinkProviderUseCase(authProviders: authProviders, sessions: sessions) : nil,
            unlink: services.unlink.map {
                UnlinkProviderUseCase(accounts: $0, sessions: sessions, authProviders: authProviders)
            },
            requestPasswordReset: services.passwordReset.map { RequestPasswordResetUseCase(accounts: $0) },
            confirmPasswordReset: services.passwordReset.map {
                ConfirmPasswordResetUseCase(accounts: $0, sessions: sessions)
            },
            checkPasswordResetCode: services.passwordResetCodes.map { CheckPasswordResetCodeUseCase(accounts: $0) },
            checkAppleCredential: appleCredentials.map { CheckAppleCredentialUseCase(checker: $0, sessions: sessions) },
            deleteAccount: services.accountDeletion.map {
                DeleteAccountUseCase(accounts: $0, sessions: sessions, authProviders: authProviders)
            },
            changePassword: services.passwordChange.map {
                ChangePasswordUseCase(accounts: $0, sessions: sessions, authProviders: authProviders)
            },
            sendEmailVerification: services.emailVerification.map {
                SendEmailVerificationUseCase(accounts: $0, sessions: sessions)
            },
            applyEmailVerification: services.emailVerification.map { ApplyEmailVerificationUseCase(accounts: $0) },
            updateProfile: services.profile.map {
                UpdateProfileUseCase(accounts: $0, sessions: sessions, authProviders: authProviders)
            },
            enrollTOTP: services.secondFactors.map {
                EnrollTOTPUseCase(factors: $0, sessions: sessions, authProviders: authProviders)
            },
            listSecondFactors: services.secondFactors.map { ListSecondFactorsUseCase(factors: $0, sessions: sessions) },
            removeSecondFactor: services.secondFactors.map {
                RemoveSecondFactorUseCase(factors: $0, sessions: sessions, authProviders: authProviders)
            },
            finishSecondFactorSignIn: services.secondFactors.map {
                FinishSecondFactorSignInUseCase(factors: $0, sessions: sessions)
            },
            registerPasskey: devicePasskeys.map {
                RegisterPasskeyUseCase(
                    passkeys: $0.0, authenticator: $0.1, sessions: sessions, authProviders: authProviders)
            },
            listPasskeys: services.passkeys.map { ListPasskeysUseCase(passkeys: $0, sessions: sessions) },
            removePasskey: services.passkeys.map {
                RemovePasskeyUseCase(passkeys: $0, sessions: sessions, authProviders: authProviders)
            },
            signInWithPasskey: devicePasskeys.map {
                SignInWithPasskeyUseCase(passkeys: $0.0, authenticator: $0.1, sessions: sessions)
            })
    }
}
