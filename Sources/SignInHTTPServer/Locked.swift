import Foundation

/// A value behind a lock that ThreadSanitizer understands.
///
/// The server's connections run on plain threads, not Swift tasks. `Synchronization.Mutex` is correct there, but
/// on Linux it waits with `futex` calls that ThreadSanitizer does not model, so every access to the server's state
/// from two threads was reported as a race although each held the lock. `NSLock` is a pthread mutex, which the
/// sanitizer sees.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is read and written only inside `withLock`, while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
