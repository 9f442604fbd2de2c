public import Foundation

/// Lets at most one password hash per core run at once, and shares the turns among clients in rotation.
///
/// Every email sign-in (and every guess at one, for an unknown email too) costs a slow PBKDF2 hash. Without a gate,
/// 64 clients spraying guesses run 64 hashes at once on a 2-core machine, and a legitimate sign-in takes as long as
/// 32 hashes. With it, hashes wait in one line per client, and a freed core goes to the next client in rotation. A
/// client that had nothing waiting joins the rotation ahead of the clients already in it (after other newcomers), as
/// a fair queue serves sparse flows first: a client with one sign-in waits for the hashes already running, not for a
/// turn of each busy client, however many guesses they have queued.
///
/// The client is the one the current request comes from (``EmbeddedBackend/client``, bound by the code that
/// receives the request, such as the HTTP face with the peer's address); calls outside any request share one line.
///
/// ```swift
/// let gate = PasswordHashingGate()
/// let hash = EmbeddedBackend.$client.withValue("192.0.2.7") {
///     gate.run { PasswordHasher.hash("correct horse", random: random) }
/// }
/// ```
public final class PasswordHashingGate: @unchecked Sendable {
    // @unchecked Sendable: `lines` is mutable; it is read and written only while `condition` is locked.

    /// How many hashes run at once.
    public let capacity: Int
    private let condition = NSCondition()
    private var lines = Lines()

    /// Creates a gate for `capacity` hashes at once: the machine's active cores by default.
    public init(capacity: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.capacity = max(1, capacity)
    }

    /// How many hashes are waiting for a turn now.
    public var waiting: Int {
        condition.lock()
        defer { condition.unlock() }
        return lines.waiting
    }

    /// How many hashes have been given a place since the gate was made: a count of the slow work done, whatever
    /// its outcome.
    public var admitted: Int {
        condition.lock()
        defer { condition.unlock() }
        return lines.admittedCount
    }

    /// Runs `work` when the current client's turn comes, holding one of the ``capacity`` places.
    public func run<Result, Failure: Error>(_ work: () throws(Failure) -> Result) throws(Failure) -> Result {
        enter(EmbeddedBackend.client)
        defer { leave() }
        return try work()
    }

    private func enter(_ client: String) {
        condition.lock()
        defer { condition.unlock() }
        lines.admittedCount += 1
        if lines.running < capacity && lines.waiting == 0 {
            lines.running += 1
            return
        }
        let ticket = lines.enqueue(client)
        while !lines.admitted.contains(ticket) { condition.wait() }
        lines.admitted.remove(ticket)
    }

    private func leave() {
        condition.lock()
        defer { condition.unlock() }
        if lines.admitNext() {
            // The place passes to the next in rotation; `running` stays the same.
            condition.broadcast()
        } else {
            lines.running -= 1
        }
    }
}

/// The gate's bookkeeping: the hashes running, and the tickets waiting in one line per client.
private struct Lines {
    var running = 0
    var waiting = 0
    var admitted: Set<Int> = []
    /// Every hash that asked for a place (each gets one, in its turn).
    var admittedCount = 0
    private var nextTicket = 0
    /// Each client's waiting tickets, first come first.
    private var queues: [String: [Int]] = [:]
    /// The clients with waiting tickets, in the order their turns come.
    private var rotation: [String] = []
    /// How many clients at the front of the rotation are waiting for their first turn since they joined it.
    private var newcomers = 0

    mutating func enqueue(_ client: String) -> Int {
        let ticket = nextTicket
        nextTicket += 1
        if queues[client, default: []].isEmpty {
            // A client that had nothing waiting goes after the other newcomers, before the clients already taking
            // turns.
            rotation.insert(client, at: newcomers)
            newcomers += 1
        }
        queues[client, default: []].append(ticket)
        waiting += 1
        return ticket
    }

    /// Admits the first ticket of the client whose turn it is, and sends that client to the back of the rotation.
    mutating func admitNext() -> Bool {
        guard !rotation.isEmpty else { return false }
        let client = rotation.removeFirst()
        if newcomers > 0 { newcomers -= 1 }
        var queue = queues[client, default: []]
        let ticket = queue.removeFirst()
        if queue.isEmpty {
            queues[client] = nil
        } else {
            queues[client] = queue
            rotation.append(client)
        }
        waiting -= 1
        admitted.insert(ticket)
        return true
    }
}
