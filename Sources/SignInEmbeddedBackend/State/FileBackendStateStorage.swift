import Foundation
import SignInData
import SignInFileSystem

/// Keeps the state in `backend.json` inside a data folder, so that separate runs of the CLI share accounts
/// and sessions.
///
/// Each operation takes an exclusive `flock` on `backend.lock`, reads the file, applies the change and
/// writes the file atomically (temporary file, `fsync`, `rename`) with mode 0600 in a 0700 folder. A file
/// that cannot be decoded, or that a newer version wrote, is refused with a clear error and left exactly
/// where it is: the backend never overwrites accounts it cannot read. So is a file that is not to be trusted
/// (see `AtomicFile`: a symbolic link or FIFO, a file of another user or one open to group or others, a lock
/// file that is a symbolic link) or one larger than ``sizeLimit``. Temporary files of writes killed before
/// their rename are removed at the next operation.
public final class FileBackendStateStorage: BackendStateStorage {
    /// The most bytes the state file may hold (256 MiB): it holds every account, so it grows with them.
    public static let sizeLimit = 256 << 20

    /// The data folder.
    public let folder: String
    /// The state file.
    public var statePath: String { "\(folder)/backend.json" }
    private let lock: FileLock
    private let makeInitialState: @Sendable () -> EmbeddedBackendState

    /// Creates a storage in `folder`.
    /// - Parameters:
    ///   - folder: The data folder; created (0700) on first use.
    ///   - makeInitialState: Makes the state of a new installation, when the folder has none yet.
    public init(folder: String, makeInitialState: @escaping @Sendable () -> EmbeddedBackendState) {
        self.folder = folder
        self.lock = FileLock(path: "\(folder)/backend.lock")
        self.makeInitialState = makeInitialState
    }

    public func read<T: Sendable>(_ body: (EmbeddedBackendState) throws(IdentityBackendError) -> T)
        throws(IdentityBackendError) -> T
    {
        try update { (state: inout EmbeddedBackendState) throws(IdentityBackendError) -> T in try body(state) }
    }

    public func update<T: Sendable>(_ body: (inout EmbeddedBackendState) throws(IdentityBackendError) -> T)
        throws(IdentityBackendError) -> T
    {
        do {
            try AtomicFile.makeDirectory(folder)
        } catch {
            throw unavailable(error)
        }
        let outcome: Result<T, IdentityBackendError>
        do {
            outcome = try lock.withLock { () throws(IdentityBackendError) -> Result<T, IdentityBackendError> in
                var (state, isNew) = try load()
                // A state with a missing, short or damaged key, or a damaged record, stops every operation, before
                // any is run.
                try state.checkIntegrity()
                let outcome: (value: T, changed: Bool)
                do throws(IdentityBackendError) {
                    outcome = try state.transaction(body)
                } catch {
                    return .failure(error)
                }
                if isNew || outcome.changed { try write(state) }
                return .success(outcome.value)
            }
        } catch let error as IdentityBackendError {
            throw error
        } catch let error as FileSystemError {
            throw unavailable(error)
        } catch {
            throw IdentityBackendError(.storageUnavailable, message: String(describing: error))
        }
        return try outcome.get()
    }

    private func load() throws(IdentityBackendError) -> (EmbeddedBackendState, isNew: Bool) {
        let bytes: [UInt8]?
        do {
            AtomicFile.removeStaleTemporaries(of: statePath)
            bytes = try AtomicFile.read(statePath, limit: Self.sizeLimit)
        } catch {
            throw unavailable(error)
        }
        guard let bytes else { return (makeInitialState(), true) }
        struct Versioned: Decodable { let version: Int }
        guard let version = try? JSONDecoder().decode(Versioned.self, from: Data(bytes)).version else {
            throw IdentityBackendError(
                .storageUnavailable,
                message: "\(statePath) is not a readable backend state; it was left untouched. "
                    + "Move it away to start a new installation.")
        }
        guard version <= EmbeddedBackendState.currentVersion else {
            throw IdentityBackendError(
                .storageUnavailable,
                message: "\(statePath) was written by a newer version (format \(version)); it was left untouched.")
        }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let decoded = try decoder.decode(EmbeddedBackendState.self, from: Data(bytes))
            guard decoded.version < EmbeddedBackendState.currentVersion else { return (decoded, false) }
            // An older document: migrate it, and mark it new so that the migrated form is written back.
            return (decoded.migrated(fillingFrom: makeInitialState()), true)
        } catch {
            throw IdentityBackendError(
                .storageUnavailable,
                message: "\(statePath) is damaged (\(error)); it was left untouched.")
        }
    }

    private func write(_ state: EmbeddedBackendState) throws(IdentityBackendError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        do {
            let data = try encoder.encode(state)
            try AtomicFile.write(Array(data), to: statePath)
        } catch let error as FileSystemError {
            throw unavailable(error)
        } catch {
            throw IdentityBackendError(.storageUnavailable, message: "cannot encode the state: \(error)")
        }
    }

    private func unavailable(_ error: FileSystemError) -> IdentityBackendError {
        IdentityBackendError(.storageUnavailable, message: error.description)
    }
}
