import SignInHTTPServer
import SignInLocking

/// Collects the server's log entries (a working fake of a log sink), which the server sends from its connection
/// threads.
final class LogRecorder: Sendable {
    private let entries = Locked<[HTTPServerLogEntry]>([])

    func record(_ entry: HTTPServerLogEntry) {
        entries.withLock { $0.append(entry) }
    }

    var all: [HTTPServerLogEntry] {
        entries.withLock { $0 }
    }
}
