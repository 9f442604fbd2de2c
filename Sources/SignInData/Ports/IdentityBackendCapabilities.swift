/// What an identity backend offers, port by port: the sessions always, each other port only where the backend has
/// it. The composition root wires the auth providers, services and use cases of the ports present, so that a screen
/// offers exactly what its backend can do.
///
/// ```swift
/// let backend = FirebaseIdentityBackend(configuration: configuration, transport: URLSessionTransport())
/// let offered = backend.capabilities        // every port
/// let rest = RESTIdentityBackend(configuration: own, transport: URLSessionTransport()).capabilities
/// rest.guests == nil                        // a team's own API has no guests
/// ```
public struct IdentityBackendCapabilities: Sendable {
    /// Refresh and revocation.
    public var sessions: any SessionBackend
    /// Email and password accounts.
    public var passwords: (any PasswordBackend)?
    /// Password reset by a mailed link.
    public var passwordReset: (any PasswordResetBackend)?
    /// Checking a reset link's code before a new password is chosen.
    public var passwordResetCodes: (any PasswordResetCodeBackend)?
    /// A signed-in user's new password.
    public var passwordChange: (any PasswordChangeBackend)?
    /// Guest accounts.
    public var guests: (any GuestBackend)?
    /// Sign-in with identity providers' tokens.
    public var identityProviders: (any IdentityProviderBackend)?
    /// Linking and unlinking.
    public var linking: (any LinkingBackend)?
    /// Deleting an account.
    public var accountDeletion: (any AccountDeletionBackend)?
    /// Sign-in with a custom token from the team's own server.
    public var customTokens: (any CustomTokenBackend)?
    /// Email verification by a mailed link.
    public var emailVerification: (any EmailVerificationBackend)?
    /// A signed-in user's display name and email.
    public var profile: (any ProfileBackend)?
    /// Second factors.
    public var multiFactor: (any MultiFactorBackend)?
    /// Passkeys.
    public var passkeys: (any PasskeyBackend)?
    /// Signing in with a mailed link.
    public var emailLinks: (any EmailLinkBackend)?
    /// Signing in with a code sent by SMS.
    public var phone: (any PhoneBackend)?
    /// Phone numbers as second factors.
    public var phoneSecondFactors: (any PhoneSecondFactorBackend)?

    /// Creates the set; a port left out is one the backend does not offer.
    public init(
        sessions: any SessionBackend, passwords: (any PasswordBackend)? = nil,
        passwordReset: (any PasswordResetBackend)? = nil, passwordResetCodes: (any PasswordResetCodeBackend)? = nil,
        passwordChange: (any PasswordChangeBackend)? = nil,
        guests: (any GuestBackend)? = nil, identityProviders: (any IdentityProviderBackend)? = nil,
        linking: (any LinkingBackend)? = nil, accountDeletion: (any AccountDeletionBackend)? = nil,
        customTokens: (any CustomTokenBackend)? = nil, emailVerification: (any EmailVerificationBackend)? = nil,
        profile: (any ProfileBackend)? = nil, multiFactor: (any MultiFactorBackend)? = nil,
        passkeys: (any PasskeyBackend)? = nil, emailLinks: (any EmailLinkBackend)? = nil,
        phone: (any PhoneBackend)? = nil, phoneSecondFactors: (any PhoneSecondFactorBackend)? = nil
    ) {
        self.sessions = sessions
        self.passwords = passwords
        self.passwordReset = passwordReset
        self.passwordResetCodes = passwordResetCodes
        self.passwordChange = passwordChange
        self.guests = guests
        self.identityProviders = identityProviders
        self.linking = linking
        self.accountDeletion = accountDeletion
        self.customTokens = customTokens
        self.emailVerification = emailVerification
        self.profile = profile
        self.multiFactor = multiFactor
        self.passkeys = passkeys
        self.emailLinks = emailLinks
        self.phone = phone
        self.phoneSecondFactors = phoneSecondFactors
    }

    /// Every port, from a backend that offers them all (Firebase, the embedded backend): the type asks for each, so
    /// a port cannot be left out by mistake.
    public init(
        all backend: some SessionBackend & PasswordBackend & PasswordResetBackend & PasswordResetCodeBackend
            & PasswordChangeBackend & GuestBackend & IdentityProviderBackend & LinkingBackend & AccountDeletionBackend
            & CustomTokenBackend & EmailVerificationBackend & ProfileBackend & MultiFactorBackend & PasskeyBackend
            & EmailLinkBackend & PhoneBackend & PhoneSecondFactorBackend
    ) {
        self.init(
            sessions: backend, passwords: backend, passwordReset: backend, passwordResetCodes: backend,
            passwordChange: backend, guests: backend, identityProviders: backend, linking: backend,
            accountDeletion: backend, customTokens: backend, emailVerification: backend, profile: backend,
            multiFactor: backend, passkeys: backend, emailLinks: backend, phone: backend,
            phoneSecondFactors: backend)
    }
}
