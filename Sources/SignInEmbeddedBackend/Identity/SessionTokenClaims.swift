/// The claims of the embedded service's own ID tokens, shaped like Firebase's.
public struct SessionTokenClaims: Codable, Hashable, Sendable {
    /// The service's issuer.
    public var iss: String
    /// The project id.
    public var aud: String
    /// The uid.
    public var sub: String
    /// Issued at, seconds since 1970.
    public var iat: Int
    /// Expires at, seconds since 1970.
    public var exp: Int
    /// The provider of this sign-in.
    public var signInProvider: String
    /// The account's email.
    public var email: String?

    enum CodingKeys: String, CodingKey {
        case iss, aud, sub, iat, exp, email
        case signInProvider = "sign_in_provider"
    }
}
