public import SignInDomain

/// The Apple ID that the embedded Apple-like issuer signs in: the person at the keyboard.
public struct AppleIDUser: Codable, Hashable, Sendable {
    /// Apple's stable user id (the token's `sub`), such as `001234.5f2c….0456`.
    public var subject: String
    /// The account holder's name.
    public var name: PersonName
    /// The real email.
    public var email: String
    /// The private relay address used when the user hides the email.
    public var privateRelayEmail: String

    /// Creates a user.
    public init(subject: String, name: PersonName, email: String, privateRelayEmail: String) {
        self.subject = subject
        self.name = name
        self.email = email
        self.privateRelayEmail = privateRelayEmail
    }
}
