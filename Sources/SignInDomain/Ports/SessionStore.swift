/// Keeps the signed-in session across launches. Implementations are named by mechanism
/// (`InMemorySessionStore`, `FileSessionStore`, `KeychainSessionStore`).
public protocol SessionStore: Sendable {
    /// The stored session, or `nil` when none is stored.
    /// - Throws: ``AuthError/sessionStorage(reason:)`` when the store cannot be read; a read error is
    ///   never reported as "no session".
    func load() async throws -> UserSession?

    /// Replaces the stored session.
    /// - Throws: ``AuthError/sessionStorage(reason:)``; the previous session is then still stored.
    func save(_ session: UserSession) async throws

    /// Removes the stored session.
    func clear() async throws
}
