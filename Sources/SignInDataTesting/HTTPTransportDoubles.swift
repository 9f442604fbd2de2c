public import SignInData
public import SignInTesting

/// A transport that records every request and answers from a script: the next response each time, the
/// last one repeated when the script runs out.
public actor SpyHTTPTransport: HTTPTransport {
    private var script: [Result<HTTPResponse, UnexpectedCallError>]
    /// The requests received, in order.
    public private(set) var requests: [HTTPRequest] = []

    /// Creates a spy.
    /// - Precondition: `responses` is not empty.
    public init(responses: [Result<HTTPResponse, UnexpectedCallError>]) {
        precondition(!responses.isEmpty, "a script needs at least one response")
        script = responses
    }

    /// Creates a spy that answers every request with `status`.
    public init(status: Int) {
        script = [.success(HTTPResponse(status: status))]
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.append(request)
        let next = script.count > 1 ? script.removeFirst() : script[0]
        return try next.get()
    }
}
