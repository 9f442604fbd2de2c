package import Foundation

/// One HTTP request as the server received it, handed to the handler.
///
/// By the time a handler sees it, the server has checked the framing: the request line and every header line
/// are well formed, the body is exactly `Content-Length` bytes and within
/// ``HTTPServerConfiguration/maximumBodyBytes``. The values themselves (the path, the headers, the body) are
/// the client's and still need the handler's own checks.
package struct HTTPServerRequest: Sendable {
    /// The method as sent, case preserved: `GET`, `POST`, … (always a token; anything else was answered with 400).
    package var method: String
    /// The path of the request target, still percent-encoded, without the query:
    /// `/identitytoolkit.googleapis.com/v1/accounts:signUp`. `*` for `OPTIONS *`; for an absolute-form target
    /// (`http://host/p?q`) the path part only (`/p`).
    package var path: String
    /// The raw query string without the `?` (`key=abc&x=1`), or `nil` when the target has no `?`.
    /// Decode it with ``queryItems()``.
    package var query: String?
    /// The header fields in the order received, names as sent, values without surrounding spaces.
    package var headers: [(name: String, value: String)]
    /// The body: exactly `Content-Length` bytes, empty when there was none.
    package var body: Data
    /// The peer's address and port, `127.0.0.1:54321`.
    package var remoteAddress: String

    /// The peer's address without its port (`127.0.0.1`): the client, as the server shares its connections.
    package var clientAddress: String { String(Self.client(of: remoteAddress)) }

    /// The address part of `address:port`.
    static func client(of remoteAddress: String) -> Substring {
        remoteAddress.lastIndex(of: ":").map { remoteAddress[..<$0] } ?? remoteAddress[...]
    }

    /// Creates a request; handlers' unit tests build one directly, without a server.
    /// - Parameters:
    ///   - method: The method, `GET`, `POST`, ….
    ///   - path: The percent-encoded path without the query.
    ///   - query: The raw query without `?`, or `nil`.
    ///   - headers: The header fields in order.
    ///   - body: The body.
    ///   - remoteAddress: The peer, `test` by default.
    package init(
        method: String, path: String, query: String? = nil, headers: [(name: String, value: String)] = [],
        body: Data = Data(), remoteAddress: String = "test"
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The value of the first header field called `name`, compared without regard to case, or `nil`.
    /// - Parameter name: A field name such as `content-type`.
    package func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}
