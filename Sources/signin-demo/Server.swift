import Foundation
import SignInEmbeddedBackend
import SignInHTTPServer
import SignInInfrastructure

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `signin-demo serve`: the embedded backend over HTTP on 127.0.0.1, speaking Firebase Authentication's REST
/// contract at the emulator's URLs. The HTTP server only carries requests (through `HTTPServerAdapter`);
/// ``EmbeddedHTTPFace`` translates them
/// into calls on the same backend logic that runs in-process. One log line per request goes to standard error.
@MainActor
struct Server {
    /// The Firebase Auth emulator's usual port.
    static let defaultPort: UInt16 = 9099

    let console: Console
    let paths: DataPaths
    let environment: [String: String]
    let text: CLIMessages

    func run(port: UInt16) async -> ExitCode {
        let backend = EmbeddedBackend.persistent(
            folder: paths.backendFolder, configuration: CompositionRoot.embeddedConfiguration(environment))
        let face = EmbeddedHTTPFace(backend: backend)
        var configuration = HTTPServerConfiguration()
        configuration.port = port
        let errors = console.err
        let server = HTTPServerAdapter.server(
            configuration: configuration, handler: face.handle, log: { entry in errors("\(entry)\n") })
        let bound: UInt16
        do {
            bound = try server.start()
        } catch {
            console.err(text(.serveFailed, ["reason": String(describing: error)]) + "\n")
            return .failure
        }
        let host = "127.0.0.1:\(bound)"
        console.out(
            text(.serveListening, ["url": "http://\(host)", "host": host, "folder": paths.backendFolder]) + "\n")
        // Wait on a thread of its own: the wait blocks, and the server's threads need nothing from this one.
        _ = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            Thread { continuation.resume(returning: server.runUntilSignalled([SIGINT, SIGTERM])) }.start()
        }
        console.out(text(.serveStopped) + "\n")
        return .success
    }
}
