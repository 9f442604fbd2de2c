import Foundation
package import SignInData
package import SignInEmbeddedStore
package import SignInJOSE

/// One identity provider whose tokens the embedded backend accepts at `accounts:signInWithIdp`: what a token from
/// it must say (`iss`, `aud`) and where its keys are. The identity service keeps them keyed by provider id, so the
/// token check is a lookup; an unknown provider id is refused as not enabled.
package struct IdentityTokenIssuer: Sendable {
    /// Reads a simulated issuer's HS256 key from a state; `nil` while the issuer has signed nothing yet.
    package struct KeyLookup: Sendable {
        private let read: @Sendable (EmbeddedBackendState) throws(IdentityBackendError) -> HS256Key?

        /// Wraps `read`.
        package init(_ read: @escaping @Sendable (EmbeddedBackendState) throws(IdentityBackendError) -> HS256Key?) {
            self.read = read
        }

        /// The key in `state`.
        package func callAsFunction(_ state: EmbeddedBackendState) throws(IdentityBackendError) -> HS256Key? {
            try read(state)
        }
    }

    /// Where an issuer's keys are.
    package enum Keys: Sendable {
        /// A simulated issuer's HS256 key in a state; `nil` while the issuer has signed nothing yet (its key is made
        /// on first use).
        case simulated(KeyLookup)
        /// A real OpenID Connect issuer's published keys: the `jwks_uri` of the discovery document of the issuer a
        /// token names (`issuer`, the first of the registration's, for a token that names none of them), fetched
        /// and cached outside the state.
        case published(issuer: String)
    }

    /// The provider id (`apple.com`, `oidc.acme`).
    public let providerId: String
    /// The accepted `iss` values.
    public let issuers: Set<String>
    /// The expected `aud`: the app's client id at that provider.
    public let audience: String
    /// Where its keys are.
    package let keys: Keys

    /// An issuer whose HS256 key is in the state.
    package init(
        providerId: String, issuers: Set<String>, audience: String,
        key: @escaping @Sendable (EmbeddedBackendState) throws(IdentityBackendError) -> HS256Key?
    ) {
        self.init(providerId: providerId, issuers: issuers, audience: audience, keys: .simulated(KeyLookup(key)))
    }

    /// An issuer with `keys`.
    package init(providerId: String, issuers: Set<String>, audience: String, keys: Keys) {
        self.providerId = providerId
        self.issuers = issuers
        self.audience = audience
        self.keys = keys
    }
}

/// An OpenID Connect provider registered with the embedded backend: its provider id, the issuers its tokens may name
/// and the app's client id there, and whose keys sign its tokens.
///
/// A simulated provider (``Signing-swift.enum/simulated``, the default) has a simulated sign-in page; its key is made
/// on first use and kept in the state under the provider id, so registering one changes neither the stored state's
/// version nor its shape. A real one (``Signing-swift.enum/published``: Microsoft Entra ID, Okta, Keycloak, a
/// company's own server) signs with its own keys, RS256 or ES256, which the backend reads from the JWK Set its
/// discovery document names, caches, and fetches again when a token names a key it does not have.
public struct IdentityProviderRegistration: Hashable, Sendable {
    /// Whose keys sign the provider's tokens.
    public enum Signing: Hashable, Sendable {
        /// The backend's simulated issuer, with an HS256 key of its own.
        case simulated
        /// The real issuer, with the keys it publishes (`RS256`, `ES256`).
        case published
    }

    /// The provider id (`oidc.acme`; Firebase names a project's OpenID Connect providers `oidc.<name>`).
    public var providerId: String
    /// The `iss` values its tokens may carry: one for most providers, one per tenant for a provider that serves
    /// several (Microsoft's `https://login.microsoftonline.com/{tenant}/v2.0`). Its simulated page signs with the
    /// first unless asked for another of them.
    public var issuers: [String]
    /// The app's client id at the provider: the tokens' `aud`.
    public var clientID: String
    /// Whose keys sign its tokens.
    public var signing: Signing

    /// Creates a registration for a provider with one issuer.
    /// - Parameters:
    ///   - providerId: The provider id (`oidc.<name>`).
    ///   - issuer: The `iss` its tokens carry.
    ///   - clientID: The app's client id there.
    ///   - signing: Whose keys sign its tokens; the backend's simulated issuer by default.
    public init(providerId: String, issuer: String, clientID: String, signing: Signing = .simulated) {
        self.init(providerId: providerId, issuers: [issuer], clientID: clientID, signing: signing)
    }

    /// Creates a registration for a provider whose tokens may name any of `issuers`.
    /// - Parameters:
    ///   - providerId: The provider id (`oidc.<name>`).
    ///   - issuers: The `iss` values its tokens may carry; a real issuer's keys are read from the first one's
    ///     discovery document.
    ///   - clientID: The app's client id there.
    ///   - signing: Whose keys sign its tokens; the backend's simulated issuer by default.
    public init(providerId: String, issuers: [String], clientID: String, signing: Signing = .simulated) {
        self.providerId = providerId
        self.issuers = issuers
        self.clientID = clientID
        self.signing = signing
    }

    package var tokenIssuer: IdentityTokenIssuer {
        let providerId = providerId
        switch signing {
        case .simulated:
            return IdentityTokenIssuer(providerId: providerId, issuers: Set(issuers), audience: clientID) {
                state throws(IdentityBackendError) in try state.issuerKey(providerId)
            }
        case .published:
            return IdentityTokenIssuer(
                providerId: providerId, issuers: Set(issuers), audience: clientID,
                keys: .published(issuer: issuers.first ?? ""))
        }
    }
}
