public import SignInData
import SignInLocking

/// Where the embedded backend keeps its ``EmbeddedBackendState``: in memory for tests, in a data folder for
/// the CLI (``SQLiteBackendStateStorage``). Every operation of the backend is one `update`, so that an
/// operation is all-or-nothing and, with files, separate processes take turns.
public protocol BackendStateStorage: Sendable {
    /// Runs `body` on the current state without changing it.
    /// - Throws: `IdentityBackendError` (`IdentityBackendError/Code/storageUnavailable`) or what `body`
    ///   throws.
    func read<T: Sendable>(_ body: (EmbeddedBackendState) throws(IdentityBackendError) -> T)
        throws(IdentityBackendError) -> T

    /// Runs `body` on the current state and keeps its changes only if it returns: a body that throws
    /// changes nothing.
    func update<T: Sendable>(_ body: (inout EmbeddedBackendState) throws(IdentityBackendError) -> T)
        throws(IdentityBackendError) -> T
}

/// Keeps the state in memory, for tests and for a demo that should leave nothing behind.
///
/// Operations run on the state in place, under its lock: nothing is copied, so an operation costs the same with
/// one account or a hundred thousand. A failed operation is undone by ``EmbeddedBackendState``'s transaction.
public final class InMemoryBackendStateStorage: BackendStateStorage {
    private struct Guarded {
        var state: EmbeddedBackendState
        /// Whether the records were checked (once, at the first operation: the state given may be damaged).
        var isChecked = false

        mutating func check() throws(IdentityBackendError) {
            if isChecked {
                try state.checkKeys()
            } else {
                try state.checkIntegrity()
                isChecked = true
            }
        }
    }

    private let guarded: Locked<Guarded>

    /// Creates a storage holding `state`.
    public init(_ state: EmbeddedBackendState) {
        self.guarded = Locked(Guarded(state: state))
    }

    public func read<T: Sendable>(_ body: (EmbeddedBackendState) throws(IdentityBackendError) -> T)
        throws(IdentityBackendError) -> T
    {
        let result: Result<T, IdentityBackendError> = guarded.withLock { guarded in
            do throws(IdentityBackendError) {
                try guarded.check()
                return .success(try body(guarded.state))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    public func update<T: Sendable>(_ body: (inout EmbeddedBackendState) throws(IdentityBackendError) -> T)
        throws(IdentityBackendError) -> T
    {
        let result: Result<T, IdentityBackendError> = guarded.withLock { guarded in
            do throws(IdentityBackendError) {
                try guarded.check()
                return .success(try guarded.state.transaction(body).value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
