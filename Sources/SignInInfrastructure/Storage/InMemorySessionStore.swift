public import SignInDomain

/// Keeps the session in memory only: for previews, tests, and apps that want no persistence.
public actor InMemorySessionStore: SessionStore {
    private var session: UserSession?

    /// Creates a store, optionally holding a session already.
    public init(session: UserSession? = nil) {
        self.session = session
    }

    public func load() async throws -> UserSession? { session }
    public func save(_ session: UserSession) async throws { self.session = session }
    public func clear() async throws { session = nil }
}
