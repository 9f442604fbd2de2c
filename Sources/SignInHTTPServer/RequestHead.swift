/// A request line and its headers, checked, with what they mean for framing and for the connection.
struct RequestHead: Sendable {
    /// The method, a token.
    var method: String
    /// The percent-encoded path without the query.
    var path: String
    /// The raw query without `?`, or `nil`.
    var query: String?
    /// The minor version: 0 for HTTP/1.0, 1 for HTTP/1.1.
    var minorVersion: Int
    /// The header fields in order, values trimmed.
    var headers: [(name: String, value: String)]
    /// The body's length from `Content-Length`, 0 when absent.
    var contentLength: Int
    /// Whether the client allows the connection to stay open after the response.
    var keepAlive: Bool
    /// Whether the client waits for `100 Continue` before sending the body.
    var expectsContinue: Bool
}
