import Foundation
package import SignInData
package import SignInHTTPServer

/// Puts a handler of the Data layer's ``SignInData/HTTPRequest`` behind the package's HTTP server: the server side
/// of what ``URLSessionTransport`` is on the client side. `signin-demo serve` puts the embedded backend's HTTP face
/// behind it; tests put any handler.
package enum HTTPServerAdapter {
    /// A server (not started) that answers every request with `handler`, which is also given the client's IP
    /// address.
    package static func server(
        configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
        handler: @escaping @Sendable (HTTPRequest, _ client: String) -> HTTPResponse,
        log: @escaping @Sendable (HTTPServerLogEntry) -> Void = { _ in }
    ) -> HTTPServer {
        HTTPServer(configuration: configuration, handler: { answer($0, with: handler) }, log: log)
    }

    /// One request through `handler`: the server's request as an ``SignInData/HTTPRequest`` on
    /// `http://127.0.0.1` with the path and query as received (the first of repeated headers kept), and the answer
    /// back.
    package static func answer(_ request: HTTPServerRequest, with handler: (HTTPRequest, String) -> HTTPResponse)
        -> HTTPServerResponse
    {
        let target = request.path + (request.query.map { "?\($0)" } ?? "")
        guard target.hasPrefix("/"), let url = URL(string: "http://127.0.0.1\(target)") else {
            return .text(400, "the request target is not a URL path")
        }
        var headers: [String: String] = [:]
        for (name, value) in request.headers where headers[name] == nil { headers[name] = value }
        let answer = handler(
            HTTPRequest(method: request.method, url: url, headers: headers, body: request.body), request.clientAddress)
        return HTTPServerResponse(
            status: answer.status, headers: answer.headers.map { (name: $0.key, value: $0.value) }, body: answer.body)
    }
}
