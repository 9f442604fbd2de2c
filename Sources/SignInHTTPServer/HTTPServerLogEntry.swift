import Foundation

/// One answered request, for an access log.
///
/// It never holds the query string, a header or a body: queries can carry API keys, and headers carry tokens.
/// Requests too malformed to have a method or path log `-` for them.
package struct HTTPServerLogEntry: Sendable, CustomStringConvertible {
    /// The peer, `127.0.0.1:54321`.
    package var remoteAddress: String
    /// The method, or `-` when the request line could not be read.
    package var method: String
    /// The path without the query (ever), or `-` when the request line could not be read.
    package var path: String
    /// The status sent.
    package var status: Int
    /// The bytes of body sent (0 for `HEAD`).
    package var bodyBytes: Int
    /// Seconds from the request's first byte to its response's last.
    package var duration: Double

    /// Creates an entry.
    /// - Parameters:
    ///   - remoteAddress: The peer.
    ///   - method: The method or `-`.
    ///   - path: The path without the query, or `-`.
    ///   - status: The status sent.
    ///   - bodyBytes: The bytes of body sent.
    ///   - duration: Seconds from first byte in to last byte out.
    package init(remoteAddress: String, method: String, path: String, status: Int, bodyBytes: Int, duration: Double) {
        self.remoteAddress = remoteAddress
        self.method = method
        self.path = path
        self.status = status
        self.bodyBytes = bodyBytes
        self.duration = duration
    }

    /// One line: `127.0.0.1:5000 "POST /v1/x" 200 123 bytes 1.4 ms`.
    package var description: String {
        let milliseconds = String(format: "%.1f", duration * 1000)
        return "\(remoteAddress) \"\(method) \(path)\" \(status) \(bodyBytes) bytes \(milliseconds) ms"
    }
}
