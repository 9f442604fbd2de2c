public import SignInDomain

/// The sign-in screen's state: loading, the signed-in session, the user-facing error message.
public struct SignInState: Hashable, Sendable {
    /// Whether a sign-in is running; the buttons are disabled meanwhile.
    public var isLoading: Bool
    /// The provider whose sign-in is running.
    public var loadingProvider: ProviderType?
    /// The signed-in session.
    public var session: UserSession?
    /// A message the user understands, or `nil`. A cancel leaves none.
    public var errorMessage: String?
    /// The typed error behind ``errorMessage``, for code that needs more than text (exit codes, analytics).
    public var error: AuthError?
    /// The account operation that completed last, for the screen to confirm it.
    public var completed: AccountOperation?
    /// A sign-in waiting for a second factor: the screen asks for a code
    /// (``SecondFactorAction/submitCode(_:code:factorID:)``) or lets the user cancel. Nobody is signed in.
    public var secondFactorChallenge: SecondFactorChallenge?
    /// A TOTP enrolment waiting for its first code: the screen shows its secret and asks for a code
    /// (``SecondFactorAction/confirmTOTPEnrollment(_:code:displayName:)``).
    public var totpEnrollment: TOTPEnrollment?
    /// The account's second factors, as last listed.
    public var secondFactors: [SecondFactor]?
    /// The account's passkeys, as last listed.
    public var passkeys: [Passkey]?
    /// Recovery codes just made (with the account's first authenticator, or as a new set): the screen shows them
    /// this once, as the backend keeps only their hashes. Gone at the next operation that completes.
    public var recoveryCodes: [Secret]?
    /// After a sign-in finished with a recovery code: how many unused codes the account has left.
    public var recoveryCodesLeft: Int?

    /// Creates a state.
    public init(
        isLoading: Bool = false, loadingProvider: ProviderType? = nil, session: UserSession? = nil,
        errorMessage: String? = nil, error: AuthError? = nil, completed: AccountOperation? = nil,
        secondFactorChallenge: SecondFactorChallenge? = nil, totpEnrollment: TOTPEnrollment? = nil,
        secondFactors: [SecondFactor]? = nil, passkeys: [Passkey]? = nil, recoveryCodes: [Secret]? = nil,
        recoveryCodesLeft: Int? = nil
    ) {
        self.isLoading = isLoading
        self.loadingProvider = loadingProvider
        self.session = session
        self.errorMessage = errorMessage
        self.error = error
        self.completed = completed
        self.secondFactorChallenge = secondFactorChallenge
        self.totpEnrollment = totpEnrollment
        self.secondFactors = secondFactors
        self.passkeys = passkeys
        self.recoveryCodes = recoveryCodes
        self.recoveryCodesLeft = recoveryCodesLeft
    }
}
