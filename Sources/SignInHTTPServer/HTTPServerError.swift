/// Why ``HTTPServer/start()`` could not start the server, with what to do about it.
package enum HTTPServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The host is not an IPv4 address literal (nor `localhost`).
    case invalidHost(String)
    /// Another socket already listens on this address and port: stop it, or choose another port (0 for any).
    case addressInUse(host: String, port: UInt16)
    /// The system refused the port, typically one below 1024 without privileges.
    case permissionDenied(host: String, port: UInt16)
    /// The address belongs to no interface of this machine.
    case addressNotAvailable(host: String)
    /// The server was started (or stopped) before; an ``HTTPServer`` runs once, so create a new one.
    case alreadyStarted
    /// A system call failed: which one, its `errno` and the system's message.
    case system(operation: String, code: Int32, reason: String)

    /// One sentence: what could not be done, and what to do about it.
    package var description: String {
        switch self {
        case .invalidHost(let host):
            "cannot listen on \"\(host)\": not an IPv4 address such as 127.0.0.1"
        case .addressInUse(let host, let port):
            "cannot listen on \(host):\(port): the port is in use; stop the other server or choose another port"
        case .permissionDenied(let host, let port):
            "cannot listen on \(host):\(port): permission denied; ports below 1024 need privileges"
        case .addressNotAvailable(let host):
            "cannot listen on \(host): no interface of this machine has that address"
        case .alreadyStarted:
            "this server was already started; create a new HTTPServer to serve again"
        case .system(let operation, let code, let reason):
            "cannot \(operation): \(reason) (errno \(code))"
        }
    }
}
