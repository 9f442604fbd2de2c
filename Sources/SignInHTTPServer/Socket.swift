#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The POSIX socket calls the server needs, each bounded in time: every wait is a `poll` with a deadline or
/// with the server's wake-up pipe, so nothing blocks past a timeout or a stop.
enum Socket {
    /// What a wait for bytes ended with.
    enum ReceiveOutcome: Equatable {
        /// Bytes were appended to the buffer.
        case received
        /// The peer closed its side.
        case closed
        /// The deadline passed first.
        case timedOut
        /// The wake-up pipe became readable first: the server is stopping.
        case woken
        /// The socket failed (reset, or shut down by a forced stop).
        case failed
    }

    /// What a call to `accept` gave.
    enum AcceptOutcome {
        /// A new connection and its peer's address.
        case accepted(Int32, remoteAddress: String)
        /// Nothing to accept after all (the peer left, or a signal interrupted): poll again.
        case retry
        /// The system is short of descriptors or memory: wait a little before polling again.
        case pause
    }

    /// The flag that keeps `send` from raising SIGPIPE (Darwin sets `SO_NOSIGPIPE` on the socket instead).
    #if canImport(Darwin)
        static let noSignal: Int32 = 0
    #else
        static let noSignal = Int32(MSG_NOSIGNAL)
    #endif

    static func systemError(_ operation: String, code: Int32 = errno) -> HTTPServerError {
        .system(operation: operation, code: code, reason: String(cString: strerror(code)))
    }

    // MARK: - Listening

    /// Creates a listening, non-blocking, close-on-exec IPv4 socket with `SO_REUSEADDR`.
    /// - Returns: The descriptor and the port bound (the one the system picked when `port` is 0).
    /// - Throws: ``HTTPServerError``: an invalid host, a port in use or refused, or the failing call.
    static func makeListener(host: String, port: UInt16, backlog: Int32) throws(HTTPServerError)
        -> (fd: Int32, port: UInt16)
    {
        var address = sockaddr_in()
        let literal = host == "localhost" ? "127.0.0.1" : host
        guard inet_pton(AF_INET, literal, &address.sin_addr) == 1 else { throw .invalidHost(host) }
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        #if canImport(Darwin)
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #endif
        guard fd >= 0 else { throw systemError("create a socket") }
        do throws(HTTPServerError) {
            try setCloseOnExec(fd)
            var yes: Int32 = 1
            guard setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
                throw systemError("set SO_REUSEADDR")
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            if bound != 0 {
                let code = errno
                switch code {
                case EADDRINUSE: throw .addressInUse(host: host, port: port)
                case EACCES: throw .permissionDenied(host: host, port: port)
                case EADDRNOTAVAIL: throw .addressNotAvailable(host: host)
                default: throw systemError("bind \(host):\(port)", code: code)
                }
            }
            guard listen(fd, backlog) == 0 else { throw systemError("listen on \(host):\(port)") }
            let flags = fcntl(fd, F_GETFL)
            guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else {
                throw systemError("make the listening socket non-blocking")
            }
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            guard named == 0 else { throw systemError("read the bound port") }
            return (fd, UInt16(bigEndian: address.sin_port))
        } catch {
            close(fd)
            throw error
        }
    }

    /// What a wait on the listener ended with.
    enum ListenerEvent {
        /// A connection may be waiting (or a signal interrupted the wait): try to accept.
        case connection
        /// The wake-up pipe is readable: the server is stopping.
        case woken
        /// `poll` failed; pause before trying again.
        case failed
    }

