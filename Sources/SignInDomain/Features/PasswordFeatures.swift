/// Email and password accounts: sign-up, the reset by a mailed link and a signed-in user's new password. Each
/// operation is a use case built from the group's services when it is asked for.
///
/// ```swift
/// if let passwords = features.passwords, let requestReset = passwords.requestReset {
///     try await requestReset(email: "ada@example.com")
/// }
/// ```
public struct PasswordFeatures: Sendable {
    /// Creates accounts.
    public var signUpService: any SignUpService
    /// Mails reset links and sets the new password, where the backend can.
    public var resetService: (any PasswordResetService)?
    /// Says whose password a reset link sets, where the backend can.
    public var resetCodeService: (any PasswordResetCodeService)?
    /// Changes a signed-in user's password, where the backend can.
    public var changeService: (any PasswordChangeService)?
    /// The session and the providers that sign in again.
    public var context: FeatureContext

    /// Creates the group.
    public init(
        signUpService: any SignUpService, resetService: (any PasswordResetService)? = nil,
        resetCodeService: (any PasswordResetCodeService)? = nil, changeService: (any PasswordChangeService)? = nil,
        context: FeatureContext
    ) {
        self.signUpService = signUpService
        self.resetService = resetService
        self.resetCodeService = resetCodeService
        self.changeService = changeService
        self.context = context
    }

    /// Email sign-up.
    public var signUp: SignUpUseCase { SignUpUseCase(accounts: signUpService, sessions: context.sessions) }
    /// Asks for a password-reset mail.
    public var requestReset: RequestPasswordResetUseCase? {
        resetService.map { RequestPasswordResetUseCase(accounts: $0) }
    }
    /// Sets a new password with a reset link's code.
    public var confirmReset: ConfirmPasswordResetUseCase? {
        resetService.map { ConfirmPasswordResetUseCase(accounts: $0, sessions: context.sessions) }
    }
    /// Says whose password a reset link sets, before a new one is asked for.
    public var checkResetCode: CheckPasswordResetCodeUseCase? {
        resetCodeService.map { CheckPasswordResetCodeUseCase(accounts: $0) }
    }
    /// Changes the signed-in user's password.
    public var change: ChangePasswordUseCase? {
        changeService.map {
            ChangePasswordUseCase(accounts: $0, sessions: context.sessions, authProviders: context.authProviders)
        }
    }
}
