/// What every feature group's use cases share: the session they act on and the providers that sign in again before
/// a sensitive operation.
public struct FeatureContext: Sendable {
    /// The session manager.
    public let sessions: SessionManager
    /// The auth providers, to link with and to sign in again with.
    public let authProviders: [any AuthProvider]

    /// Creates the context.
    public init(sessions: SessionManager, authProviders: [any AuthProvider] = []) {
        self.sessions = sessions
        self.authProviders = authProviders
    }
}
