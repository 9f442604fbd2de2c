public import SignInDomain

/// A fresh proof of who the signed-in user is, for a sensitive operation: a new identity-provider token, or the
/// email and password. The backend checks that it belongs to the session's own account.
public enum ReauthenticationRequest: Hashable, Sendable {
    /// A new token from an identity provider (Apple, Google), with its raw nonce.
    case identityProvider(IdPSignInRequest)
    /// The account's email and password.
    case password(email: String, password: Secret)

    /// The provider id the request proves.
    public var providerId: String {
        switch self {
        case .identityProvider(let request): request.providerId
        case .password: ProviderType.emailPassword.rawValue
        }
    }
}
