/// A signed-in user as the app sees it: seed 001's `UserSession(uid, email, providerIds)` plus what
/// apps need next (display name, guest flag, first sign-in flag, tokens).
public struct UserSession: Hashable, Sendable, Codable {
    /// The backend's stable user id. It never changes for an account, also when a guest is upgraded.
    public var uid: String
    /// The account's email, if it has one.
    public var email: String?
    /// The account's display name, if it has one.
    public var displayName: String?
    /// The providers linked to the account (`apple.com`, `password`, …).
    public var providerIds: [ProviderType]
    /// Whether this is a guest account with no permanent credential.
    public var isAnonymous: Bool
    /// Whether this sign-in created the account.
    public var isNewUser: Bool
    /// The session's tokens.
    public var tokens: SessionTokens

    /// Creates a session.
    public init(
        uid: String,
        email: String? = nil,
        displayName: String? = nil,
        providerIds: [ProviderType],
        isAnonymous: Bool = false,
        isNewUser: Bool = false,
        tokens: SessionTokens
    ) {
        self.uid = uid
        self.email = email
        self.displayName = displayName
        self.providerIds = providerIds
        self.isAnonymous = isAnonymous
        self.isNewUser = isNewUser
        self.tokens = tokens
    }
}
