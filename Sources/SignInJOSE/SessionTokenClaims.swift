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
    /// When the user last proved who they are (signed in or re-authenticated), seconds since 1970. Refreshed
    /// tokens keep it; sensitive operations need it to be recent. Tokens made before it existed read it as
    /// ``iat``.
    public var authTime: Int
    /// The provider of this sign-in.
    public var signInProvider: String
    /// The account's email.
    public var email: String?
    /// The chain of refresh tokens this session belongs to (one per sign-in on a device), so that an operation
    /// that re-issues the caller's tokens can retire the previous refresh token.
    public var sessionID: String?

    /// Creates claims.
    public init(
        iss: String, aud: String, sub: String, iat: Int, exp: Int, authTime: Int, signInProvider: String,
        email: String? = nil, sessionID: String? = nil
    ) {
        self.iss = iss
        self.aud = aud
        self.sub = sub
        self.iat = iat
        self.exp = exp
        self.authTime = authTime
        self.signInProvider = signInProvider
        self.email = email
        self.sessionID = sessionID
    }

    enum CodingKeys: String, CodingKey {
        case iss, aud, sub, iat, exp, email
        case signInProvider = "sign_in_provider"
        case authTime = "auth_time"
        case sessionID = "sid"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iss = try container.decode(String.self, forKey: .iss)
        aud = try container.decode(String.self, forKey: .aud)
        sub = try container.decode(String.self, forKey: .sub)
        iat = try container.decode(Int.self, forKey: .iat)
        exp = try container.decode(Int.self, forKey: .exp)
        authTime = try container.decodeIfPresent(Int.self, forKey: .authTime) ?? iat
        signInProvider = try container.decode(String.self, forKey: .signInProvider)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        sessionID = try container.decodeIfPresent(String.self, forKey: .sessionID)
    }
}
