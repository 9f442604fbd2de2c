/// A signed-in user as the app sees it: the uid, the email and the providers, plus what apps need next (display
/// name, guest flag, first sign-in flag, tokens).
public struct UserSession: Hashable, Sendable, Codable {
    /// The backend's stable user id. It never changes for an account, also when a guest is upgraded.
    public var uid: String
    /// The account's email, if it has one.
    public var email: String?
    /// The account's display name, if it has one.
    public var displayName: String?
    /// The URL of the account's photo, if it has one (Firebase's `photoUrl`).
    public var photoURL: String?
    /// The providers linked to the account (`apple.com`, `password`, …).
    public var providerIds: [ProviderType]
    /// Whether this is a guest account with no permanent credential.
    public var isAnonymous: Bool
    /// Whether this sign-in created the account.
    public var isNewUser: Bool
    /// The session's tokens.
    public var tokens: SessionTokens
    /// Each linked provider's own id for the user (`apple.com` → Apple's user identifier), as Firebase's
    /// `providerData[].uid`. Apple's is what the credential-state check needs.
    public var providerUserIDs: [String: String]
    /// The provider this session was signed in (or last re-authenticated) with: the one a sensitive operation
    /// asks the user to sign in with again. `nil` when the backend did not say.
    public var signInProvider: ProviderType?

    /// Creates a session.
    public init(
        uid: String,
        email: String? = nil,
        displayName: String? = nil,
        providerIds: [ProviderType],
        isAnonymous: Bool = false,
        isNewUser: Bool = false,
        tokens: SessionTokens,
        providerUserIDs: [String: String] = [:],
        signInProvider: ProviderType? = nil,
        photoURL: String? = nil
    ) {
        self.uid = uid
        self.email = email
        self.displayName = displayName
        self.providerIds = providerIds
        self.isAnonymous = isAnonymous
        self.isNewUser = isNewUser
        self.tokens = tokens
        self.providerUserIDs = providerUserIDs
        self.signInProvider = signInProvider
        self.photoURL = photoURL
    }

    private enum CodingKeys: String, CodingKey {
        case uid, email, displayName, photoURL, providerIds, isAnonymous, isNewUser, tokens, providerUserIDs
        case signInProvider
    }

    /// Decodes a session; `providerUserIDs` and `photoURL`, added later, may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uid = try container.decode(String.self, forKey: .uid)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
        photoURL = try container.decodeIfPresent(String.self, forKey: .photoURL)
        providerIds = try container.decode([ProviderType].self, forKey: .providerIds)
        isAnonymous = try container.decode(Bool.self, forKey: .isAnonymous)
        isNewUser = try container.decode(Bool.self, forKey: .isNewUser)
        tokens = try container.decode(SessionTokens.self, forKey: .tokens)
        providerUserIDs = try container.decodeIfPresent([String: String].self, forKey: .providerUserIDs) ?? [:]
        signInProvider = try container.decodeIfPresent(ProviderType.self, forKey: .signInProvider)
    }
}
