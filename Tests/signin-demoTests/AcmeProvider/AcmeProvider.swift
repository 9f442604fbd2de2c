import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInPresentation

@testable import SignInDemoCLI

// The "add a provider" recipe of Architecture.md, followed for an OpenID Connect provider that exists only in the
// tests. These two files (this one and AcmeUIClient.swift) are the whole provider; registering it is one element
// in the list of providers the composition root gets.

extension ProviderType {
    /// Firebase names a project's OpenID Connect providers `oidc.<name>`.
    static let acme = ProviderType(rawValue: "oidc.acme")
}

extension DemoProvider {
    /// Acme ID: an OpenID Connect provider, simulated by the embedded backend.
    static let acme = DemoProvider(
        description: ProviderDescription(
            type: .acme,
            name: ProviderDisplayName("Acme ID", translations: ["tr": "Acme Kimliği", "zh-Hant": "Acme 帳號"]),
            commandNames: ["acme", "acme-id"], isLinkable: true),
        takesIdentityToken: true,
        embeddedIssuer: IdentityProviderRegistration(
            providerId: ProviderType.acme.rawValue, issuer: "https://login.acme.example", clientID: "signin-demo"),
        screen: { context in
            context.backend.providerPages.map {
                AcmeUIClient(
                    pages: $0, account: context.invocation.account, chooser: context.chooser,
                    language: context.language)
            }
        },
        exchange: { context in
            context.capabilities.identityProviders.map {
                IdPAuthProvider(type: .acme, backend: $0, linking: context.capabilities.linking, clock: context.clock)
            }
        })
}
