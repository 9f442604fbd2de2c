import Foundation
public import SignInCrypto
public import SignInData
public import SignInDomain
public import SignInEmbeddedStore
package import SignInJOSE

/// A Google-like issuer of ID tokens: what Google's servers do behind the account chooser. Tokens are JWTs
/// signed with HS256 under a per-installation key, with Google's claims (`iss` `https://accounts.google.com`,
/// `aud` the app's client id, `sub`, `email`, `email_verified`, `name`, `iat`, `exp`, and `nonce` when the
/// app sent one), plus an opaque access token.
public final class EmbeddedGoogleIssuer: Sendable {
    /// The `iss` of every token.
    public let issuer: String
    /// The app's client id at Google: every token's `aud`.
    public let clientID: String
    private let storage: any BackendStateStorage
    private let clock: any WallClock
    private let random: any RandomByteSource

    /// Creates an issuer over the backend's state.
    public init(
        storage: any BackendStateStorage, issuer: String = "https://accounts.google.com", clientID: String,
        clock: any WallClock, random: any RandomByteSource
    ) {
        self.storage = storage
        self.issuer = issuer
        self.clientID = clientID
        self.clock = clock
        self.random = random
    }

    /// The accounts the chooser lists.
    public func accounts() throws(IdentityBackendError) -> [GoogleAccount] {
        try storage.read { $0.google?.accounts ?? [] }
    }

    /// The key a verifier needs.
    package func verificationKey() throws(IdentityBackendError) -> HS256Key {
        try storage.read { state throws(IdentityBackendError) in try state.googleSigningKey() }
    }

    /// Signs `email`'s account in for the app and issues its tokens.
    /// - Parameters:
    ///   - email: The account picked in the chooser.
    ///   - nonce: The nonce to put in the token: the SHA-256 hex of the app's raw nonce. The identity service
    ///     refuses a Google token without one.
    /// - Throws: `IdentityBackendError/Code/userNotFound` when no listed account has that email.
    public func signIn(email: String, nonce: String?) throws(IdentityBackendError) -> IssuedGoogleCredential {
        let now = Int(clock.now().timeIntervalSince1970)
        let accessToken = "ya29." + random.token(byteCount: 32)
        let (issuer, clientID) = (self.issuer, self.clientID)
        return try storage.read { state throws(IdentityBackendError) in
            guard let google = state.google,
                let account = google.accounts.first(where: { $0.email.lowercased() == email.lowercased() })
            else { throw IdentityBackendError(.userNotFound, message: "no Google account \(email) on this device") }
            var claims = IdentityTokenClaims(
                iss: issuer, aud: clientID, sub: account.subject, iat: now,
                exp: now + 3600, nonce: nonce, email: account.email, emailVerified: true)
            claims.name = account.name
            let token = EmbeddedAppleIssuer.sign(claims, key: try state.googleSigningKey())
            return IssuedGoogleCredential(account: account, idToken: token, accessToken: accessToken)
        }
    }

    /// What `accounts:signInWithIdp` checks a `google.com` token against.
    package static func tokenIssuer(issuer: String, clientID: String) -> IdentityTokenIssuer {
        IdentityTokenIssuer(providerId: ProviderType.google.rawValue, issuers: [issuer], audience: clientID) {
            state throws(IdentityBackendError) in try state.googleSigningKey()
        }
    }
}
