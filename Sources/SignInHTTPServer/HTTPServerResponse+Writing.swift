import Foundation

/// How a response goes on the wire.
extension HTTPServerResponse {
    /// What ``serialized(headOnly:connection:date:)`` produced.
    struct Wire {
        /// The status line, the headers, the blank line and the body (when one is sent).
        var bytes: [UInt8]
        /// The status actually sent (500 in place of an invalid one).
        var status: Int
        /// The body bytes sent.
        var bodyBytes: Int
    }

    /// Headers the server writes itself, so that the handler cannot get the framing wrong.
    static let framingHeaders: Set<String> = ["content-length", "transfer-encoding", "connection", "keep-alive"]

    /// The bytes to send.
    /// - Parameters:
    ///   - headOnly: The request was `HEAD`: the headers (with the body's `Content-Length`) without the body.
    ///   - connection: The `Connection` header's value (`close`, `keep-alive`), or `nil` for none.
    ///   - date: The `Date` header's value, unless the handler set one.
    func serialized(headOnly: Bool, connection: String?, date: String) -> Wire {
        let response =
            (200...599).contains(status)
            ? self : .text(500, "Internal Server Error: the handler answered with status \(status)\n")
        // 204 and 304 never have a body; 204 must not announce one either.
        let bodiless = response.status == 204 || response.status == 304
        var head = "HTTP/1.1 \(response.status) \(ReasonPhrase.phrase(for: response.status))\r\n"
        var hasDate = false
        for (name, value) in response.headers where Self.isWellFormed(name: name, value: value) {
            let lowered = name.lowercased()
            if Self.framingHeaders.contains(lowered) { continue }
            if lowered == "date" { hasDate = true }
            head += "\(name): \(value)\r\n"
        }
        if !hasDate { head += "Date: \(date)\r\n" }
        if !bodiless { head += "Content-Length: \(response.body.count)\r\n" }
        if let connection { head += "Connection: \(connection)\r\n" }
        head += "\r\n"
        var bytes = Array(head.utf8)
        let sendsBody = !headOnly && !bodiless
        if sendsBody { bytes.append(contentsOf: response.body) }
        return Wire(bytes: bytes, status: response.status, bodyBytes: sendsBody ? response.body.count : 0)
    }

    /// A token name, and a value without control characters (a CR or LF would end the header early).
    static func isWellFormed(name: String, value: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(RequestParser.isTokenCharacter)
            && value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
    }
}
