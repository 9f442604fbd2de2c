public import SignInDomain

/// The guest "UI": nothing to ask, so it hands over an empty guest credential at once (Firebase's anonymous-account upgrade).
public struct AnonymousUIClient: SignInUIClient {
    public let providerType = ProviderType.anonymous

    /// Creates the client.
    public init() {}

    public func getCredential() async throws(AuthError) -> CredentialOutcome {
        .credential(AuthCredential(provider: .anonymous))
    }
}
