/// The account services a backend's ports make, each present only where its port is: what the account use cases are
/// built from.
///
/// ```swift
/// let services = backend.capabilities.accountServices()
/// let deleteAccount = services.accountDeletion.map { DeleteAccountUseCase(accounts: $0, sessions: sessions) }
/// ```
public struct AccountServices: Sendable {
    /// Email sign-up.
    public var signUp: (any SignUpService)?
    /// Password reset by a mailed link.
    public var passwordReset: (any PasswordResetService)?
    /// Checking a reset link's code before a new password is chosen.
    public var passwordResetCodes: (any PasswordResetCodeService)?
    /// A signed-in user's new password.
    public var passwordChange: (any PasswordChangeService)?
    /// Unlinking a provider.
    public var unlink: (any UnlinkService)?
    /// Deleting the account.
    public var accountDeletion: (any AccountDeletionService)?
    /// Verifying the account's email by a mailed link.
    public var emailVerification: (any EmailVerificationService)?
    /// Changing the display name and the email.
    public var profile: (any ProfileService)?
    /// Second factors.
    public var secondFactors: (any SecondFactorService)?
    /// Passkeys.
    public var passkeys: (any PasskeyService)?

    /// Creates the set; a service left out is one the backend does not offer.
    public init(
        signUp: (any SignUpService)? = nil, passwordReset: (any PasswordResetService)? = nil,
        passwordResetCodes: (any PasswordResetCodeService)? = nil, passwordChange: (any PasswordChangeService)? = nil,
        unlink: (any UnlinkService)? = nil,
        accountDeletion: (any AccountDeletionService)? = nil, emailVerification: (any EmailVerificationService)? = nil,
        profile: (any ProfileService)? = nil, secondFactors: (any SecondFactorService)? = nil,
        passkeys: (any PasskeyService)? = nil
    ) {
        self.signUp = signUp
        self.passwordReset = passwordReset
        self.passwordResetCodes = passwordResetCodes
        self.passwordChange = passwordChange
        self.unlink = unlink
        self.accountDeletion = accountDeletion
        self.emailVerification = emailVerification
        self.profile = profile
        self.secondFactors = secondFactors
        self.passkeys = passkeys
    }
}
