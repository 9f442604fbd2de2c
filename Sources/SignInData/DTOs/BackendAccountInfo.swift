public import SignInDomain

/// A backend's description of an account, with no session in it: what Firebase's `accounts:lookup` and
/// `accounts:update` answer. ``applied(to:)`` brings a session's profile up to date with it.
public struct BackendAccountInfo: Hashable, Sendable, Codable {
    /// The account's uid.
    public var localId: String
    /// The account's email.
    public var email: String?
    /// The account's display name.
    public var displayName: String?
    /// The URL of the account's photo.
    public var photoURL: String?
    /// The provider ids linked to the account.
    public var providerIds: [String]
    /// Each linked provider's own id for the user, by provider id.
    public var providerUserIds: [String: String]
    /// Whether the account is a guest account.
    public var isAnonymous: Bool

    /// Creates a description.
    public init(
        localId: String, email: String? = nil, displayName: String? = nil, providerIds: [String],
        providerUserIds: [String: String] = [:], isAnonymous: Bool = false, photoURL: String? = nil
    ) {
        self.photoURL = photoURL
        self.localId = localId
        self.email = email
        self.displayName = displayName
        self.providerIds = providerIds
        self.providerUserIds = providerUserIds
        self.isAnonymous = isAnonymous
    }

    /// `session` with this account's profile: email, name, providers. Its tokens stay as they are; when the
    /// session's sign-in provider is no longer linked, the first remaining provider stands in for it, since that
    /// is the one a re-authentication can use.
    public func applied(to session: UserSession) -> UserSession {
        var updated = session
        updated.email = email
        updated.displayName = displayName
        updated.photoURL = photoURL
        updated.providerIds = providerIds.map(ProviderType.init(rawValue:))
        updated.providerUserIDs = providerUserIds
        updated.isAnonymous = isAnonymous
        updated.isNewUser = false
        if let signedInWith = updated.signInProvider, !updated.providerIds.contains(signedInWith) {
            updated.signInProvider = updated.providerIds.first
        }
        return updated
    }
}
