public import Foundation

/// An HTTP request, independent of any client library.
public struct HTTPRequest: Hashable, Sendable {
    /// The method (`GET`, `POST`, …).
    public var method: String
    /// The absolute URL.
    public var url: URL
    /// Header fields. Names are compared case-insensitively by servers; keep one spelling per name.
    public var headers: [String: String]
    /// The body.
    public var body: Data?
    /// How long to wait for the response, in seconds; `nil` leaves it to the transport.
    public var timeout: TimeInterval?

    /// Creates a request.
    public init(
        method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil,
        timeout: TimeInterval? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

/// An HTTP response.
public struct HTTPResponse: Hashable, Sendable {
    /// The status code.
    public var status: Int
    /// Header fields.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Sends HTTP requests: `URLSessionTransport` in Infrastructure, an in-process router in the embedded
/// backend. Only the Data layer calls it.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response, whatever its status. Honours ``HTTPRequest/timeout`` and the
    /// task's cancellation.
    /// - Throws: When no response arrived (no connection, timeout, cancellation).
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
