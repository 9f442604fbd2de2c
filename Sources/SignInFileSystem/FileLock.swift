#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory lock on a file (`flock`), shared by every process that uses the same path: two runs of the
/// CLI on one data folder take turns instead of overwriting each other's changes.
///
/// `flock` locks belong to an open file, not to a thread, so two `FileLock`s on the same path exclude each
/// other also inside one process.
package struct FileLock: Sendable {
    /// The lock file's path.
    package let path: String

    /// Creates a lock on `path` (the file is created, mode `0600`, when first locked). An existing lock file
    /// must pass the checks of ``AtomicFile``: a symbolic link (even one that leads nowhere, whose target
    /// would otherwise be created), a FIFO, a file of another user or one open to group or others is refused.
    package init(path: String) {
        self.path = path
    }

    /// Runs `body` while holding the lock exclusively (or shared, for readers), waiting for it as long as it
    /// takes; the operations it guards are short.
    package func withLock<T>(shared: Bool = false, _ body: () throws -> T) throws -> T {
        let fd = try openLockFile()
        defer { close(fd) }
        while flock(fd, shared ? LOCK_SH : LOCK_EX) != 0 {
            guard errno == EINTR else { throw POSIX.error("lock", path) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// Tries to take the lock exclusively without waiting.
    /// - Returns: A release function, or `nil` when another holder has the lock.
    package func tryLock() throws -> (@Sendable () -> Void)? {
        let fd = try openLockFile()
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            close(fd)
            if code == EWOULDBLOCK { return nil }
            throw FileSystemError(operation: "lock", path: path, reason: String(cString: strerror(code)), code: code)
        }
        return {
            flock(fd, LOCK_UN)
            close(fd)
        }
    }

    private func openLockFile() throws(FileSystemError) -> Int32 {
        try FileChecks.requireTrustedAncestors(of: path, operation: "lock")
        return try POSIX.openChecked(path, O_RDWR | O_CREAT, mode: 0o600, operation: "lock").fd
    }
}
