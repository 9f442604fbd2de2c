/// A Google account the embedded Google-like issuer can sign in: what the account chooser lists.
public struct GoogleAccount: Codable, Hashable, Sendable {
    /// Google's stable user id (the token's `sub`, 21 digits).
    public var subject: String
    /// The account holder's name.
    public var name: String
    /// The account's Gmail address.
    public var email: String

    /// Creates an account.
    public init(subject: String, name: String, email: String) {
        self.subject = subject
        self.name = name
        self.email = email
    }
}

/// What the embedded Google-like issuer keeps: its signing key and the accounts on this "device".
public struct GoogleIssuerState: Codable, Hashable, Sendable {
    /// The HS256 key, base64url; made at random once per installation.
    public var signingKey: String
    /// The accounts the chooser lists.
    public var accounts: [GoogleAccount]

    /// Creates a state.
    public init(signingKey: String, accounts: [GoogleAccount]) {
        self.signingKey = signingKey
        self.accounts = accounts
    }
}
