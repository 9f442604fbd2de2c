import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension HTTPServer {
    /// Blocks the calling thread until one of `signals` arrives, then stops the server gracefully.
    ///
    /// For the duration it ignores those signals' default actions and watches them with dispatch signal sources;
    /// as soon as one arrives it puts the previous handlers back, so a second Ctrl-C during the drain acts as
    /// it did before (by default: ends the process at once). Then it calls ``stop(drainTimeout:)``.
    /// - Parameters:
    ///   - signals: The signals to wait for, e.g. `[SIGINT, SIGTERM]`; `SIGKILL`, `SIGSTOP` and numbers outside
    ///     1...31 are ignored. When none is left nothing could end the wait, so it stops at once and returns 0.
    ///   - drainTimeout: Passed to ``stop(drainTimeout:)``.
    /// - Returns: The signal that arrived.
    public func runUntilSignalled(_ signals: [Int32], drainTimeout: Double = 10) -> Int32 {
        let catchable = Set(signals.filter { (1...31).contains($0) && $0 != SIGKILL && $0 != SIGSTOP })
        guard !catchable.isEmpty else {
            stop(drainTimeout: drainTimeout)
            return 0
        }
        let arrival = SignalArrival()
        let queue = DispatchQueue(label: "SignInHTTPServer.signals")
        var restorations: [() -> Void] = []
        var sources: [any DispatchSourceSignal] = []
        for number in catchable.sorted() {
            let previous = signal(number, SIG_IGN)
            restorations.append { _ = signal(number, previous) }
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { arrival.record(number) }
            source.resume()
            sources.append(source)
        }
        let number = arrival.wait()
        for source in sources { source.cancel() }
        for restore in restorations { restore() }
        stop(drainTimeout: drainTimeout)
        return number
    }
}

/// The first signal that arrived, and a way to wait for it.
private final class SignalArrival: Sendable {
    private let first = Locked<Int32?>(nil)
    private let arrived = DispatchSemaphore(value: 0)

    /// Notes `number` if it is the first.
    func record(_ number: Int32) {
        let isFirst = first.withLock { first in
            guard first == nil else { return false }
            first = number
            return true
        }
        if isFirst { arrived.signal() }
    }

    /// Blocks until ``record(_:)`` was called, and returns the first number.
    func wait() -> Int32 {
        arrived.wait()
        return first.withLock { $0 } ?? 0
    }
}
