public import Foundation
public import SignInDomain

/// A backend's answer to a sign-in, shaped like Firebase's (`localId`, `idToken`, `refreshToken`,
/// `expiresIn`, …). ``toDomain(now:)`` turns it into a `UserSession`.
public struct BackendSessionResponse: Hashable, Sendable, Codable {
    /// The account's uid.
    public var localId: String
    /// The account's email.
    public var email: String?
    /// The account's display name.
    public var displayName: String?
    /// The URL of the account's photo.
    public var photoURL: String?
    /// The backend's ID token.
    public var idToken: Secret
    /// The refresh token.
    public var refreshToken: Secret
    /// Seconds until ``idToken`` expires.
    public var expiresIn: Int
    /// Whether this sign-in created the account.
    public var isNewUser: Bool
    /// The provider ids linked to the account.
    public var providerIds: [String]
    /// Whether the account is a guest account.
    public var isAnonymous: Bool
    /// Each linked provider's own id for the user, by provider id.
    public var providerUserIds: [String: String]?
    /// The provider the user signed in (or last re-authenticated) with, as the ID token's
    /// `firebase.sign_in_provider`.
    public var signInProvider: String?

    /// Creates a response.
    public init(
        localId: String, email: String? = nil, displayName: String? = nil, idToken: Secret,
        refreshToken: Secret, expiresIn: Int, isNewUser: Bool = false, providerIds: [String],
        isAnonymous: Bool = false, providerUserIds: [String: String]? = nil, signInProvider: String? = nil,
        photoURL: String? = nil
    ) {
        self.photoURL = photoURL
        self.localId = localId
        self.email = email
        self.displayName = displayName
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
        self.isNewUser = isNewUser
        self.providerIds = providerIds
        self.isAnonymous = isAnonymous
        self.providerUserIds = providerUserIds
        self.signInProvider = signInProvider
    }

    /// The account this answer describes.
    public var account: BackendAccountInfo {
        BackendAccountInfo(
            localId: localId, email: email, displayName: displayName, providerIds: providerIds,
            providerUserIds: providerUserIds ?? [:], isAnonymous: isAnonymous, photoURL: photoURL)
    }

    /// The session this answer describes, its expiry counted from `now`.
    public func toDomain(now: Date) -> UserSession {
        UserSession(
            uid: localId,
            email: email,
            displayName: displayName,
            providerIds: providerIds.map(ProviderType.init(rawValue:)),
            isAnonymous: isAnonymous,
            isNewUser: isNewUser,
            tokens: SessionTokens(
                idToken: idToken,
                refreshToken: refreshToken,
                expiresAt: now.addingTimeInterval(TimeInterval(expiresIn))
            ),
            providerUserIDs: providerUserIds ?? [:],
            signInProvider: signInProvider.map(ProviderType.init(rawValue:)),
            photoURL: photoURL
        )
    }
}
