import Foundation
import SignInData
import SignInDemoAdapters
import SignInHTTPServer
import SignInInfrastructure

/// The package's HTTP server on 127.0.0.1 and a free port, answering with a handler of the Data layer's requests
/// through the adapter `signin-demo serve` uses.
final class LoopbackHTTPServer: Sendable {
    private let server: HTTPServer
    let port: UInt16

    init(handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        server = HTTPServerAdapter.server(handler: { request, _ in handler(request) })
        port = try server.start()
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    func stop() {
        server.stop(drainTimeout: 2)
    }
}