    /// Waits until the listener has a connection to accept or the wake-up pipe is readable; the pipe wins a tie.
    static func waitForConnection(_ listener: Int32, wake: Int32) -> ListenerEvent {
        var descriptors = [
            pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
        if ready < 0 { return errno == EINTR ? .connection : .failed }
        return descriptors[1].revents != 0 ? .woken : .connection
    }

    /// Accepts one connection, close-on-exec and blocking (every read is preceded by a `poll`).
    static func acceptConnection(_ listener: Int32) -> AcceptOutcome {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let fd = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                #if canImport(Darwin)
                    accept(listener, pointer, &length)
                #else
                    if let accept4 = LinuxCalls.accept4 {
                        accept4(listener, pointer, &length, Int32(SOCK_CLOEXEC.rawValue))
                    } else {
                        accept(listener, pointer, &length)
                    }
                #endif
            }
        }
        guard fd >= 0 else {
            switch errno {
            case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED, EPROTO: return .retry
            default: return .pause
            }
        }
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            _ = try? setCloseOnExec(fd)
        #else
            if LinuxCalls.accept4 == nil { _ = try? setCloseOnExec(fd) }
        #endif
        return .accepted(fd, remoteAddress: describe(address))
    }

    /// `a.b.c.d:port`.
    static func describe(_ address: sockaddr_in) -> String {
        var address = address
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN) + 1)
        guard inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(INET_ADDRSTRLEN)) != nil else { return "?" }
        let bytes = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return "\(String(decoding: bytes, as: UTF8.self)):\(UInt16(bigEndian: address.sin_port))"
    }

    /// Sends small responses at once (`TCP_NODELAY`) and bounds how long one `send` may block.
    static func configureConnection(_ fd: Int32, writeTimeout: Double) {
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        let seconds = max(MonotonicClock.clamped(writeTimeout), 0.001)
        var timeout = timeval()
        timeout.tv_sec = .init(seconds.rounded(.down))
        timeout.tv_usec = .init((seconds - seconds.rounded(.down)) * 1_000_000)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    // MARK: - Reading and writing

    /// Waits for bytes until `deadline` (a ``MonotonicClock`` time) and appends what one `recv` gives.
    /// - Parameters:
    ///   - wake: When given, a readable wake-up pipe ends the wait with ``ReceiveOutcome/woken``, unless bytes
    ///     are waiting too (then they are read).
    static func receive(_ fd: Int32, into buffer: inout [UInt8], deadline: Double, wake: Int32? = nil)
        -> ReceiveOutcome
    {
        var descriptors = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        if let wake { descriptors.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
        // Each turn waits for the time left, so the loop ends by the deadline at the latest.
        while true {
            let remaining = deadline - MonotonicClock.now()
            guard remaining > 0 else { return .timedOut }
            let milliseconds = Int32(min((remaining * 1000).rounded(.up), Double(Int32.max)))
            let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return .failed
            }
            if ready == 0 { continue }
            if descriptors[0].revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 64 * 1024)
                let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if count > 0 {
                    buffer.append(contentsOf: chunk[0..<count])
                    return .received
                }
                if count == 0 { return .closed }
                if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                return .failed
            }
            if descriptors.count > 1 && descriptors[1].revents != 0 { return .woken }
        }
    }

    /// Sends every byte; a peer that stops reading makes `send` fail after the socket's `SO_SNDTIMEO`, and one that
    /// reads a trickle gives up once `deadline` has passed (a send already waiting may take its `SO_SNDTIMEO` more).
    /// - Returns: Whether all bytes went out.
    static func sendAll(_ fd: Int32, _ bytes: [UInt8], flags: Int32 = 0, deadline: Double = .infinity) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard offset == 0 || MonotonicClock.now() < deadline else { return false }
            let sent = bytes.withUnsafeBytes { buffer in
                send(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, noSignal | flags)
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Ends the sending side (the peer sees the end of the response), then reads and drops what the peer still
    /// sends until it closes, `deadline` passes, the server stops (`wake`) or `limit` bytes were dropped: closing
    /// with unread bytes would reset the connection and could destroy the response before the peer reads it.
    static func finishSending(_ fd: Int32, until deadline: Double, wake: Int32, limit: Int = 1024 * 1024) {
        shutdown(fd, Int32(SHUT_WR))
        var discarded: [UInt8] = []
        var total = 0
        while total < limit, receive(fd, into: &discarded, deadline: deadline, wake: wake) == .received {
            total += discarded.count
            discarded.removeAll(keepingCapacity: true)
        }
    }

    /// Like ``finishSending(_:until:wake:limit:)`` but without waiting, only dropping what has already arrived: after
    /// a complete exchange, and for the accept thread's 503 answers, which must not wait for anybody.
    static func finishSendingNow(_ fd: Int32) {
        shutdown(fd, Int32(SHUT_WR))
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        for _ in 0..<4 {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count <= 0 { return }
        }
    }

    // MARK: - The wake-up pipe

    /// A close-on-exec, non-blocking pipe. One byte written to it (and never read) leaves it readable for every
    /// `poll` that includes it: that is how ``HTTPServer/stop(drainTimeout:)`` reaches every waiting thread.
    static func makeWakePipe() throws(HTTPServerError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        #if !canImport(Darwin)
            if let pipe2 = LinuxCalls.pipe2 {
                guard pipe2(&ends, O_CLOEXEC | O_NONBLOCK) == 0 else { throw systemError("create the wake-up pipe") }
                return (ends[0], ends[1])
            }
        #endif
        guard pipe(&ends) == 0 else { throw systemError("create the wake-up pipe") }
        for end in ends {
            _ = try? setCloseOnExec(end)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        return (ends[0], ends[1])
    }

    /// Makes the wake-up pipe readable for good.
    static func wake(_ writeEnd: Int32) {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Waits `seconds`, or less when the wake-up pipe becomes readable.
    /// - Returns: Whether it was woken.
    static func pause(_ seconds: Double, wake: Int32) -> Bool {
        var descriptor = pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, Int32(seconds * 1000)) > 0
    }

    private static func setCloseOnExec(_ fd: Int32) throws(HTTPServerError) {
        let flags = fcntl(fd, F_GETFD)
        guard flags >= 0, fcntl(fd, F_SETFD, flags | FD_CLOEXEC) == 0 else { throw systemError("set FD_CLOEXEC") }
    }
}
