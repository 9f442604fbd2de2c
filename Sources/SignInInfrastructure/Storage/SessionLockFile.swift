import SignInDomain
import SignInFileSystem

/// The cross-process lock behind `withExclusiveAccess` of the file and Keychain session stores: a `flock` on a
/// file that every process sharing the session can reach (the data folder, or an app group's container for an
/// app and its extensions), so that a shared session is refreshed once, not once per process.
struct SessionLockFile: Sendable {
    let lock: FileLock
    let timeout: Duration

    init(path: String, timeout: Duration) {
        self.lock = FileLock(path: path)
        self.timeout = timeout
    }

    /// Runs `body` holding the lock, polling for it every 10 ms until `timeout`.
    /// - Throws: ``AuthError/sessionStorage(reason:)`` when the lock cannot be taken; what `body` throws.
    func withLock<T: Sendable>(_ body: @Sendable () async throws(AuthError) -> T) async throws(AuthError) -> T {
        let folder = lock.path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        do {
            try AtomicFile.makeDirectory(folder.isEmpty ? "." : folder)
        } catch {
            throw AuthError.sessionStorage(reason: error.description)
        }
        let deadline = ContinuousClock.now + timeout
        var release: (@Sendable () -> Void)?
        while release == nil {
            do {
                release = try lock.tryLock()
            } catch {
                throw AuthError.sessionStorage(reason: String(describing: error))
            }
            if release == nil {
                guard ContinuousClock.now < deadline else {
                    throw AuthError.sessionStorage(reason: "another process holds \(lock.path)")
                }
                do {
                    try await Task.sleep(for: .milliseconds(10))
                } catch {
                    throw AuthError.sessionStorage(reason: "stopped waiting for \(lock.path): the task was cancelled")
                }
            }
        }
        defer { release?() }
        return try await body()
    }
}
