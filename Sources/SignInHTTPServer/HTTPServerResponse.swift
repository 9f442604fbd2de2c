package import Foundation

/// The handler's answer to one request.
///
/// The server frames it: it writes `Content-Length` (and `Connection`) itself and drops any such header the
/// handler set, drops headers whose name is not a token or whose value holds a control character (so a value
/// taken from a request can never split the response), omits the body for `HEAD`, 204 and 304, and answers
/// 500 in place of a status outside 200...599.
package struct HTTPServerResponse: Sendable {
    /// The status code, 200...599.
    package var status: Int
    /// Header fields to send, in order. `Content-Length`, `Transfer-Encoding` and `Connection` are the
    /// server's and are ignored here.
    package var headers: [(name: String, value: String)]
    /// The body.
    package var body: Data

    /// Creates a response.
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: Header fields to send.
    ///   - body: The body.
    package init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response: `Content-Type: application/json; charset=utf-8`.
    /// - Parameters:
    ///   - status: The status code.
    ///   - body: The encoded JSON.
    package static func json(_ status: Int, _ body: Data) -> HTTPServerResponse {
        HTTPServerResponse(
            status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: body)
    }

    /// A plain-text response: `Content-Type: text/plain; charset=utf-8`.
    /// - Parameters:
    ///   - status: The status code.
    ///   - text: The text, sent as UTF-8.
    package static func text(_ status: Int, _ text: String) -> HTTPServerResponse {
        HTTPServerResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data(text.utf8))
    }

    /// The value of the first header field called `name`, compared without regard to case, or `nil`.
    /// - Parameter name: A field name such as `content-type`.
    package func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}
