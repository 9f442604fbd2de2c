import Dispatch
import SignInLocking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server: it listens on one IPv4 address and answers every request with a synchronous
/// handler, each connection on a thread of its own.
///
/// It speaks keep-alive, pipelining and `Expect: 100-continue`, and refuses what it does not serve with the
/// right status instead of guessing: chunked request bodies (501), other HTTP versions (505), malformed
/// requests (400), oversized heads (431) and bodies (413), slow clients (408), one connection too many while every
/// connection is busy with a request (503).
/// It is meant for development and local tools (`signin-demo serve`), on a loopback address.
///
/// It shares its connections fairly. A connection that is waiting for a request (a new one, one whose request is
/// still arriving, an idle keep-alive one) gives its slot up to a newcomer when the server is full: the one that
/// has waited longest, from the client (IP address) holding the most connections. A client that already holds
/// ``HTTPServerConfiguration/maximumConnectionsPerClient`` makes room from its own. So one client that opens
/// connections and trickles bytes into them, reconnecting as soon as one is closed, cannot keep others out.
///
/// ```swift
/// let server = HTTPServer(handler: { request in .text(200, "hello \(request.path)") }, log: { print($0) })
/// let port = try server.start()
/// let signal = server.runUntilSignalled([SIGINT, SIGTERM])
/// ```
///
/// A started server keeps itself alive until ``stop(drainTimeout:)``; it starts once.
///
/// ## Topics
/// - ``init(configuration:handler:log:)``
/// - ``start()``
/// - ``stop(drainTimeout:)``
/// - ``runUntilSignalled(_:drainTimeout:)``
package final class HTTPServer: Sendable {
    /// The configuration the server was created with.
    package let configuration: HTTPServerConfiguration
    private let handler: @Sendable (HTTPServerRequest) -> HTTPServerResponse
    private let log: @Sendable (HTTPServerLogEntry) -> Void
    private let state = Locked(State())
    /// Signalled when the accept thread has closed the listening socket.
    private let acceptLoopFinished = DispatchSemaphore(value: 0)
    /// Signalled when the last connection closes while stopping.
    private let drained = DispatchSemaphore(value: 0)

    private struct State {
        enum Phase { case ready, starting, running, stopping, stopped }
        var phase = Phase.ready
        var port: UInt16 = 0
        /// The wake-up pipe; closed in `deinit`, once no thread can be using it.
        var wake: (read: Int32, write: Int32)?
        /// The open connections, so a stop that runs out of time can shut them down and a full server can make
        /// room.
        var connections: [Int: Slot] = [:]
        var nextConnection = 0
    }

    /// One open connection, as the server shares its slots.
    private struct Slot {
        let fd: Int32
        /// The client's IP address.
        let client: Substring
        /// When it began to wait for a request (its first byte, or the rest of it); nil while the handler answers a
        /// request it has read whole, and once it has given its slot up.
        var waitingSince: Double?
        /// Whether it was shut down to make room; its thread is still ending, but it no longer counts.
        var isEvicted = false
    }

    /// Creates a server; nothing listens until ``start()``.
    /// - Parameters:
    ///   - configuration: The address and the limits.
    ///   - handler: Answers one request. It runs on the connection's own thread and may block; requests on one
    ///     connection are handled one at a time, requests on different connections at the same time.
    ///   - log: Receives one entry per answered request, on the connection's thread.
    package init(
        configuration: HTTPServerConfiguration = .init(),
        handler: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse,
        log: @escaping @Sendable (HTTPServerLogEntry) -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.handler = handler
        self.log = log
    }

    deinit {
        state.withLock { state in
            if let wake = state.wake {
                close(wake.read)
                close(wake.write)
            }
        }
    }

    /// The port listened on: the one ``start()`` returned, 0 before.
    package var port: UInt16 { state.withLock { $0.port } }

    /// Binds, listens and starts accepting connections on a background thread.
    /// - Returns: The port bound, the one the system picked when the configuration says 0.
    /// - Throws: ``HTTPServerError``: ``HTTPServerError/addressInUse(host:port:)`` when another server has the
    ///   port, ``HTTPServerError/invalidHost(_:)``, ``HTTPServerError/alreadyStarted`` on a second call, or the
    ///   system call that failed.
    @discardableResult
    package func start() throws(HTTPServerError) -> UInt16 {
        let claimed = state.withLock { state in
            guard state.phase == .ready else { return false }
            state.phase = .starting
            return true
        }
        guard claimed else { throw .alreadyStarted }
        do throws(HTTPServerError) {
            let wake = try Socket.makeWakePipe()
            let listener: (fd: Int32, port: UInt16)
            do {
                listener = try Socket.makeListener(host: configuration.host, port: configuration.port, backlog: 128)
            } catch {
                close(wake.read)
                close(wake.write)
                throw error
            }
            state.withLock { state in
                state.phase = .running
                state.port = listener.port
                state.wake = wake
            }
            let result = DetachedThread.start { [self] in acceptLoop(listener: listener.fd, wake: wake.read) }
            guard result == 0 else {
                close(listener.fd)
                throw Socket.systemError("start the accept thread", code: result)
            }
            return listener.port
        } catch {
            state.withLock { state in
                state.phase = .ready
                state.port = 0
                if let wake = state.wake {
                    close(wake.read)
                    close(wake.write)
                    state.wake = nil
                }
            }
            throw error
        }
    }

    /// Stops the server gracefully.
    ///
    /// Stops accepting at once; requests being read or handled finish and get their response (with
    /// `Connection: close`); idle keep-alive connections are closed. Returns when every connection is closed,
    /// or when `drainTimeout` seconds have passed: then the remaining connections are shut down (a handler still
    /// running finishes on its thread, but its response goes nowhere). Afterwards, connecting is refused.
    /// Calling it again, or before ``start()``, does nothing (and a server stopped before it started cannot start).
    /// - Parameter drainTimeout: Seconds to wait for connections to finish.
    package func stop(drainTimeout: Double = 10) {
        let wake = state.withLock { state -> Int32? in
            switch state.phase {
            case .ready:
                state.phase = .stopped
                return nil
            case .running:
                state.phase = .stopping
                return state.wake?.write
            case .starting, .stopping, .stopped:
                return nil
            }
        }
        guard let wake else { return }
        Socket.wake(wake)
        let deadline = DispatchTime.now() + MonotonicClock.clamped(drainTimeout)
        _ = acceptLoopFinished.wait(timeout: deadline)
        let busy = state.withLock { !$0.connections.isEmpty }
        if busy && drained.wait(timeout: deadline) == .timedOut {
            state.withLock { state in
                // Under the lock, so a descriptor cannot be closed (and its number reused) in between.
                for slot in state.connections.values { shutdown(slot.fd, Int32(SHUT_RDWR)) }
            }
        }
        state.withLock { $0.phase = .stopped }
    }

    private var isStopping: Bool { state.withLock { $0.phase != .running } }

    // MARK: - Accepting

    /// Accepts until woken by ``stop(drainTimeout:)``, then closes the listening socket.
    private func acceptLoop(listener: Int32, wake: Int32) {
        defer {
            close(listener)
            acceptLoopFinished.signal()
        }
        // Each turn blocks in `poll` until a connection or the stop arrives; failures pause before the next.
        while true {
            switch Socket.waitForConnection(listener, wake: wake) {
            case .woken: return
            case .failed: if Socket.pause(0.1, wake: wake) { return } else { continue }
            case .connection: break
            }
            switch Socket.acceptConnection(listener) {
            case .accepted(let fd, let remoteAddress): admit(fd, remoteAddress: remoteAddress, wake: wake)
            case .retry: continue
            case .pause: if Socket.pause(0.1, wake: wake) { return }
            }
        }
    }

    /// Serves a new connection on a thread of its own, making room for it when the server or its client is at its
    /// limit, or answers 503 when there is no room to make.
    private func admit(_ fd: Int32, remoteAddress: String, wake: Int32) {
        enum Decision { case serve(Int), full, stopping }
        let client = HTTPServerRequest.client(of: remoteAddress)
        let decision = state.withLock { state -> Decision in
            guard state.phase == .running else { return .stopping }
            guard Self.makeRoom(for: client, in: &state.connections, configuration: configuration) else { return .full }
            let id = state.nextConnection
            state.nextConnection += 1
            state.connections[id] = Slot(fd: fd, client: client, waitingSince: MonotonicClock.now())
            return .serve(id)
        }
        switch decision {
        case .stopping:
            close(fd)
        case .full:
            reject(fd, remoteAddress: remoteAddress)
        case .serve(let id):
            Socket.configureConnection(fd, writeTimeout: configuration.writeTimeout)
            let result = DetachedThread.start { [self] in
                var connection = Connection(
                    fd: fd, remoteAddress: remoteAddress, configuration: configuration, handler: handler, log: log,
                    wake: wake, isStopping: { [self] in isStopping },
                    isHandling: { [self] handling in mark(id, handling: handling) })
                connection.run()
                finish(id, closing: true)
            }
            if result != 0 {
                finish(id, closing: false)
                reject(fd, remoteAddress: remoteAddress)
            }
        }
    }

    /// Frees a slot for a new connection from `client` when the client or the server is at its limit, by shutting
    /// down the connection that has waited longest for a request: the client's own when it is at its limit, else
    /// one of the client holding the most connections. Returns false when every candidate is busy with a request.
    private static func makeRoom(
        for client: Substring, in connections: inout [Int: Slot], configuration: HTTPServerConfiguration
    ) -> Bool {
        // Below both limits, whoever the slots belong to, there is room: no count needed for most connections.
        if connections.count < min(configuration.maximumConnections, configuration.maximumConnectionsPerClient) {
            return true
        }
        var total = 0
        var perClient: [Substring: Int] = [:]
        for slot in connections.values where !slot.isEvicted {
            total += 1
            perClient[slot.client, default: 0] += 1
        }
        let candidates: (Slot) -> Bool
        if perClient[client, default: 0] >= configuration.maximumConnectionsPerClient {
            candidates = { $0.client == client }
        } else if total >= configuration.maximumConnections {
            candidates = { _ in true }
        } else {
            return true
        }
        // The most connections first, then the longest wait: one client's surplus goes before anyone's only slot.
        let victim = connections.filter { !$0.value.isEvicted && $0.value.waitingSince != nil && candidates($0.value) }
            .min { first, second in
                let one = perClient[first.value.client, default: 0]
                let other = perClient[second.value.client, default: 0]
                if one != other { return one > other }
                return (first.value.waitingSince ?? 0) < (second.value.waitingSince ?? 0)
            }
        guard let (id, slot) = victim else { return false }
        connections[id]?.isEvicted = true
        connections[id]?.waitingSince = nil
        // Under the lock, so the descriptor cannot be closed (and its number reused) in between; its thread sees
        // the connection end and finishes.
        shutdown(slot.fd, Int32(SHUT_RDWR))
        return true
    }

    /// Records that a connection has a whole request to handle (`handling`), or is waiting for the next one.
    /// Returns false when the connection was shut down to make room: then it must not handle the request.
    private func mark(_ id: Int, handling: Bool) -> Bool {
        state.withLock { state in
            guard let slot = state.connections[id], !slot.isEvicted else { return false }
            state.connections[id]?.waitingSince = handling ? nil : MonotonicClock.now()
            return true
        }
    }

    /// Answers 503 on the accept thread without waiting for anything, and closes.
    private func reject(_ fd: Int32, remoteAddress: String) {
        let started = MonotonicClock.now()
        let wire = HTTPServerResponse.text(503, "Service Unavailable: too many connections; try again shortly\n")
            .serialized(headOnly: false, connection: "close", date: HTTPDate.now())
        _ = Socket.sendAll(fd, wire.bytes, flags: Int32(MSG_DONTWAIT))
        Socket.finishSendingNow(fd)
        close(fd)
        log(
            HTTPServerLogEntry(
                remoteAddress: remoteAddress, method: "-", path: "-", status: wire.status, bodyBytes: wire.bodyBytes,
                duration: MonotonicClock.now() - started))
    }

    /// Forgets a connection (closing its descriptor under the lock) and tells a waiting stop when it was the last.
    private func finish(_ id: Int, closing: Bool) {
        state.withLock { state in
            if let slot = state.connections.removeValue(forKey: id), closing { close(slot.fd) }
            if state.phase == .stopping && state.connections.isEmpty { drained.signal() }
        }
    }
}
