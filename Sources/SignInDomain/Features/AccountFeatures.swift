/// The account as a whole: the ways to sign in to it (linking and unlinking providers), its deletion, and Apple's
/// credential check. Each is present where the backend (or, for Apple, the app) can do it.
public struct AccountFeatures: Sendable {
    /// Whether the backend can link another way to sign in to an account.
    public var canLink: Bool
    /// Unlinks a provider, where the backend can.
    public var unlinkService: (any UnlinkService)?
    /// Deletes the account, where the backend can.
    public var deletionService: (any AccountDeletionService)?
    /// Asks Apple for a user's credential state, where the app has Sign in with Apple.
    public var appleCredentials: (any AppleCredentialStateChecker)?
    /// The session and the providers that link and sign in again.
    public var context: FeatureContext

    /// Creates the group.
    public init(
        canLink: Bool = false, unlinkService: (any UnlinkService)? = nil,
        deletionService: (any AccountDeletionService)? = nil,
        appleCredentials: (any AppleCredentialStateChecker)? = nil, context: FeatureContext
    ) {
        self.canLink = canLink
        self.unlinkService = unlinkService
        self.deletionService = deletionService
        self.appleCredentials = appleCredentials
        self.context = context
    }

    /// Links a provider (a guest upgrading, or adding a way to sign in).
    public var link: LinkProviderUseCase? {
        canLink ? LinkProviderUseCase(authProviders: context.authProviders, sessions: context.sessions) : nil
    }
    /// Unlinks a provider.
    public var unlink: UnlinkProviderUseCase? {
        unlinkService.map {
            UnlinkProviderUseCase(accounts: $0, sessions: context.sessions, authProviders: context.authProviders)
        }
    }
    /// Deletes the account.
    public var delete: DeleteAccountUseCase? {
        deletionService.map {
            DeleteAccountUseCase(accounts: $0, sessions: context.sessions, authProviders: context.authProviders)
        }
    }
    /// Checks the Apple credential state.
    public var checkAppleCredential: CheckAppleCredentialUseCase? {
        appleCredentials.map { CheckAppleCredentialUseCase(checker: $0, sessions: context.sessions) }
    }
}
