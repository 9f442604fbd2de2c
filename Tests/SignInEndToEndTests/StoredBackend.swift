import Foundation
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInTesting

/// The state the CLI's embedded backend keeps in a data folder, read through its own storage, as another process
/// sharing the folder would.
enum StoredBackend {
    struct Missing: Error {}

    /// The state in `dataDirectory`'s `backend/backend.sqlite`, every table copied out; never creates a database.
    static func state(in dataDirectory: URL) throws -> EmbeddedBackendState {
        let folder = dataDirectory.appendingPathComponent("backend").path
        guard FileManager.default.fileExists(atPath: "\(folder)/backend.sqlite") else { throw Missing() }
        let storage = SQLiteBackendStateStorage(folder: folder) { .fresh(random: SeededRandomBytes()) }
        return try storage.read { $0.detached() }
    }

    /// The state without what a refused password attempt may change (its throttling count, the pruning time).
    static func withoutBookkeeping(in dataDirectory: URL) throws -> EmbeddedBackendState {
        var state = try state(in: dataDirectory)
        state.identity.passwordAttempts = [:]
        state.identity.lastPrunedAt = nil
        return state
    }
}
