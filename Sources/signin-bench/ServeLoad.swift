import Foundation
import SignInDemoAdapters
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInEmulator
import SignInHTTPServer
import SignInLocking

/// `signin-demo serve`'s stack in this process (the HTTP server, the Firebase-shaped face, the backend in SQLite in a
/// temporary folder), driven by keep-alive clients of the bench's own.
enum ServeLoad {
    static let signUpPath = "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench"
    static let lookupPath = "/identitytoolkit.googleapis.com/v1/accounts:lookup?key=bench"

    static func run(quick: Bool) throws {
        print("\nserve's stack (HTTP server, face, backend in SQLite), keep-alive clients on 127.0.0.1")
        print("  goals: lookup ≤ 150 µs and guest sign-up ≤ 300 µs median; ≥ 5,000 guest sign-ups/s from 8 clients")
        let folder = Benchmark.temporaryFolder("serve")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let backend = EmbeddedBackend.persistent(folder: folder)
        let face = EmbeddedHTTPFace(backend: backend)
        let server = HTTPServerAdapter.server(handler: face.handle)
        let port = try server.start()
        defer { server.stop(drainTimeout: 2) }

        let client = try LoopbackClient(port: port, from: "127.0.0.1")
        let signUp = #"{"returnSecureToken":true}"#
        let first = try client.post(signUpPath, signUp)
        guard first.status == 200,
            let answer = try? JSONSerialization.jsonObject(with: Data(first.body)) as? [String: Any],
            let idToken = answer["idToken"] as? String
        else { throw BenchError("the guest sign-up was answered \(first.status)") }
        let lookup = #"{"idToken":"\#(idToken)"}"#
        let runs = quick ? 300 : 2_000
        line(
            "account lookup, 1 client", try timed(runs) { try expectOK(client.post(lookupPath, lookup).status) }.summary
        )
        line(
            "guest sign-up, 1 client", try timed(runs) { try expectOK(client.post(signUpPath, signUp).status) }.summary)

        let seconds = quick ? 1.0 : 3.0
        let storage = backend.storage as? SQLiteBackendStateStorage
        for clients in [1, 2, 8, 64] {
            let flushes = storage?.flushCount ?? 0
            let (count, errors) = try throughput(port: port, clients: clients, seconds: seconds, body: signUp)
            let perFlush = Double(count) / Double(max(1, (storage?.flushCount ?? 0) - flushes))
            line(
                "guest sign-ups per second, \(clients) client\(clients == 1 ? "" : "s")",
                String(
                    format: "%.0f/s over %.0f s (%d errors), %.1f sign-ups per flush", Double(count) / seconds, seconds,
                    errors, perFlush))
        }
    }

    static func expectOK(_ status: Int) throws {
        guard status == 200 else { throw BenchError("answered \(status)") }
    }

    static func timed(_ runs: Int, _ body: () throws -> Void) throws -> Samples {
        for _ in 0..<min(50, runs) { try body() }
        var samples = Samples()
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try body()
            samples.add(ContinuousClock.now - start)
        }
        return samples
    }

    /// Guest sign-ups answered 200 by `clients` clients, each on its own thread and connection, in `seconds`.
    static func throughput(port: UInt16, clients: Int, seconds: Double, body: String) throws -> (Int, Int) {
        let counts = Locked((answered: 0, errors: 0))
        let done = DispatchSemaphore(value: 0)
        let start = DispatchSemaphore(value: 0)
        let end = Locked(Date.distantFuture)
        for _ in 0..<clients {
            Thread.detachNewThread {
                defer { done.signal() }
                guard let client = try? LoopbackClient(port: port, from: "127.0.0.1") else {
                    counts.withLock { $0.errors += 1 }
                    return
                }
                start.wait()
                let stop = end.withLock { $0 }
                var answered = 0
                var errors = 0
                while Date() < stop {
                    if (try? client.post(signUpPath, body).status) == 200 { answered += 1 } else { errors += 1 }
                }
                counts.withLock {
                    $0.answered += answered
                    $0.errors += errors
                }
            }
        }
        end.withLock { $0 = Date().addingTimeInterval(seconds) }
        for _ in 0..<clients { start.signal() }
        for _ in 0..<clients { _ = done.wait(timeout: .now() + seconds + 60) }
        let result = counts.withLock { $0 }
        return (result.answered, result.errors)
    }
}
