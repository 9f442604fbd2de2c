public import SignInDomain

/// Builds the UI clients of a sign-in screen with a fluent API:
///
/// ```swift
/// let uiClients = SignInUIClientBuilder()
///     .createAppleClient(authorizer: authorizer)
///     .addClient(MyGitHubUIClient())
///     .build()
/// ```
///
/// Each `create…Client` lives in an extension file of its own (`SignInUIClientBuilder+Apple.swift`).
public struct SignInUIClientBuilder: Sendable {
    private var clients: SignInUIClients = [:]
    /// Creates an empty builder.
    public init() {}

    /// Adds a client; it replaces an earlier client of the same provider.
    public func addClient(_ client: any SignInUIClient) -> SignInUIClientBuilder {
        var copy = self
        copy.clients[client.providerType] = client
        return copy
    }

    /// The clients, keyed by provider.
    public func build() -> SignInUIClients {
        clients
    }
}
