import Foundation
import SignInDemoAdapters
import SignInDomain
import SignInEmbeddedBackend
import SignInEmulator
import SignInHTTPServer
import SignInLocking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A legitimate email sign-in over HTTP while 64 connections of one other client spray password guesses at random
/// emails, each a full-cost hash: how much longer the sign-in takes than on an idle server.
enum HostileLoad {
    static let sprayers = 64

    static func run(quick: Bool) throws {
        print("\na legitimate email sign-in while \(sprayers) connections of one client spray password guesses")
        print("  goal: within 3× of the same sign-in on an idle server (PBKDF2, 600,000 iterations)")
        let backend = EmbeddedBackend.inMemory()
        _ = try backend.identityService.signUp(email: "user@example.com", password: .init("correct horse battery"))
        let face = EmbeddedHTTPFace(backend: backend)
        let server = HTTPServerAdapter.server(handler: face.handle)
        let port = try server.start()
        defer { server.stop(drainTimeout: 2) }
        let runs = quick ? 5 : 10
        let legitimate = try LoopbackClient(port: port, from: "127.0.0.1")
        let idle = try signIns(legitimate, runs: runs)
        line("idle server", idle.summary)

        guard let attacker = LoopbackClient.secondAddress else {
            print("  (no second loopback address on this machine to send the guesses from; skipped)")
            return
        }
        let stop = Locked(false)
        let guesses = Locked(0)
        let finished = DispatchSemaphore(value: 0)
        for index in 0..<sprayers {
            Thread.detachNewThread {
                defer { finished.signal() }
                guard let client = try? LoopbackClient(port: port, from: attacker) else { return }
                var guess = 0
                while !stop.withLock({ $0 }) {
                    guess += 1
                    let body = #"{"email":"guess-\#(index)-\#(guess)@example.com","password":"wrong guess"}"#
                    guard (try? client.post(path, body)) != nil else { return }
                    guesses.withLock { $0 += 1 }
                }
            }
        }
        // Let every sprayer have a guess hashing or queued before the legitimate client starts.
        let loaded = Date().addingTimeInterval(30)
        while backend.identityService.hashing.waiting < sprayers / 2, Date() < loaded { usleep(10_000) }
        let underLoad = try signIns(legitimate, runs: runs)
        stop.withLock { $0 = true }
        for _ in 0..<sprayers { _ = finished.wait(timeout: .now() + 60) }
        line("while they spray (\(guesses.withLock { $0 }) guesses answered)", underLoad.summary)
        line("under load ÷ idle (medians)", String(format: "%.2f× (goal ≤ 3.00×)", underLoad.median / idle.median))
    }

    static let path = "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench"

    static func signIns(_ client: LoopbackClient, runs: Int) throws -> Samples {
        var samples = Samples()
        let body = #"{"email":"user@example.com","password":"correct horse battery","returnSecureToken":true}"#
        for _ in 0..<runs {
            let start = ContinuousClock.now
            let status = try client.post(path, body).status
            guard status == 200 else { throw BenchError("the legitimate sign-in was answered \(status)") }
            samples.add(ContinuousClock.now - start)
        }
        return samples
    }
}
