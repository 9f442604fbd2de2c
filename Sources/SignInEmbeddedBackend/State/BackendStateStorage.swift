import SignInData
import Synchronization

/// Where the embedded backend keeps its ``EmbeddedBackendState``: in memory for tests, in a data folder for
/// the CLI (``FileBackendStateStorage``). Every operation of the backend is one `update`, so that an
/// operation is all-or-nothing and, with files, separate processes take turns.
public protocol BackendStateStorage: Sendable {
    /// Runs `body` on the current state without changing it.
    /// - Throws: ``IdentityBackendError`` (``IdentityBackendError/Code/storageUnavailable``) or what `body`
    ///   throws.
    func read<T: Sendable>(_ body: (EmbeddedBackendState) throws(IdentityBackendError) -> T)
        throws(IdentityBackendError) -> T

    /// Runs `body` on the current state and keeps its changes only if it returns: a body that throws
    /// changes nothing.
    func update<T: Sendable>(_ body: (inout EmbeddedBackendState) throws(IdentityBackendError) -> T)
        throws(IdentityBackendError) -> T
}

/// Keeps the state in memory, for tests and for a demo that should leave nothing behind.
public final class InMemoryBackendStateStorage: BackendStateStorage {
    private let state: Mutex<EmbeddedBackendState>

    /// Creates a storage holding `state`.
    public init(_ state: EmbeddedBackendState) {
        self.state = Mutex(state)
    }

    public func read<T: Sendable>(_ body: (EmbeddedBackendState) throws(IdentityBackendError) -> T)
        throws(IdentityBackendError) -> T
    {
        let current = state.withLock { $0 }
        try current.checkKeys()
        return try body(current)
    }

    public func update<T: Sendable>(_ body: (inout EmbeddedBackendState) throws(IdentityBackendError) -> T)
        throws(IdentityBackendError) -> T
    {
        let result: Result<T, IdentityBackendError> = state.withLock { current in
            var copy = current
            do throws(IdentityBackendError) {
                try copy.checkKeys()
                let value = try body(&copy)
                current = copy
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
