/// The claims of an identity token as Apple (and the embedded Apple-like issuer) puts them.
public struct IdentityTokenClaims: Codable, Hashable, Sendable {
    /// The issuer (`https://appleid.apple.com`).
    public var iss: String
    /// The audience: the app's client id. A JWT may carry one string or a list; both decode.
    public var aud: [String]
    /// The user's stable id at the issuer.
    public var sub: String
    /// Issued at, seconds since 1970.
    public var iat: Int
    /// Expires at, seconds since 1970.
    public var exp: Int
    /// The SHA-256 hex of the raw nonce.
    public var nonce: String?
    /// The user's email, or the private relay address.
    public var email: String?
    /// Whether the email is verified.
    public var emailVerified: Bool?
    /// Whether ``email`` is a private relay address.
    public var isPrivateEmail: Bool?
    /// The user's name (Google sends it; Apple does not).
    public var name: String?
    /// The authorized party: the client the token was issued to, required when `aud` lists several audiences.
    public var azp: String?
    /// The provider's own claims beyond the ones above, each with a string value (Microsoft's `oid`, `tid` and
    /// `preferred_username`). A name that is one of the claims above is not one of these: it is ignored here.
    public var providerClaims: [String: String] = [:]

    /// Creates claims.
    public init(
        iss: String, aud: String, sub: String, iat: Int, exp: Int, nonce: String? = nil, email: String? = nil,
        emailVerified: Bool? = nil, isPrivateEmail: Bool? = nil
    ) {
        self.iss = iss
        self.aud = [aud]
        self.sub = sub
        self.iat = iat
        self.exp = exp
        self.nonce = nonce
        self.email = email
        self.emailVerified = emailVerified
        self.isPrivateEmail = isPrivateEmail
    }

    enum CodingKeys: String, CodingKey {
        case iss, aud, sub, iat, exp, nonce, email, name, azp
        case emailVerified = "email_verified"
        case isPrivateEmail = "is_private_email"
    }

    /// Any claim name, for the provider's own claims.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The names of the claims this type has a property for.
    static let standardNames = Set(
        [CodingKeys.iss, .aud, .sub, .iat, .exp, .nonce, .email, .name, .azp, .emailVerified, .isPrivateEmail]
            .map(\.stringValue))

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iss = try container.decode(String.self, forKey: .iss)
        if let single = try? container.decode(String.self, forKey: .aud) {
            aud = [single]
        } else {
            aud = try container.decode([String].self, forKey: .aud)
        }
        sub = try container.decode(String.self, forKey: .sub)
        iat = try container.decode(Int.self, forKey: .iat)
        exp = try container.decode(Int.self, forKey: .exp)
        nonce = try container.decodeIfPresent(String.self, forKey: .nonce)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        emailVerified = try Self.decodeFlexibleBool(container, .emailVerified)
        isPrivateEmail = try Self.decodeFlexibleBool(container, .isPrivateEmail)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        azp = try container.decodeIfPresent(String.self, forKey: .azp)
        let all = try decoder.container(keyedBy: AnyKey.self)
        for key in all.allKeys where !Self.standardNames.contains(key.stringValue) {
            // A provider's claim of another type (a number, a list) is not one this type keeps.
            if let value = try? all.decode(String.self, forKey: key) { providerClaims[key.stringValue] = value }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(iss, forKey: .iss)
        if aud.count == 1 {
            try container.encode(aud[0], forKey: .aud)
        } else {
            try container.encode(aud, forKey: .aud)
        }
        try container.encode(sub, forKey: .sub)
        try container.encode(iat, forKey: .iat)
        try container.encode(exp, forKey: .exp)
        try container.encodeIfPresent(nonce, forKey: .nonce)
        try container.encodeIfPresent(email, forKey: .email)
        try container.encodeIfPresent(emailVerified, forKey: .emailVerified)
        try container.encodeIfPresent(isPrivateEmail, forKey: .isPrivateEmail)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(azp, forKey: .azp)
        var all = encoder.container(keyedBy: AnyKey.self)
        for (name, value) in providerClaims where !Self.standardNames.contains(name) {
            try all.encode(value, forKey: AnyKey(stringValue: name))
        }
    }

    /// Apple sends `email_verified` and `is_private_email` as `true` or as `"true"`; both decode.
    private static func decodeFlexibleBool(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws
        -> Bool?
    {
        if let value = try? container.decodeIfPresent(Bool.self, forKey: key) { return value }
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        return text == "true"
    }
}
