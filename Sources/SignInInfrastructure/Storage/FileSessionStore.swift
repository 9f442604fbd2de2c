import Foundation
public import SignInDomain
import SignInFileSystem

/// Keeps the session in one JSON file, for Linux and the CLI.
///
/// Writes are atomic (temporary file, `fsync`, `rename`), so a process killed mid-write leaves the old file
/// or the new one. The file has mode 0600 inside a 0700 folder. A file that cannot be decoded (empty,
/// damaged, or from a newer version) is moved aside next to it, never deleted, and reported as
/// `AuthError/storedSessionDiscarded(movedTo:reason:)`; a file that cannot be read at all (permissions,
/// I/O) is a `AuthError/sessionStorage(reason:)` error and stays where it is. So does a file larger than
/// ``sizeLimit``, and a file that is not to be trusted (see `AtomicFile`: a symbolic link or FIFO, a file of
/// another user or one open to group or others), which is also never removed or overwritten. Temporary files
/// of writes killed before their rename are removed when the store is used.
public actor FileSessionStore: SessionStore {
    /// The most bytes a session file may hold (1 MiB); a session takes a few kilobytes.
    public static let sizeLimit = 1 << 20

    /// The session file.
    public nonisolated let path: String
    private nonisolated let lock: SessionLockFile

    /// Creates a store.
    /// - Parameters:
    ///   - path: The session file; its folder is created (0700) on the first save.
    ///   - lockTimeout: How long ``withExclusiveAccess(_:)`` waits for another process.
    public init(path: String, lockTimeout: Duration = .seconds(30)) {
        self.path = path
        self.lock = SessionLockFile(path: "\(path).lock", timeout: lockTimeout)
    }

    private var folder: String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    public func load() async throws(AuthError) -> UserSession? {
        let bytes: [UInt8]?
        do {
            AtomicFile.removeStaleTemporaries(of: path)
            bytes = try AtomicFile.read(path, limit: Self.sizeLimit)
        } catch {
            throw AuthError.sessionStorage(reason: error.description)
        }
        guard let bytes else { return nil }
        switch StoredSessionCodec.decode(bytes) {
        case .success(let session):
            return session
        case .failure(let failure):
            let aside = try moveAside(reason: failure)
            throw AuthError.storedSessionDiscarded(movedTo: aside, reason: failure.description)
        }
    }

    public func save(_ session: UserSession) async throws(AuthError) {
        do {
            try AtomicFile.makeDirectory(folder)
            try AtomicFile.write(StoredSessionCodec.encode(session), to: path)
        } catch {
            throw AuthError.sessionStorage(reason: error.description)
        }
    }

    public func clear() async throws(AuthError) {
        do {
            try AtomicFile.remove(path)
        } catch {
            throw AuthError.sessionStorage(reason: error.description)
        }
    }

    public func withExclusiveAccess<T: Sendable>(_ body: @Sendable () async throws(AuthError) -> T)
        async throws(AuthError) -> T
    {
        try await lock.withLock(body)
    }

    private func moveAside(reason: StoredSessionCodec.Failure) throws(AuthError) -> String {
        let stamp = Int(Date().timeIntervalSince1970)
        var destination = "\(path).unreadable-\(stamp)"
        var counter = 1
        while AtomicFile.exists(destination) {
            counter += 1
            destination = "\(path).unreadable-\(stamp)-\(counter)"
        }
        do {
            try AtomicFile.move(path, to: destination)
        } catch {
            throw AuthError.sessionStorage(reason: "\(reason), and it could not be moved aside: \(error)")
        }
        return destination
    }
}
