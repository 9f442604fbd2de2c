import SignInDemoTrace
import SignInDomain
import SignInEmbeddedBackend

/// The steps the embedded backend's HTTP face traces. Values are methods, route names, statuses and error codes,
/// never a path as sent, a body, a token, a password, a nonce, a code or an API key.
extension FlowMessage {
    static func backendHTTPAnswered(method: String, route: String, status: Int) -> FlowMessage {
        FlowMessage(
            "backend.httpAnswered", "HTTP {method} {route} answered {status}",
            ["method": method, "route": route, "status": String(status)])
    }

    static func backendHTTPRefused(method: String, route: String, status: Int, code: String) -> FlowMessage {
        FlowMessage(
            "backend.httpRefused", "HTTP {method} {route} refused: {status} {code}",
            ["method": method, "route": route, "status": String(status), "code": code])
    }
}
