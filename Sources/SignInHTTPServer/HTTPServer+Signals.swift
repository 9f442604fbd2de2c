import SignInLocking

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
    /// To catch a signal that arrives before the server is even started (a supervisor's SIGTERM right after the
    /// address is printed), make a ``SignalWatch`` first and use ``runUntil(_:drainTimeout:)``.
    /// - Parameters:
    ///   - signals: The signals to wait for, e.g. `[SIGINT, SIGTERM]`; `SIGKILL`, `SIGSTOP` and numbers outside
    ///     1...31 are ignored. When none is left nothing could end the wait, so it stops at once and returns 0.
    ///   - drainTimeout: Passed to ``stop(drainTimeout:)``.
    /// - Returns: The signal that arrived.
    package func runUntilSignalled(_ signals: [Int32], drainTimeout: Double = 10) -> Int32 {
        runUntil(SignalWatch(signals), drainTimeout: drainTimeout)
    }

    /// Blocks the calling thread until `watch` sees a signal, then stops the server gracefully.
    /// - Returns: The signal that arrived, or 0 when the watch watches none.
    package func runUntil(_ watch: SignalWatch, drainTimeout: Double = 10) -> Int32 {
        let number = watch.wait()
        stop(drainTimeout: drainTimeout)
        return number
    }
}

/// Catches signals from the moment it is made until the first one arrives.
///
/// Making it replaces each signal's action with a handler at once (no moment in which a signal would take its
/// default action or be lost); the handler writes the signal's number into a pipe, which ``wait()`` reads. When
/// the first signal has arrived the previous actions come back, so a second Ctrl-C during a slow drain acts as it
/// did before (by default: ends the process at once). One watch at a time per process.
package final class SignalWatch: Sendable {
    private let signals: [Int32]
    private let previous: Locked<[Int32: sighandler_t?]>
    private let pipe: (read: Int32, write: Int32)?

    /// Starts catching `signals` (`SIGKILL`, `SIGSTOP` and numbers outside 1...31 are left alone).
    package init(_ signals: [Int32]) {
        self.signals = Set(signals.filter { (1...31).contains($0) && $0 != SIGKILL && $0 != SIGSTOP }).sorted()
        pipe = SignalPipe.shared
        var saved: [Int32: sighandler_t?] = [:]
        if let pipe {
            SignalPipe.drain(pipe.read)
            for number in self.signals { saved[number] = signal(number, SignalPipe.handler) }
        }
        previous = Locked(saved)
    }

    /// Blocks until one of the signals arrives, puts the previous actions back, and returns its number (0 when
    /// there is nothing to wait for).
    package func wait() -> Int32 {
        guard let pipe, !signals.isEmpty else { return 0 }
        var number: Int32 = 0
        while number == 0 {
            var waiting = pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, -1) >= 0 || errno == EINTR else { break }
            var byte: UInt8 = 0
            if read(pipe.read, &byte, 1) == 1 { number = Int32(byte) }
        }
        restore()
        return number
    }

    /// Puts the previous actions back (also done by ``wait()``).
    package func restore() {
        let saved = previous.withLock { saved in
            defer { saved = [:] }
            return saved
        }
        for (number, action) in saved { _ = signal(number, action) }
    }
}

/// The self-pipe the signal handler writes to: made once per process, before any handler is installed.
private enum SignalPipe {
    static let shared: (read: Int32, write: Int32)? = {
        guard let ends = try? Socket.makeWakePipe() else { return nil }
        writeEnd = ends.write
        return ends
    }()

    /// Written once, in `shared`'s initialiser, before any handler that reads it is installed.
    nonisolated(unsafe) static var writeEnd: Int32 = -1

    /// Async-signal-safe: one `write(2)` of the signal's number to a non-blocking pipe.
    static let handler: @convention(c) (Int32) -> Void = { number in
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(SignalPipe.writeEnd, &byte, 1)
    }

    /// Empties the pipe of signals a previous watch did not read.
    static func drain(_ readEnd: Int32) {
        var byte: UInt8 = 0
        while read(readEnd, &byte, 1) == 1 {}
    }
}
