import SignInHTTPServer
import Synchronization

/// Collects the server's log entries (a working fake of a log sink).
final class LogRecorder: Sendable {
    private let entries = Mutex<[HTTPServerLogEntry]>([])

    func record(_ entry: HTTPServerLogEntry) { entries.withLock { $0.append(entry) } }

    var all: [HTTPServerLogEntry] { entries.withLock { $0 } }
}
