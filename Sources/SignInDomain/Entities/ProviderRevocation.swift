/// What an identity provider needs to revoke the app's tokens of a user whose account is deleted: Sign in with
/// Apple's authorization code, from a sign-in made moments before (it works once, for five minutes).
public struct ProviderRevocation: Hashable, Sendable {
    /// The provider whose tokens are revoked.
    public var provider: ProviderType
    /// The fresh authorization code.
    public var authorizationCode: Secret

    /// Creates a revocation.
    public init(provider: ProviderType, authorizationCode: Secret) {
        self.provider = provider
        self.authorizationCode = authorizationCode
    }
}
