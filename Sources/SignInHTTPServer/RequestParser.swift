import Foundation

/// Reads a request's head from the bytes received so far: pure (no sockets, no clock), so every rule here is
/// tested without a connection.
///
/// Feed it the connection's buffer, which starts with the request, after each receive; it remembers how far
/// it looked, so a head arriving one byte at a time costs linear time. It follows RFC 9112 strictly: lines end
/// in CRLF, no obs-fold, no whitespace before a colon, no control characters, one `Content-Length`, no
/// `Transfer-Encoding`, HTTP/1.0 and 1.1 only, `Host` exactly once in HTTP/1.1.
struct RequestParser {
    /// What the bytes so far amount to.
    enum Outcome {
        /// No blank line yet, and still within the limit: receive more.
        case incomplete
        /// A whole head; the body (if any) starts at `length`.
        case complete(RequestHead, length: Int)
        /// A head to answer with an error status, and close.
        case failed(RequestError)
    }

    /// ``HTTPServerConfiguration/maximumHeaderBytes``.
    let maximumHeaderBytes: Int
    /// ``HTTPServerConfiguration/maximumBodyBytes``.
    let maximumBodyBytes: Int
    /// How many bytes were examined already.
    private var scanned = 0
    /// Where the request line starts: empty lines before it are skipped (RFC 9112 §2.2).
    private var start = 0
    /// Where the line being scanned starts.
    private var lineStart = 0

