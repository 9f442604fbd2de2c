import Foundation
import SignInData
import SignInDemoAdapters
import SignInDemoTrace
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInInfrastructure
import SignInPresentation

/// One sign-in provider as the demo registers it: everything the rest of the demo knows of it. Its description
/// (id, name in each language, command names, whether it links) gives the parser, the help, the allow-lists, the
/// interactive menu and the messages; `screen` and `exchange` make its UI client and its `AuthProvider` for a run.
///
/// The registered providers are ``CompositionRoot/providers``; nothing else in the demo lists providers.
struct DemoProvider: Sendable {
    /// Its id, names and abilities.
    let description: ProviderDescription
    /// Whether its screen yields an identity token, so that one obtained elsewhere (`--id-token-file`, or
    /// `SIGNIN_DEMO_ID_TOKEN` with Firebase) can stand in for it.
    let takesIdentityToken: Bool
    /// Its simulated issuer at the embedded backend, for a provider the backend does not simulate itself.
    var embeddedIssuer: IdentityProviderRegistration?
    /// The interactive menu's texts for signing in and for linking, where the general ones ("Sign in with
    /// {provider}", "Link {provider}") do not fit.
    var menuTexts: (signIn: CLIText, link: CLIText?)?
    /// Its UI client for this run; `nil` where the backend has no screen for it (then an identity token obtained
    /// elsewhere can stand in, if it takes one), and for email and password, whose values the commands send in the
    /// view model's actions.
    let screen: @MainActor (ProviderContext) -> (any SignInUIClient)?
    /// Its exchange of a credential for a session; `nil` where the backend lacks the port it needs (a team's own API
    /// has no identity providers and no guests).
    let exchange: @MainActor (ProviderContext) -> (any AuthProvider)?

    var type: ProviderType { description.type }
}

/// What a provider's screen and exchange are made from in one run.
struct ProviderContext {
    let backend: DemoBackend
    /// The identity backend's ports the providers exchange credentials at: the backend's, in their tracing decorator
    /// when the run traces.
    let capabilities: IdentityBackendCapabilities
    let invocation: Invocation
    /// The Apple sheet's question (share or hide the email), answered as the options say.
    let consent: any ConsentPrompt
    /// A list to choose from (an account), answered as the options say.
    let chooser: any ChoicePrompt
    let texts: TerminalTexts
    /// The user's language (`en`, `tr`, `zh-Hant`): a screen that prompts with words of its own picks them by it,
    /// as ``ProviderDisplayName/text(in:)`` does.
    let language: String
    let paths: DataPaths
    /// Receives the demo's steps: a screen that wraps a port of its own (Apple's sheet, Google's chooser) traces it.
    let tracer: any FlowTracer
    let clock: any WallClock
    /// Every text, in the user's language, for a screen that says something of its own (the address an OpenID
    /// Connect sign-in opens).
    let text: CLIMessages
    /// The terminal, for such a screen.
    let console: Console
}

extension [DemoProvider] {
    /// The registered provider with `type`.
    subscript(type: ProviderType) -> DemoProvider? {
        first { $0.type == type }
    }

    /// Their descriptions, in order.
    var descriptions: [ProviderDescription] { map(\.description) }
}
