import Foundation
import SignInHTTPServer

/// Collects the server's log entries (a working fake of a log sink). The server calls it from its connection
/// threads, so it locks with `NSLock`, which ThreadSanitizer sees (it does not model `Mutex`'s futex on Linux).
final class LogRecorder: @unchecked Sendable {
    // @unchecked Sendable: `entries` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var entries: [HTTPServerLogEntry] = []

    func record(_ entry: HTTPServerLogEntry) {
        lock.lock()
        defer { lock.unlock() }
        entries.append(entry)
    }

    var all: [HTTPServerLogEntry] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }
}
