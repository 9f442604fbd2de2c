/// Keeps the signed-in session across launches. Implementations are named by mechanism
/// (`InMemorySessionStore`, `FileSessionStore`, `KeychainSessionStore`).
public protocol SessionStore: Sendable {
    /// The stored session, or `nil` when none is stored.
    /// - Throws: ``AuthError/sessionStorage(reason:)`` when the store cannot be read (a read error is
    ///   never reported as "no session"), ``AuthError/storedSessionDiscarded(movedTo:reason:)`` when the
    ///   stored data was unusable and has been moved aside.
    func load() async throws(AuthError) -> UserSession?

    /// Replaces the stored session.
    /// - Throws: ``AuthError/sessionStorage(reason:)``; the previous session is then still stored.
    func save(_ session: UserSession) async throws(AuthError)

    /// Removes the stored session.
    func clear() async throws(AuthError)

    /// Runs `body` while no other process using the same store runs its own: the refresh of a shared
    /// session happens once across processes. The default runs `body` at once (a store no other process
    /// sees).
    func withExclusiveAccess<T: Sendable>(_ body: @Sendable () async throws(AuthError) -> T) async throws(AuthError)
        -> T
}

extension SessionStore {
    public func withExclusiveAccess<T: Sendable>(_ body: @Sendable () async throws(AuthError) -> T)
        async throws(AuthError) -> T
    {
        try await body()
    }
}
