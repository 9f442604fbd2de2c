import Foundation
import SignInData
import SignInEmbeddedStore
import SignInJOSE

/// One identity provider whose tokens the embedded backend accepts at `accounts:signInWithIdp`: what a token from
/// it must say (`iss`, `aud`) and where its key is. The identity service keeps them keyed by provider id, so the
/// token check is a lookup; an unknown provider id is refused as not enabled.
package struct IdentityTokenIssuer: Sendable {
    /// The provider id (`apple.com`, `oidc.acme`).
    public let providerId: String
    /// The accepted `iss` values.
    public let issuers: Set<String>
    /// The expected `aud`: the app's client id at that provider.
    public let audience: String
    /// The issuer's key in a state; `nil` while the issuer has signed nothing yet (its key is made on first use).
    package let key: @Sendable (EmbeddedBackendState) throws(IdentityBackendError) -> HS256Key?

    package init(
        providerId: String, issuers: Set<String>, audience: String,
        key: @escaping @Sendable (EmbeddedBackendState) throws(IdentityBackendError) -> HS256Key?
    ) {
        self.providerId = providerId
        self.issuers = issuers
        self.audience = audience
        self.key = key
    }
}

/// A simulated OpenID-Connect-style provider registered with the embedded backend: its provider id, the issuers
/// its tokens may name and the app's client id there. Its key is made on first use and kept in the state under the
/// provider id, so registering one changes neither the stored state's version nor its shape.
public struct IdentityProviderRegistration: Hashable, Sendable {
    /// The provider id (`oidc.acme`; Firebase names a project's OpenID Connect providers `oidc.<name>`).
    public var providerId: String
    /// The `iss` values its tokens may carry: one for most providers, one per tenant for a provider that serves
    /// several (Microsoft's `https://login.microsoftonline.com/{tenant}/v2.0`). Its simulated page signs with the
    /// first unless asked for another of them.
    public var issuers: [String]
    /// The app's client id at the provider: the tokens' `aud`.
    public var clientID: String

    /// Creates a registration for a provider with one issuer.
    public init(providerId: String, issuer: String, clientID: String) {
        self.init(providerId: providerId, issuers: [issuer], clientID: clientID)
    }

    /// Creates a registration for a provider whose tokens may name any of `issuers`.
    public init(providerId: String, issuers: [String], clientID: String) {
        self.providerId = providerId
        self.issuers = issuers
        self.clientID = clientID
    }

    package var tokenIssuer: IdentityTokenIssuer {
        let providerId = providerId
        return IdentityTokenIssuer(providerId: providerId, issuers: Set(issuers), audience: clientID) {
            state throws(IdentityBackendError) in try state.issuerKey(providerId)
        }
    }
}
