import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What went wrong talking to the server under test.
enum TestClientError: Error, Equatable {
    case connect(errno: Int32)
    case send(errno: Int32)
    case timedOut
    case closedEarly
    case malformed(String)
}

/// One response as read off the socket.
struct TestResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A raw POSIX client for 127.0.0.1, so the tests see exactly the bytes on the wire. Every wait has a deadline.
final class TestClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    /// Whether this machine can connect from another loopback address than 127.0.0.1 (Linux can: all of
    /// 127.0.0.0/8 is loopback), so that a test can play two clients.
    static let hasSecondLoopbackAddress: Bool = {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return bindSource(fd, "127.0.0.2") == 0
    }()

    /// Connects to `port` on 127.0.0.1, from the loopback address `source`, with a receive buffer of
    /// `receiveBuffer` bytes when given (a small one makes the server's sends wait for this client's reads).
    init(port: UInt16, from source: String = "127.0.0.1", receiveBuffer: Int32? = nil) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestClientError.connect(errno: errno) }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        guard source == "127.0.0.1" || bindSource(fd, source) == 0 else {
            let code = errno
            close(fd)
            throw TestClientError.connect(errno: code)
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(fd)
            throw TestClientError.connect(errno: code)
        }
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        self.fd = fd
    }

    deinit { close(fd) }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { rawSend(fd, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
            guard sent > 0 else { throw TestClientError.send(errno: errno) }
            offset += sent
        }
    }

    /// Reads what has arrived, at most `limit` bytes, waiting up to `timeout` seconds: the count, 0 at the end of the
    /// stream, -1 when the connection failed (a reset), `nil` when nothing came in time.
    func readSome(limit: Int, timeout: Double) -> Int? {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(timeout * 1000)) > 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: limit)
        return chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    }

    /// Whether bytes (or the end of the stream) are ready within `timeout` seconds.
    func isReadable(within timeout: Double) -> Bool {
        if !buffer.isEmpty { return true }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, Int32(timeout * 1000)) > 0
    }

    /// Reads one response: the head, then `Content-Length` bytes of body (none for `headOnly` or a 1xx).
    func readResponse(timeout: Double = 3, headOnly: Bool = false) throws -> TestResponse {
        let deadline = Date().addingTimeInterval(timeout)
        var headEnd: Int?
        while headEnd == nil {
            headEnd = Self.find(Array("\r\n\r\n".utf8), in: buffer).map { $0 + 4 }
            if headEnd == nil { try fill(until: deadline) }
        }
        guard let headEnd else { throw TestClientError.malformed("no head") }
        let head = String(decoding: buffer[0..<(headEnd - 4)], as: UTF8.self)
        buffer.removeFirst(headEnd)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else {
            throw TestClientError.malformed(head)
        }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw TestClientError.malformed(line) }
            headers.append(
                (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        var response = TestResponse(status: status, headers: headers, body: [])
        guard !headOnly, status >= 200 else { return response }
        let length = Int(response.header("Content-Length") ?? "0") ?? 0
        while buffer.count < length { try fill(until: deadline) }
        response.body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return response
    }

    /// Waits for the server to close: `true` when the stream ended (or was reset) within `timeout` seconds with
    /// no further bytes, `false` when it stayed open or sent more.
    func isClosed(within timeout: Double) -> Bool {
        guard buffer.isEmpty else { return false }
        let deadline = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000)))
            if ready <= 0 { continue }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            return count <= 0
        }
        return false
    }

    private func fill(until deadline: Date) throws {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { throw TestClientError.timedOut }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(max(1, remaining * 1000))) > 0 else { throw TestClientError.timedOut }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw TestClientError.closedEarly }
        buffer += chunk[0..<count]
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }
}

/// `send` without SIGPIPE, outside the class so that its `send(_:)` does not hide it.
private func rawSend(_ fd: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
        send(fd, pointer, count, 0)
    #else
        send(fd, pointer, count, Int32(MSG_NOSIGNAL))
    #endif
}

/// Binds a client socket to the local address `source` before it connects.
private func bindSource(_ fd: Int32, _ source: String) -> Int32 {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr(source)
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
}
