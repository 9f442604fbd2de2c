import Foundation

/// One accepted connection, served on its own thread: reads requests one after another (pipelined ones
/// included), calls the handler for each, writes the responses in order, and ends when the client, a limit or
/// ``HTTPServer/stop(drainTimeout:)`` says so. The caller closes the descriptor afterwards.
struct Connection {
    let fd: Int32
    let remoteAddress: String
    let configuration: HTTPServerConfiguration
    let handler: @Sendable (HTTPServerRequest) -> HTTPServerResponse
    let log: @Sendable (HTTPServerLogEntry) -> Void
    /// The server's wake-up pipe, readable once it stops.
    let wake: Int32
    /// Whether the server is stopping: then each response says `Connection: close`.
    let isStopping: @Sendable () -> Bool
    /// Tells the server the connection has a whole request to handle (true) or waits for the next (false); false
    /// back means the server shut the connection down to make room, and the request must not be handled.
    let isHandling: @Sendable (Bool) -> Bool
    /// Bytes received and not yet used: the start of the next request, or several pipelined ones.
    private var buffer: [UInt8] = []

    /// What to do after a request.
    private enum Next {
        /// Wait for the next request on this connection.
        case readAnother
        /// Close: the exchange is complete, or the client is gone.
        case close
        /// Close after an answer the server gave itself: the client may still be sending the rest of its
        /// request, so first wait (briefly) for it to finish, or closing would reset the connection and could
        /// destroy the answer before the client reads it.
        case lingerAndClose
    }

    init(
        fd: Int32, remoteAddress: String, configuration: HTTPServerConfiguration,
        handler: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse,
        log: @escaping @Sendable (HTTPServerLogEntry) -> Void, wake: Int32, isStopping: @escaping @Sendable () -> Bool,
        isHandling: @escaping @Sendable (Bool) -> Bool
    ) {
        self.fd = fd
        self.remoteAddress = remoteAddress
        self.configuration = configuration
        self.handler = handler
        self.log = log
        self.wake = wake
        self.isStopping = isStopping
        self.isHandling = isHandling
    }

    /// Serves requests until the connection should close. Each turn answers one request or ends the loop, and
    /// every wait in it is bounded by a timeout or the server's stop.
    mutating func run() {
        // A new connection must start its request promptly; a kept-alive one may wait longer for its next.
        var patience = configuration.readTimeout
        while true {
            if buffer.isEmpty {
                let deadline = MonotonicClock.now() + MonotonicClock.clamped(patience)
                // Closed, idle too long, stopping or failed: close without an answer, as no request has begun.
                guard Socket.receive(fd, into: &buffer, deadline: deadline, wake: wake) == .received else { return }
            }
            switch serveOneRequest() {
            case .readAnother:
                patience = configuration.idleTimeout
            case .close:
                Socket.finishSendingNow(fd)
                return
            case .lingerAndClose:
                let linger = min(MonotonicClock.clamped(configuration.readTimeout), 1)
                Socket.finishSending(fd, until: MonotonicClock.now() + linger, wake: wake)
                return
            }
        }
    }

    /// Reads one request (its first byte is in the buffer), answers it, and says what comes next.
    private mutating func serveOneRequest() -> Next {
        let started = MonotonicClock.now()
        let deadline = started + MonotonicClock.clamped(configuration.readTimeout)
        var parser = RequestParser(
            maximumHeaderBytes: configuration.maximumHeaderBytes, maximumBodyBytes: configuration.maximumBodyBytes)
        var parsed: (head: RequestHead, length: Int)?
        while parsed == nil {
            switch parser.parse(buffer) {
            case .complete(let head, let length):
                parsed = (head, length)
            case .failed(let error):
                answer(error, started: started)
                return .lingerAndClose
            case .incomplete:
                switch Socket.receive(fd, into: &buffer, deadline: deadline) {
                case .received: continue
                case .timedOut:
                    answer(timeout(), started: started)
                    return .lingerAndClose
                case .closed, .failed, .woken: return .close
                }
            }
        }
        guard let (head, headLength) = parsed else { return .close }
        let total = headLength + head.contentLength
        if head.expectsContinue && buffer.count < total {
            guard Socket.sendAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return .close }
        }
        while buffer.count < total {
            switch Socket.receive(fd, into: &buffer, deadline: deadline) {
            case .received: continue
            case .timedOut:
                answer(timeout(method: head.method, path: head.path), started: started)
                return .lingerAndClose
            case .closed, .failed, .woken: return .close
            }
        }
        let request = HTTPServerRequest(
            method: head.method, path: head.path, query: head.query, headers: head.headers,
            body: Data(buffer[headLength..<total]), remoteAddress: remoteAddress)
        buffer.removeFirst(total)
        guard isHandling(true) else { return .close }
        let response = handler(request)
        let keepAlive = head.keepAlive && !isStopping()
        let connection = keepAlive ? (head.minorVersion == 0 ? "keep-alive" : nil) : "close"
        let goesOn = write(
            response, method: head.method, path: head.path, connection: connection, started: started,
            keepAlive: keepAlive)
        return goesOn ? .readAnother : .close
    }

    private func timeout(method: String? = nil, path: String? = nil) -> RequestError {
        RequestError(
            408, "the request did not arrive within \(configuration.readTimeout) s", method: method, path: path)
    }

    /// Answers a request the server refuses, with `Connection: close`.
    private func answer(_ error: RequestError, started: Double) {
        let phrase = ReasonPhrase.phrase(for: error.status)
        write(
            .text(error.status, "\(phrase): \(error.reason)\n"), method: error.method ?? "-", path: error.path ?? "-",
            connection: "close", started: started, keepAlive: false)
    }

    /// Sends a response and logs it (method and path only: never the query, a header or the body). With
    /// `keepAlive`, the connection then tells the server it waits for its next request, before the log entry, so that
    /// whoever sees the entry sees the connection waiting.
    /// - Returns: Whether the connection goes on: the response was sent, `keepAlive`, and the server did not take
    ///   the connection's slot for another.
    @discardableResult
    private func write(
        _ response: HTTPServerResponse, method: String, path: String, connection: String?, started: Double,
        keepAlive: Bool
    ) -> Bool {
        let wire = response.serialized(headOnly: method == "HEAD", connection: connection, date: HTTPDate.now())
        // A whole response within `writeTimeout`: a client that reads a trickle cannot keep its slot busy.
        let deadline = MonotonicClock.now() + MonotonicClock.clamped(configuration.writeTimeout)
        let sent = Socket.sendAll(fd, wire.bytes, deadline: deadline)
        let goesOn = sent && keepAlive && isHandling(false)
        log(
            HTTPServerLogEntry(
                remoteAddress: remoteAddress, method: method, path: path, status: wire.status,
                bodyBytes: wire.bodyBytes, duration: MonotonicClock.now() - started))
        return goesOn
    }
}
