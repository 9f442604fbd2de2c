/// A request the server answers itself, with an error status, and after which it closes the connection.
struct RequestError: Error, Equatable, Sendable {
    /// The status to answer: 400, 408, 413, 417, 431, 501 or 505.
    var status: Int
    /// What was wrong, for the plain-text body; never quotes the request.
    var reason: String
    /// The method, when the request line was read.
    var method: String?
    /// The path, when the request line was read.
    var path: String?

    init(_ status: Int, _ reason: String, method: String? = nil, path: String? = nil) {
        self.status = status
        self.reason = reason
        self.method = method
        self.path = path
    }
}
