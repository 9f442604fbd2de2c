/// What a UI client got from the user: a credential, or the user's cancel (which is not an error).
public enum CredentialOutcome: Hashable, Sendable {
    /// The user completed the provider's UI.
    case credential(AuthCredential)
    /// The user dismissed the provider's UI.
    case cancelled
}

/// Obtains a credential from the user through a provider's UI: the Apple sheet, Google's account
/// chooser, a form, or a terminal prompt.
///
/// The protocol lives in Domain because ``SignInUseCase`` calls it (ports live with their caller);
/// Infrastructure implements it and provides the builder. Architecture.md gives the full reason.
public protocol SignInUIClient: Sendable {
    /// The provider whose UI this client shows.
    var providerType: ProviderType { get }

    /// Shows the provider's UI and waits for the user.
    /// - Returns: The credential, or ``CredentialOutcome/cancelled`` if the user cancelled (or the waiting task was
    ///   cancelled).
    /// - Throws: ``AuthError`` when the UI fails for another reason: a platform's error is mapped where it enters.
    func getCredential() async throws(AuthError) -> CredentialOutcome
}

/// The UI clients of a screen, keyed by provider: what `SignInUIClientBuilder.build()` returns.
public typealias SignInUIClients = [ProviderType: any SignInUIClient]
