public import SignInData

/// The claims of the embedded service's own ID tokens, in Firebase's shape, so that Firebase's own tools read them
/// (the Admin SDK's `verify_id_token` against an emulator): `iss` `https://securetoken.google.com/<project>`, `aud`
/// the project, `sub` and `user_id` the uid, `auth_time`, `email`, `email_verified`, `name`, `picture`, and `firebase` with
/// the account's `identities`, the `sign_in_provider` and, after a second factor, `sign_in_second_factor` and
/// `second_factor_identifier`. A guest's token also says `provider_id: "anonymous"`, as Firebase's do.
public struct SessionTokenClaims: Codable, Hashable, Sendable {
    /// The service's issuer.
    public var iss: String
    /// The project id.
    public var aud: String
    /// The uid (also written as `user_id`, as Firebase does).
    public var sub: String
    /// Issued at, seconds since 1970.
    public var iat: Int
    /// Expires at, seconds since 1970.
    public var exp: Int
    /// When the user last proved who they are (signed in or re-authenticated), seconds since 1970. Refreshed
    /// tokens keep it; sensitive operations need it to be recent.
    public var authTime: Int
    /// The provider of this sign-in (`firebase.sign_in_provider`: `password`, `apple.com`, `anonymous`, …).
    public var signInProvider: String
    /// The account's email.
    public var email: String?
    /// Whether the account's email is verified.
    public var emailVerified: Bool?
    /// The account's display name.
    public var name: String?
    /// The URL of the account's photo.
    public var picture: String?
    /// The account's phone number, in E.164 (`phone_number`).
    public var phoneNumber: String?
    /// The account's identities (`firebase.identities`): each linked provider's user ids, and `email` with the
    /// account's email.
    public var identities: [String: [String]]
    /// The chain of refresh tokens this session belongs to (one per sign-in on a device), so that an operation
    /// that re-issues the caller's tokens can retire the previous refresh token.
    public var sessionID: String?
    /// The custom claims an administrator set for the account, at the top level beside the others, as Firebase
    /// writes them. A name of the claims above is not one of these: it is ignored here.
    public var customClaims: [String: JSONValue] = [:]
    /// The second factor this sign-in gave (`firebase.sign_in_second_factor`: `totp`), or `nil` for a sign-in of one
    /// step. Refreshed tokens keep it.
    public var signInSecondFactor: String?
    /// The enrolment id of that factor (`firebase.second_factor_identifier`).
    public var secondFactorIdentifier: String?
    /// The tenant whose account signed in (`firebase.tenant`), or `nil` for an account of the project itself.
    public var tenant: String?
    /// What a SAML provider's assertion said about the user at this sign-in (`firebase.sign_in_attributes`): its
    /// attribute statements. Refreshed tokens keep them; `nil` for any other sign-in.
    public var signInAttributes: [String: JSONValue]?

    /// Creates claims.
    public init(
        iss: String, aud: String, sub: String, iat: Int, exp: Int, authTime: Int, signInProvider: String,
        email: String? = nil, emailVerified: Bool? = nil, name: String? = nil, identities: [String: [String]] = [:],
        sessionID: String? = nil
    ) {
        self.iss = iss
        self.aud = aud
        self.sub = sub
        self.iat = iat
        self.exp = exp
        self.authTime = authTime
        self.signInProvider = signInProvider
        self.email = email
        self.emailVerified = emailVerified
        self.name = name
        self.identities = identities
        self.sessionID = sessionID
    }

    enum CodingKeys: String, CodingKey {
        case iss, aud, sub, iat, exp, email, name, picture, firebase
        case phoneNumber = "phone_number"
        case emailVerified = "email_verified"
        case authTime = "auth_time"
        case sessionID = "sid"
        case userID = "user_id"
        case providerID = "provider_id"
    }

    /// The names of the claims this type has a property for: custom claims may not use them.
    static let standardNames = Set(
        [
            CodingKeys.iss, .aud, .sub, .iat, .exp, .email, .name, .picture, .firebase, .emailVerified, .authTime,
            .sessionID, .userID, .phoneNumber, .providerID,
        ]
        .map(\.stringValue))

    enum FirebaseKeys: String, CodingKey {
        case identities
        case signInProvider = "sign_in_provider"
        case signInSecondFactor = "sign_in_second_factor"
        case secondFactorIdentifier = "second_factor_identifier"
        case tenant
        case signInAttributes = "sign_in_attributes"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iss = try container.decode(String.self, forKey: .iss)
        aud = try container.decode(String.self, forKey: .aud)
        sub = try container.decode(String.self, forKey: .sub)
        iat = try container.decode(Int.self, forKey: .iat)
        exp = try container.decode(Int.self, forKey: .exp)
        authTime = try container.decode(Int.self, forKey: .authTime)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        emailVerified = try container.decodeIfPresent(Bool.self, forKey: .emailVerified)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        picture = try container.decodeIfPresent(String.self, forKey: .picture)
        phoneNumber = try container.decodeIfPresent(String.self, forKey: .phoneNumber)
        sessionID = try container.decodeIfPresent(String.self, forKey: .sessionID)
        let firebase = try container.nestedContainer(keyedBy: FirebaseKeys.self, forKey: .firebase)
        signInProvider = try firebase.decode(String.self, forKey: .signInProvider)
        identities = try firebase.decodeIfPresent([String: [String]].self, forKey: .identities) ?? [:]
        signInSecondFactor = try firebase.decodeIfPresent(String.self, forKey: .signInSecondFactor)
        secondFactorIdentifier = try firebase.decodeIfPresent(String.self, forKey: .secondFactorIdentifier)
        tenant = try firebase.decodeIfPresent(String.self, forKey: .tenant)
        signInAttributes = try firebase.decodeIfPresent([String: JSONValue].self, forKey: .signInAttributes)
        let all = try decoder.container(keyedBy: IdentityTokenClaims.AnyKey.self)
        for key in all.allKeys where !Self.standardNames.contains(key.stringValue) {
            customClaims[key.stringValue] = try all.decode(JSONValue.self, forKey: key)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(iss, forKey: .iss)
        try container.encode(aud, forKey: .aud)
        try container.encode(sub, forKey: .sub)
        try container.encode(sub, forKey: .userID)
        try container.encode(iat, forKey: .iat)
        try container.encode(exp, forKey: .exp)
        try container.encode(authTime, forKey: .authTime)
        try container.encodeIfPresent(email, forKey: .email)
        try container.encodeIfPresent(emailVerified, forKey: .emailVerified)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(picture, forKey: .picture)
        try container.encodeIfPresent(phoneNumber, forKey: .phoneNumber)
        try container.encodeIfPresent(sessionID, forKey: .sessionID)
        if signInProvider == "anonymous" { try container.encode(signInProvider, forKey: .providerID) }
        var firebase = container.nestedContainer(keyedBy: FirebaseKeys.self, forKey: .firebase)
        try firebase.encode(identities, forKey: .identities)
        try firebase.encode(signInProvider, forKey: .signInProvider)
        try firebase.encodeIfPresent(signInSecondFactor, forKey: .signInSecondFactor)
        try firebase.encodeIfPresent(secondFactorIdentifier, forKey: .secondFactorIdentifier)
        try firebase.encodeIfPresent(tenant, forKey: .tenant)
        try firebase.encodeIfPresent(signInAttributes, forKey: .signInAttributes)
        var all = encoder.container(keyedBy: IdentityTokenClaims.AnyKey.self)
        for (name, value) in customClaims where !Self.standardNames.contains(name) {
            try all.encode(value, forKey: IdentityTokenClaims.AnyKey(stringValue: name))
        }
    }
}
