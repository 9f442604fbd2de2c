/// The account features a backend offers, one group per feature, built once from the backend's ports
/// (`IdentityBackendCapabilities.features(sessions:authProviders:)` in the Data layer). A group is present where its
/// backend has the feature; within a group, an operation that needs a port of its own is optional too. A screen draws
/// the buttons of what is present, and each action carries the use case it takes from here: the screen has a use
/// case to send only for a feature the backend has.
///
/// ```swift
/// if let factors = features.secondFactors {
///     let enrolled = try await factors.list()          // the signed-in account's second factors
/// }
/// if let delete = features.account?.delete { … }         // the backend can delete accounts
/// ```
public struct SignInFeatures: Sendable {
    /// Email and password accounts: sign-up, reset, change.
    public var passwords: PasswordFeatures?
    /// The display name, photo and email, and the email's verification.
    public var profile: ProfileFeatures?
    /// Linking, unlinking and deleting the account, and Apple's credential check.
    public var account: AccountFeatures?
    /// Second factors (authenticator apps).
    public var secondFactors: SecondFactorFeatures?
    /// Passkeys.
    public var passkeys: PasskeyFeatures?
    /// Signing in with a mailed link.
    public var emailLinks: EmailLinkFeatures?
    /// Signing in with a code sent by SMS, and linking a phone number.
    public var phone: PhoneFeatures?

    /// Creates the set; a group left out is a feature the backend does not offer.
    public init(
        passwords: PasswordFeatures? = nil, profile: ProfileFeatures? = nil, account: AccountFeatures? = nil,
        secondFactors: SecondFactorFeatures? = nil, passkeys: PasskeyFeatures? = nil,
        emailLinks: EmailLinkFeatures? = nil, phone: PhoneFeatures? = nil
    ) {
        self.passwords = passwords
        self.profile = profile
        self.account = account
        self.secondFactors = secondFactors
        self.passkeys = passkeys
        self.emailLinks = emailLinks
        self.phone = phone
    }
}
