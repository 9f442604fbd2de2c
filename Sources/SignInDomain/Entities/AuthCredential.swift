/// What a UI client obtained from the user, ready to be exchanged for a session by an ``AuthProvider``.
///
/// A provider's tokens and the raw nonce (`idToken`, `accessToken`, `rawNonce`), plus what Sign in with Apple
/// hands over only at the first sign-in: the user's name and email. Every token is a ``Secret``, so the
/// credential can be logged or dumped without leaking one.
public struct AuthCredential: Hashable, Sendable {
    /// The provider that issued the credential.
    public var provider: ProviderType
    /// The identity token (a JWT) from Apple or Google.
    public var idToken: Secret?
    /// An OAuth access token (Google sends one; Apple does not).
    public var accessToken: Secret?
    /// The raw nonce whose SHA-256 was put in the authorization request; the backend checks it against
    /// the token's `nonce` claim.
    public var rawNonce: Secret?
    /// Apple's short-lived authorization code.
    public var authorizationCode: Secret?
    /// The user's name, which Apple sends only at the first sign-in.
    public var fullName: PersonName?
    /// The user's email: for Apple, sent only at the first sign-in; for email/password, what the user typed.
    public var email: String?
    /// The password the user typed (email/password only).
    public var password: Secret?
    /// What the backend handed back when it refused to link this identity because another account has it
    /// (Firebase's `pendingToken`): it signs in to that account without the identity token, whose nonce may be used.
    public var pendingToken: Secret?

    /// Creates a credential.
    public init(
        provider: ProviderType,
        idToken: Secret? = nil,
        accessToken: Secret? = nil,
        rawNonce: Secret? = nil,
        authorizationCode: Secret? = nil,
        fullName: PersonName? = nil,
        email: String? = nil,
        password: Secret? = nil,
        pendingToken: Secret? = nil
    ) {
        self.provider = provider
        self.idToken = idToken
        self.accessToken = accessToken
        self.rawNonce = rawNonce
        self.authorizationCode = authorizationCode
        self.fullName = fullName
        self.email = email
        self.password = password
        self.pendingToken = pendingToken
    }
}
