public import SignInDomain

/// Keeps the session in memory only: for previews, tests, and apps that want no persistence.
public actor InMemorySessionStore: SessionStore {
    private var session: UserSession?

    /// Creates a store, optionally holding a session already.
    public init(session: UserSession? = nil) {
        self.session = session
    }

    public func load() async throws(AuthError) -> UserSession? { session }
    public func save(_ session: UserSession) async throws(AuthError) { self.session = session }
    public func clear() async throws(AuthError) { session = nil }
}
