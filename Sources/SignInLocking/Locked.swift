import Foundation

/// A value behind a lock that ThreadSanitizer understands: state that tasks on several threads read and change,
/// such as the embedded backend's database connection, a test clock or an HTTP server's connections.
///
/// `Synchronization.Mutex` is correct, but on Linux it waits with `futex` calls that ThreadSanitizer does not model:
/// every access to the state from two threads was reported as a race although each held the lock, so a clean run
/// under the sanitizer depended on which threads the tasks happened to run on. `NSLock` is a pthread mutex, which the
/// sanitizer sees.
///
/// ```swift
/// let count = Locked(0)
/// count.withLock { $0 += 1 }
/// ```
package final class Locked<Value> {
    private let lock = NSLock()
    private var value: Value

    /// Puts `value` behind the lock.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock; `body` must not call `withLock` on the same value again.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

// @unchecked Sendable: `value` is read and written only inside `withLock`, while `lock` is held.
extension Locked: @unchecked Sendable where Value: Sendable {}
