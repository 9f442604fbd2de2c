public import SignInDomain

/// What the embedded Apple-like issuer hands back to the sheet after consent.
public struct IssuedAppleAuthorization: Hashable, Sendable {
    /// Apple's user id.
    public var user: String
    /// The identity token (a JWT).
    public var identityToken: Secret
    /// The authorization code.
    public var authorizationCode: Secret
    /// The name: only at the first authorization of this app.
    public var fullName: PersonName?
    /// The email (or relay address): only at the first authorization of this app.
    public var email: String?
}
