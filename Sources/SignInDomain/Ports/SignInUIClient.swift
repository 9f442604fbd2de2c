/// What a UI client got from the user: a credential, or the user's cancel (which is not an error).
public enum CredentialOutcome: Hashable, Sendable {
    /// The user completed the provider's UI.
    case credential(AuthCredential)
    /// The user dismissed the provider's UI.
    case cancelled
}

/// Obtains a credential from the user through a provider's UI: the Apple sheet, Google's account
/// chooser, a form, or a terminal prompt. The KMP app's `SignInUIClient`.
///
/// The protocol lives in Domain because ``SignInUseCase`` calls it (ports live with their caller);
/// Infrastructure implements it and provides the builder. Architecture.md gives the full reason.
public protocol SignInUIClient: Sendable {
    /// The provider whose UI this client shows.
    var providerType: ProviderType { get }

    /// Shows the provider's UI and waits for the user.
    /// - Returns: The credential, or ``CredentialOutcome/cancelled`` if the user cancelled.
    /// - Throws: ``AuthError`` when the UI fails for another reason.
    func getCredential() async throws -> CredentialOutcome
}

/// The UI clients of a screen, keyed by provider: what `SignInUIClientBuilder.build()` returns.
public typealias SignInUIClients = [ProviderType: any SignInUIClient]

extension SignInUIClient {
    /// ``getCredential()`` as the use cases call it: a cancelled task counts as the user's cancel, and any error
    /// becomes an ``AuthError``. Internal: an app implements ``getCredential()``, and nothing else calls a UI client.
    func obtainCredential() async throws(AuthError) -> CredentialOutcome {
        do {
            return try await getCredential()
        } catch is CancellationError {
            return .cancelled
        } catch {
            throw AuthError.normalizing(error)
        }
    }
}
