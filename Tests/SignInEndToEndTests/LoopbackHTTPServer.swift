import Foundation
import SignInData
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 for tests: one request per connection, answered by `handler`.
/// It listens on a port the system picks, serves at most `limit` connections, and stops on ``stop()``.
final class LoopbackHTTPServer: Sendable {
    let port: UInt16
    private let listener: Int32
    private let stopped = Mutex(false)

    init(limit: Int = 64, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in self.serve(limit: limit, handler: handler) }
        thread.start()
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    func stop() {
        stopped.withLock { $0 = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve(limit: Int, handler: @Sendable (HTTPRequest) -> HTTPResponse) {
        for _ in 0..<limit {
            let connection = accept(listener, nil, nil)
            if connection < 0 || stopped.withLock({ $0 }) { return }
            respond(on: connection, handler: handler)
            close(connection)
        }
    }

    private func respond(on connection: Int32, handler: @Sendable (HTTPRequest) -> HTTPResponse) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var headerEnd: Int?
        while headerEnd == nil {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            received += buffer[0..<count]
            headerEnd = Self.find([13, 10, 13, 10], in: received)
        }
        let head = String(decoding: received[0..<headerEnd!], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers.first { $0.key.lowercased() == "content-length" }?.value ?? "0") ?? 0
        var body = Array(received[(headerEnd! + 4)...])
        while body.count < length {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            body += buffer[0..<count]
        }
        let path = requestLine.count > 1 ? String(requestLine[1]) : "/"
        let request = HTTPRequest(
            method: requestLine.first.map(String.init) ?? "GET", url: URL(string: "http://127.0.0.1:\(port)\(path)")!,
            headers: headers, body: body.isEmpty ? nil : Data(body))
        let response = handler(request)
        var text =
            "HTTP/1.1 \(response.status) Status\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\n"
        for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
        let bytes = Array((text + "\r\n").utf8) + Array(response.body)
        _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<(start + needle.count)]) == needle
        {
            return start
        }
        return nil
    }
}
