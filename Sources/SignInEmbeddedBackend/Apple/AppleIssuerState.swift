/// What the embedded Apple-like issuer keeps: its signing key, the Apple ID, and which apps the user has
/// already authorized (Apple sends the name and email only at the first authorization).
public struct AppleIssuerState: Codable, Hashable, Sendable {
    /// The HS256 key, base64url; made at random once per installation.
    public var signingKey: String
    /// The Apple ID at the keyboard.
    public var user: AppleIDUser
    /// Client ids the user has authorized, with the email choice made the first time (`true`: share).
    public var authorizedClients: [String: Bool] = [:]

    /// Creates a state.
    public init(signingKey: String, user: AppleIDUser) {
        self.signingKey = signingKey
        self.user = user
    }
}
