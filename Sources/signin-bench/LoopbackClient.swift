import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A keep-alive HTTP/1.1 client over a raw socket, from a chosen loopback address (URLSession cannot choose one).
final class LoopbackClient {
    private let fd: Int32

    /// A loopback address other than 127.0.0.1 this machine can send from (Linux has all of 127.0.0.0/8), if any.
    static let secondAddress: String? = {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return bindLocal(fd, "127.0.0.2") == 0 ? "127.0.0.2" : nil
    }()

    init(port: UInt16, from source: String) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchError("socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = source == "127.0.0.1" || bindLocal(fd, source) == 0
        let connected =
            bound
            && withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            } == 0
        guard connected else {
            let code = errno
            close(fd)
            throw BenchError("could not connect from \(source): errno \(code)")
        }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Posts JSON and returns the answer's status and body, once the whole answer has arrived.
    func post(_ path: String, _ json: String) throws -> (status: Int, body: ArraySlice<UInt8>) {
        let body = Array(json.utf8)
        let head =
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\n\r\n"
        let request = Array(head.utf8) + body
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { sendBytes(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { throw BenchError("send failed: errno \(errno)") }
            sent += count
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            if let end = received.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound {
                let head = String(decoding: received[..<end], as: UTF8.self)
                let lines = head.split(separator: "\r\n")
                let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
                let length =
                    lines.first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if received.count - end >= length { return (status, received[end..<(end + length)]) }
            }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw BenchError("the server closed the connection") }
            received += chunk[..<count]
        }
    }
}

private func bindLocal(_ fd: Int32, _ source: String) -> Int32 {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr(source)
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
}

private func sendBytes(_ fd: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
        send(fd, pointer, count, 0)
    #else
        send(fd, pointer, count, Int32(MSG_NOSIGNAL))
    #endif
}
