import SignInDomain

/// The guest "UI": nothing to ask, so it hands over an empty guest credential at once (seed 003).
public struct AnonymousUIClient: SignInUIClient {
    public let providerType = ProviderType.anonymous

    /// Creates the client.
    public init() {}

    public func getCredential() async throws -> CredentialOutcome {
        .credential(AuthCredential(provider: .anonymous))
    }
}
