import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInLocking
import Testing

/// The gate that shares the cores among clients' password hashes, driven by threads that wait on each other, so
/// every order asserted is forced, not timed.
@Suite("PasswordHashingGate", .timeLimit(.minutes(5)))
struct PasswordHashingGateTests {
    /// Occupies every place of `gate` until `release` is signalled; returns once they are all taken.
    func occupy(_ gate: PasswordHashingGate, release: DispatchSemaphore) {
        let taken = DispatchSemaphore(value: 0)
        for _ in 0..<gate.capacity {
            Thread.detachNewThread {
                gate.run {
                    taken.signal()
                    release.wait()
                }
            }
        }
        for _ in 0..<gate.capacity { taken.wait() }
    }

    /// Starts `work` on a thread as `client`, and returns once it waits in `gate` (so the waiting order is known).
    func queue(
        _ gate: PasswordHashingGate, as client: String, done: DispatchSemaphore, _ work: @escaping @Sendable () -> Void
    ) {
        let before = gate.waiting
        Thread.detachNewThread {
            EmbeddedBackend.$client.withValue(client, operation: work)
            done.signal()
        }
        let deadline = Date().addingTimeInterval(10)
        while gate.waiting == before, Date() < deadline { usleep(1000) }
    }

    @Test("a freed place goes to the clients in rotation: one client's queued guesses do not go before another's one")
    func rotation() {
        let gate = PasswordHashingGate(capacity: 1)
        let release = DispatchSemaphore(value: 0)
        occupy(gate, release: release)
        let order = Locked<[String]>([])
        let done = DispatchSemaphore(value: 0)
        for (client, name) in [("guesser", "g1"), ("guesser", "g2"), ("guesser", "g3"), ("user", "u1")] {
            queue(gate, as: client, done: done) { gate.run { order.withLock { $0.append(name) } } }
        }
        #expect(gate.waiting == 4)
        release.signal()
        for _ in 0..<4 { #expect(done.wait(timeout: .now() + 10) == .success) }
        #expect(order.withLock { $0 } == ["g1", "u1", "g2", "g3"])
        #expect(gate.waiting == 0)
    }

    @Test("a client with nothing waiting goes before the next guess of a client already taking turns")
    func newcomerFirst() {
        let gate = PasswordHashingGate(capacity: 1)
        let release = DispatchSemaphore(value: 0)
        occupy(gate, release: release)
        let order = Locked<[String]>([])
        let done = DispatchSemaphore(value: 0)
        let firstGuessRuns = DispatchSemaphore(value: 0)
        let firstGuessEnds = DispatchSemaphore(value: 0)
        queue(gate, as: "guesser", done: done) {
            gate.run {
                order.withLock { $0.append("g1") }
                firstGuessRuns.signal()
                firstGuessEnds.wait()
            }
        }
        for name in ["g2", "g3"] {
            queue(gate, as: "guesser", done: done) { gate.run { order.withLock { $0.append(name) } } }
        }
        release.signal()
        firstGuessRuns.wait()
        // The guesser has had a turn and has two more guesses waiting; the user arrives now.
        queue(gate, as: "user", done: done) { gate.run { order.withLock { $0.append("u1") } } }
        firstGuessEnds.signal()
        for _ in 0..<4 { #expect(done.wait(timeout: .now() + 10) == .success) }
        #expect(order.withLock { $0 } == ["g1", "u1", "g2", "g3"])
    }

    @Test("no more hashes run at once than the gate has places, and every one runs")
    func capacity() {
        let gate = PasswordHashingGate(capacity: 2)
        let running = Locked((now: 0, most: 0, finished: 0))
        let done = DispatchSemaphore(value: 0)
        for index in 0..<16 {
            Thread.detachNewThread {
                EmbeddedBackend.$client.withValue("client-\(index % 3)") {
                    gate.run {
                        running.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
                        usleep(2000)
                        running.withLock {
                            $0.now -= 1
                            $0.finished += 1
                        }
                    }
                }
                done.signal()
            }
        }
        for _ in 0..<16 { #expect(done.wait(timeout: .now() + 10) == .success) }
        let result = running.withLock { $0 }
        #expect(result.most <= 2)
        #expect(result.finished == 16)
    }

    @Test("what the work throws comes out of run, and its place is given back")
    func throwingWork() {
        struct Refused: Error {}
        let gate = PasswordHashingGate(capacity: 1)
        #expect(throws: Refused.self) { try gate.run { () throws(Refused) in throw Refused() } }
        #expect(gate.run { 7 } == 7)
    }

    @Test("every email sign-in hashes through the service's gate, waiting while another client holds every place")
    func signInWaitsForTheGate() throws {
        let harness = BackendHarness()
        let service = harness.service
        _ = try service.signUp(email: "ada@example.com", password: Secret("correct horse battery"))
        let release = DispatchSemaphore(value: 0)
        occupy(service.hashing, release: release)
        let signedIn = DispatchSemaphore(value: 0)
        let outcome = Locked<String?>(nil)
        queue(service.hashing, as: "user", done: signedIn) {
            let uid = try? service.signInWithPassword(
                email: "ada@example.com", password: Secret("correct horse battery"))
            outcome.withLock { $0 = uid == nil ? "refused" : "signed in" }
        }
        #expect(service.hashing.waiting == 1)
        #expect(outcome.withLock { $0 } == nil)
        for _ in 0..<service.hashing.capacity { release.signal() }
        #expect(signedIn.wait(timeout: .now() + 10) == .success)
        #expect(outcome.withLock { $0 } == "signed in")
    }
}