    init(maximumHeaderBytes: Int, maximumBodyBytes: Int) {
        self.maximumHeaderBytes = maximumHeaderBytes
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// Looks at the bytes not examined yet for the blank line that ends the head.
    /// - Parameter buffer: Everything received for this request so far, from its first byte.
    mutating func parse(_ buffer: [UInt8]) -> Outcome {
        while scanned < buffer.count {
            let index = scanned
            scanned += 1
            guard buffer[index] == Self.lf else {
                if scanned >= maximumHeaderBytes { return .failed(RequestError(431, "the request head is too large")) }
                continue
            }
            guard index > lineStart, buffer[index - 1] == Self.cr else {
                return .failed(RequestError(400, "a line ends in a bare LF instead of CRLF"))
            }
            if index - 1 == lineStart {  // an empty line
                if lineStart == start {
                    start = scanned
                } else {
                    return .complete(head: Self.parseHead(buffer[start..<lineStart], limits: self), length: scanned)
                }
            }
            lineStart = scanned
            if scanned >= maximumHeaderBytes { return .failed(RequestError(431, "the request head is too large")) }
        }
        return .incomplete
    }

    // MARK: - Lines

    /// Reads the request line and the header lines (each with its CRLF) into a head.
    static func parseHead(_ bytes: ArraySlice<UInt8>, limits: RequestParser) -> Result<RequestHead, RequestError> {
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = bytes.startIndex
        for index in bytes.indices where bytes[index] == lf {
            let end = index > lineStart && bytes[index - 1] == cr ? index - 1 : index
            lines.append(bytes[lineStart..<end])
            lineStart = index + 1
        }
        guard let requestLine = lines.first else { return .failure(RequestError(400, "the request line is missing")) }
        let line: RequestLine
        switch parseRequestLine(requestLine) {
        case .success(let parsed): line = parsed
        case .failure(let error): return .failure(error)
        }
        var headers: [(name: String, value: String)] = []
        for fieldLine in lines.dropFirst() {
            guard let field = parseField(fieldLine) else {
                return .failure(RequestError(400, "a header line is malformed", method: line.method, path: line.path))
            }
            headers.append(field)
        }
        return interpret(line, headers, maximumBodyBytes: limits.maximumBodyBytes)
    }

    /// The three parts of a request line.
    struct RequestLine {
        var method: String
        var path: String
        var query: String?
        var minorVersion: Int
        /// The host (and port) an absolute-form target names, lowercased; `nil` for an origin-form target.
        var authority: String? = nil
    }

    /// `method SP request-target SP HTTP-version`, single spaces, no control characters.
    static func parseRequestLine(_ line: ArraySlice<UInt8>) -> Result<RequestLine, RequestError> {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
            return .failure(RequestError(400, "the request line is malformed"))
        }
        guard parts[0].allSatisfy(isTokenCharacter) else {
            return .failure(RequestError(400, "the method is not a token"))
        }
        let method = String(decoding: parts[0], as: UTF8.self)
        guard parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(RequestError(400, "the request target holds a space, control or non-ASCII character"))
        }
        let target = String(decoding: parts[1], as: UTF8.self)
        guard let (path, query) = splitTarget(target, method: method) else {
            return .failure(RequestError(400, "the request target is not a path", method: method))
        }
        let version = Array(parts[2])
        let prefix = Array("HTTP/".utf8)
        guard version.count > prefix.count, Array(version[0..<prefix.count]) == prefix else {
            return .failure(RequestError(400, "the HTTP version is malformed", method: method, path: path))
        }
        let number = version[prefix.count...]
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let wellFormed =
            (number.count == 3 && isDigit(number[number.startIndex]) && number[number.startIndex + 1] == 0x2E
                && isDigit(number[number.startIndex + 2]))
            || (number.count == 1 && isDigit(number[number.startIndex]))
        guard wellFormed else {
            return .failure(RequestError(400, "the HTTP version is malformed", method: method, path: path))
        }
        switch Array(number) {
        case Array("1.1".utf8):
            return .success(
                RequestLine(
                    method: method, path: path, query: query, minorVersion: 1, authority: authority(of: target)))
        case Array("1.0".utf8):
            return .success(
                RequestLine(
                    method: method, path: path, query: query, minorVersion: 0, authority: authority(of: target)))
        default:
            return .failure(RequestError(505, "only HTTP/1.0 and HTTP/1.1 are served", method: method, path: path))
        }
    }

    /// Splits an origin-form (`/p?q`), absolute-form (`http://host/p?q`) or asterisk-form (`*`, `OPTIONS`
    /// only) target into path and query; `nil` for anything else.
    static func splitTarget(_ target: String, method: String) -> (path: String, query: String?)? {
        if target == "*" { return method == "OPTIONS" ? ("*", nil) : nil }
        var rest = Substring(target)
        if !rest.hasPrefix("/") {
            let lowered = rest.lowercased()
            guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
                let schemeEnd = rest.range(of: "://")
            else { return nil }
            let afterScheme = rest[schemeEnd.upperBound...]
            guard let pathStart = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return ("/", nil) }
            rest = afterScheme[pathStart...]
            if rest.hasPrefix("?") { rest = "/" + rest }
        }
        guard let mark = rest.firstIndex(of: "?") else { return (String(rest), nil) }
        return (String(rest[..<mark]), String(rest[rest.index(after: mark)...]))
    }

    /// The host and port of an absolute-form target (`http://Host:1/p` → `host:1`), lowercased; `nil` for any other.
    static func authority(of target: String) -> String? {
        let lowered = target.lowercased()
        guard let scheme = ["http://", "https://"].first(where: lowered.hasPrefix) else { return nil }
        let rest = lowered.dropFirst(scheme.count)
        return String(rest.prefix { $0 != "/" && $0 != "?" })
    }

    /// `name ":" OWS value OWS`; `nil` for obs-fold, no colon, a name that is not a token (whitespace before
    /// the colon included) or a control character in the value.
    static func parseField(_ line: ArraySlice<UInt8>) -> (name: String, value: String)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenCharacter) else { return nil }
        var value = line[(colon + 1)...]
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else { return nil }
        while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
        while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    // MARK: - Meaning

    /// Checks the framing headers and works out the body length and the connection's fate.
    static func interpret(_ line: RequestLine, _ headers: [(name: String, value: String)], maximumBodyBytes: Int)
        -> Result<RequestHead, RequestError>
    {
        let fail = { (status: Int, reason: String) in
            Result<RequestHead, RequestError>.failure(
                RequestError(status, reason, method: line.method, path: line.path))
        }
        func values(_ name: String) -> [String] {
            headers.filter { $0.name.lowercased() == name }.map(\.value)
        }
        if !values("transfer-encoding").isEmpty {
            return fail(501, "Transfer-Encoding is not supported; send a Content-Length")
        }
        let lengths = values("content-length").flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingSpaces() }
        var contentLength = 0
        if let first = lengths.first {
            guard lengths.allSatisfy({ $0 == first }) else { return fail(400, "Content-Length values disagree") }
            guard !first.isEmpty, first.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                return fail(400, "Content-Length is not a decimal number")
            }
            // More than 18 digits might not fit in an Int, and is over any sensible limit anyway.
            guard first.utf8.count <= 18, let length = Int(first), length <= maximumBodyBytes else {
                return fail(413, "the body is larger than \(maximumBodyBytes) bytes")
            }
            contentLength = length
        }
        if line.minorVersion == 1 && values("host").count != 1 {
            return fail(400, "an HTTP/1.1 request needs exactly one Host header")
        }
        // RFC 9112 §3.2.2: an absolute-form target's host is the request's. One that names another host than the
        // Host header would let two readers of one request disagree about where it goes: refused.
        if let authority = line.authority, values("host").first?.lowercased() != authority {
            return fail(400, "the request target names another host than the Host header")
        }
        let connection = Set(
            values("connection").flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces().lowercased() })
        let keepAlive =
            connection.contains("close") ? false : (line.minorVersion == 1 || connection.contains("keep-alive"))
        var expectsContinue = false
        if let expectation = values("expect").first {
            guard expectation.lowercased() == "100-continue" else { return fail(417, "only 100-continue is supported") }
            expectsContinue = line.minorVersion == 1
        }
        return .success(
            RequestHead(
                method: line.method, path: line.path, query: line.query, minorVersion: line.minorVersion,
                headers: headers, contentLength: contentLength, keepAlive: keepAlive, expectsContinue: expectsContinue))
    }

    // MARK: - Characters

    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A

    /// `tchar` of RFC 9110 §5.6.2: letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}

extension RequestParser.Outcome {
    /// A complete outcome from a parsed head, or the failure it holds.
    fileprivate static func complete(head: Result<RequestHead, RequestError>, length: Int) -> Self {
        switch head {
        case .success(let head): .complete(head, length: length)
        case .failure(let error): .failed(error)
        }
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> String {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
