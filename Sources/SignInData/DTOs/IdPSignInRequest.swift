public import SignInDomain

/// "Sign in with an identity provider's token and the raw nonce": the body of Firebase's
/// `accounts:signInWithIdp`, plus the first-login profile that Apple sends only in the credential.
public struct IdPSignInRequest: Hashable, Sendable {
    /// The provider id (`apple.com`, `google.com`).
    public var providerId: String
    /// The provider's identity token (a JWT).
    public var idToken: Secret
    /// The raw nonce whose SHA-256 is the token's `nonce` claim.
    public var rawNonce: Secret?
    /// An OAuth access token, where the provider gives one.
    public var accessToken: Secret?
    /// The name from the first sign-in's credential, kept on a new account.
    public var fullName: PersonName?
    /// The email from the first sign-in's credential.
    public var email: String?
    /// Whether a sign-in with an identity no account has creates one (Firebase's `autoCreate`). A
    /// re-authentication sends `false`: it must find the signed-in account or fail with
    /// ``IdentityBackendError/Code/userNotFound``, never make a new one.
    public var autoCreate: Bool
    /// A `pendingToken` the backend returned when it refused to link this identity: it signs in to the account
    /// that has it, in place of the identity token.
    public var pendingToken: Secret?

    /// Creates a request.
    public init(
        providerId: String, idToken: Secret, rawNonce: Secret? = nil, accessToken: Secret? = nil,
        fullName: PersonName? = nil, email: String? = nil, autoCreate: Bool = true, pendingToken: Secret? = nil
    ) {
        self.pendingToken = pendingToken
        self.providerId = providerId
        self.idToken = idToken
        self.rawNonce = rawNonce
        self.accessToken = accessToken
        self.fullName = fullName
        self.email = email
        self.autoCreate = autoCreate
    }
}
