public import SignInEmbeddedStore

/// What the Google-like issuer hands back after the user picks an account.
public struct IssuedGoogleCredential: Hashable, Sendable {
    /// The account picked.
    public var account: GoogleAccount
    /// The ID token (a JWT).
    public var idToken: String
    /// An opaque OAuth access token.
    public var accessToken: String
}
