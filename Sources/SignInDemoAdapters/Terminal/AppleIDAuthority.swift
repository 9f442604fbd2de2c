import SignInDomain
package import SignInInfrastructure

/// The Apple ID that a terminal consent step shows.
package struct AppleIDAccountSummary: Hashable, Sendable {
    /// The account holder's name.
    package var name: String
    /// The account's real email.
    package var email: String

    /// Creates a summary.
    package init(name: String, email: String) {
        self.name = name
        self.email = email
    }
}

/// Where the terminal stand-in gets identity tokens: the part of Apple's servers that the system sheet
/// talks to. The embedded backend's Apple-like issuer implements it (wired in the composition root).
package protocol AppleIDAuthority: Sendable {
    /// The account that would sign in.
    func currentAccount() async -> AppleIDAccountSummary

    /// Authorizes the app for the current account and issues an identity token.
    /// - Parameters:
    ///   - request: The scopes and the nonce's SHA-256 hex.
    ///   - shareEmail: `false` hides the email behind a private relay address.
    /// - Throws: Any error; the authorizer reports it as a failed authorization.
    func authorize(_ request: AppleIDRequest, shareEmail: Bool) async throws -> AppleIDAuthorization
}
