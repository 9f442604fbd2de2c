import Foundation
public import SignInCrypto
public import SignInData
public import SignInDomain
public import SignInEmbeddedStore
import SignInJOSE

/// The simulated sign-in page of a registered OpenID-Connect-style provider: it issues an identity token for the
/// email the user gives, as that provider would after its own sign-in. The subject is derived from the provider
/// and the email, so the same email is the same user at every sign-in and in every process.
public final class EmbeddedIdPIssuer: Sendable {
    /// The provider this issuer simulates.
    public let registration: IdentityProviderRegistration
    private let storage: any BackendStateStorage
    private let clock: any WallClock
    private let random: any RandomByteSource
    /// How long its identity tokens live, in seconds.
    public static let tokenLifetime = 600

    /// Creates the issuer over the backend's state.
    public init(
        registration: IdentityProviderRegistration, storage: any BackendStateStorage, clock: any WallClock,
        random: any RandomByteSource
    ) {
        self.registration = registration
        self.storage = storage
        self.clock = clock
        self.random = random
    }

    /// The subject this provider gives the user with `email`.
    public func subject(for email: String) -> String {
        "sub-" + String(SHA256.hexDigest("\(registration.providerId)\n\(email.lowercased())").prefix(24))
    }

    /// Signs an identity token for `email` (with `name` when given and the request's `nonce`), making the
    /// provider's key if it has none yet.
    /// - Parameters:
    ///   - email: The email the user gives the provider's page.
    ///   - name: The user's name at the provider, if the token should carry one.
    ///   - nonce: The request's nonce: the SHA-256 hex of the client's raw nonce.
    ///   - claims: The provider's own claims the token carries besides the standard ones (Microsoft's `oid`, `tid`,
    ///     `preferred_username`); a standard claim's name here is ignored.
    ///   - issuer: Which of the registration's issuers signs (a tenant's, for a provider that serves several); the
    ///     first when `nil`.
    /// - Throws: `IdentityBackendError/Code/invalidEmail` for an email without `@`;
    ///   `IdentityBackendError/Code/invalidIssuer` for an issuer the registration does not list; the storage's
    ///   errors.
    public func signIn(
        email: String, name: String? = nil, nonce: String?, claims: [String: String] = [:], issuer: String? = nil
    ) throws(IdentityBackendError) -> String {
        let email = email.trimmingCharacters(in: .whitespaces)
        guard email.contains("@"), !email.hasPrefix("@"), !email.hasSuffix("@") else {
            throw IdentityBackendError(.invalidEmail, message: "\(email) is not an email address")
        }
        guard let iss = issuer ?? registration.issuers.first, registration.issuers.contains(iss) else {
            throw IdentityBackendError(
                .invalidIssuer, message: "\(registration.providerId) is registered with no issuer \(issuer ?? "")")
        }
        let now = Int(clock.now().timeIntervalSince1970)
        var token = IdentityTokenClaims(
            iss: iss, aud: registration.clientID, sub: subject(for: email), iat: now,
            exp: now + Self.tokenLifetime, nonce: nonce, email: email, emailVerified: true)
        token.name = name
        token.providerClaims = claims
        let (providerId, random) = (registration.providerId, random)
        let key = try storage.update { state throws(IdentityBackendError) in
            if let key = try state.issuerKey(providerId) { return key }
            return try state.makeIssuerKey(providerId, random: random)
        }
        return EmbeddedAppleIssuer.sign(token, key: key)
    }
}
