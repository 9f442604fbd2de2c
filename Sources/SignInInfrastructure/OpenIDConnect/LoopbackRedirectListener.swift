public import Foundation
public import SignInDomain
import SignInLocking
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Receives the browser's redirect at the end of an OpenID Connect sign-in, for a terminal or desktop app: an HTTP
/// listener on 127.0.0.1, or on [::1] where a provider registered the IPv6 loopback, at a port the system picks
/// (RFC 8252 §7.3), for one redirect to one path. It listens on a
/// thread of its own from the moment it opens until the redirect came, ``close()`` is called, or ``lifetime`` has
/// passed, and reads each connection on a thread of its own, so that connections that send nothing cannot delay the
/// browser's. A request for any other path, with another method or without a query is answered `404`, `405` or `400` and
/// changes nothing; the first `GET` of the path with a query is the redirect, answered with a page that sends the
/// user back to the app.
public final class LoopbackRedirectListener: Sendable {
    /// The page the browser shows once the redirect arrived, in the user's language.
    public struct Page: Hashable, Sendable {
        /// The page's title.
        public var title: String
        /// Its one sentence.
        public var message: String

        /// Creates a page.
        public init(title: String, message: String) {
            self.title = title
            self.message = message
        }
    }

    /// The loopback address the listener binds, as RFC 8252 §7.3 names them.
    public enum Host: String, Hashable, Sendable, CaseIterable {
        /// `127.0.0.1`.
        case ipv4 = "127.0.0.1"
        /// `[::1]`.
        case ipv6 = "[::1]"
    }

    /// The port the system picked.
    public let port: UInt16
    /// The loopback address listened on.
    public let host: Host
    /// The path the redirect must come to (`/callback`).
    public let path: String
    /// The redirect address to register with the request: `http://127.0.0.1:<port><path>` or
    /// `http://[::1]:<port><path>`.
    public var redirectURI: String { "http://\(host.rawValue):\(port)\(path)" }

    private let descriptor: Int32
    private let page: Page
    private let closed = Atomic<Bool>(false)
    /// The connections being read now, each on a thread of its own.
    private let reading = Atomic<Int>(0)
    /// The redirect once it came, and the one wait for it, if any, in a lock ThreadSanitizer sees.
    private let outcome = Locked(Outcome())

    private struct Outcome: Sendable {
        /// Whether the socket is still open: once the accept loop closed it, its number may belong to another
        /// socket, which ``close()`` must not shut down.
        var socketOpen = true
        /// The redirect, once it came.
        var redirect: URL?
        /// Whether the accept loop has ended (a redirect came, or the listener was closed).
        var ended = false
        /// The wait in progress and when it gives up.
        var waiter: (continuation: CheckedContinuation<URL?, Never>, deadline: Date)?
    }

    /// The longest request head read, in bytes.
    static let maximumHead = 8 * 1024
    /// How long one request may take to arrive, in seconds.
    static let requestTimeout: TimeInterval = 5
    /// How long a listener nobody closes goes on listening, in seconds: longer than any sign-in waits.
    public static let lifetime: TimeInterval = 15 * 60
    /// The most connections read at once; one more is closed unread. Each is read side by side with the others, so
    /// that connections that send nothing cannot delay the browser's: they end after ``requestTimeout``.
    static let maximumConnections = 256

    /// Opens the listener.
    /// - Parameters:
    ///   - provider: The provider whose failures the errors name.
    ///   - path: The redirect's path; it starts with `/`.
    ///   - page: What the browser shows when the redirect arrived.
    ///   - host: The loopback address to listen on: the one the provider's registration names.
    /// - Throws: `AuthError.openIDConnect(provider, .redirectUnavailable)` when no socket can be opened (on
    ///   ``Host/ipv6``, a system without IPv6 loopback).
    public init(provider: ProviderType, path: String = "/callback", page: Page, host: Host = .ipv4)
        throws(AuthError)
    {
        let family = host == .ipv4 ? AF_INET : AF_INET6
        #if canImport(Darwin)
            let fd = socket(family, SOCK_STREAM, 0)
        #else
            let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #endif
        guard fd >= 0 else { throw .openIDConnect(provider, .redirectUnavailable) }
        let port = host == .ipv4 ? Self.bindIPv4(fd) : Self.bindIPv6(fd)
        let flags = fcntl(fd, F_GETFL)
        guard let port, listen(fd, 128) == 0, flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else {
            closeDescriptor(fd)
            throw .openIDConnect(provider, .redirectUnavailable)
        }
        self.descriptor = fd
        self.port = port
        self.host = host
        self.path = path.hasPrefix("/") ? path : "/" + path
        self.page = page
        // The accept loop runs on a thread of its own from now on, whatever the caller's tasks are doing, until the
        // redirect came or the listener is closed; the thread closes the socket when it ends.
        let thread = Thread { [self] in self.serve() }
        thread.name = "signin-loopback-redirect"
        thread.start()
    }

    /// Binds `fd` to 127.0.0.1 at a port the system picks; the port, or `nil` when it cannot.
    private static func bindIPv4(_ fd: Int32) -> UInt16? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        return named ? UInt16(bigEndian: address.sin_port) : nil
    }

    /// Binds `fd` to ::1 only (no IPv4-mapped addresses) at a port the system picks; the port, or `nil`.
    private static func bindIPv6(_ fd: Int32) -> UInt16? {
        var only: Int32 = 1
        guard setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &only, socklen_t(MemoryLayout<Int32>.size)) == 0
        else { return nil }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = 0
        address.sin6_addr = in6addr_loopback
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        return named ? UInt16(bigEndian: address.sin6_port) : nil
    }

    /// Stops listening; a wait in progress ends with `nil`. The socket is shut down here and closed by the accept
    /// loop's thread when it ends, so that its number is never reused under the loop.
    public func close() {
        if !closed.exchange(true, ordering: .acquiringAndReleasing) {
            outcome.withLock { outcome in
                if outcome.socketOpen { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }
            }
        }
        finish(with: nil)
    }

    /// Ends the loop's outcome: resumes a wait with `redirect`.
    private func finish(with redirect: URL?) {
        let waiter = outcome.withLock { outcome in
            outcome.redirect = outcome.redirect ?? redirect
            outcome.ended = true
            defer { outcome.waiter = nil }
            return outcome.waiter.map { ($0.continuation, outcome.redirect) }
        }
        waiter?.0.resume(returning: waiter?.1)
    }

    /// Waits for the redirect (one wait at a time; a redirect that came before the wait is returned at once).
    /// - Parameter timeout: How long to wait, in seconds.
    /// - Returns: The address the browser was sent to (``redirectURI`` with its query); `nil` when the wait
    ///   ended without one: the time ran out, the task was cancelled, or the listener was closed.
    public func redirect(timeout: TimeInterval) async -> URL? {
        let deadline = Date().addingTimeInterval(timeout)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = outcome.withLock { outcome -> URL?? in
                    if outcome.ended || outcome.waiter != nil { return .some(outcome.redirect) }
                    outcome.waiter = (continuation, deadline)
                    return .none
                }
                if case .some(let redirect) = now { continuation.resume(returning: redirect) }
            }
        } onCancel: {
            giveUpWait()
        }
    }

    /// Ends the wait in progress with `nil` (its time ran out, or its task was cancelled); listening goes on.
    private func giveUpWait(at now: Date? = nil) {
        let waiter = outcome.withLock { outcome -> CheckedContinuation<URL?, Never>? in
            guard let waiter = outcome.waiter, now.map({ $0 >= waiter.deadline }) ?? true else { return nil }
            outcome.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(returning: nil)
    }

    /// The accept loop, on its own thread: polls in short slices so that a close or a wait's deadline is seen
    /// quickly, and reads each connection on a thread of its own; ends with the first redirect, or when the
    /// listener is closed.
    private func serve() {
        defer {
            outcome.withLock { outcome in
                outcome.socketOpen = false
                closeDescriptor(descriptor)
            }
        }
        let end = Date().addingTimeInterval(Self.lifetime)
        while !closed.load(ordering: .acquiring), Date() < end, !outcome.withLock(\.ended) {
            giveUpWait(at: Date())
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else { continue }
            guard reading.add(1, ordering: .acquiringAndReleasing).newValue <= Self.maximumConnections else {
                reading.subtract(1, ordering: .acquiringAndReleasing)
                closeDescriptor(client)
                continue
            }
            let thread = Thread { [self] in
                defer { reading.subtract(1, ordering: .acquiringAndReleasing) }
                let redirect = answer(client)
                closeDescriptor(client)
                if let redirect { finish(with: redirect) }
            }
            thread.name = "signin-loopback-connection"
            thread.start()
        }
        finish(with: nil)
    }

    /// Reads one request from `client` and answers it; the redirect's address when it was the redirect.
    private func answer(_ client: Int32) -> URL? {
        let flags = fcntl(client, F_GETFL)
        if flags >= 0 { _ = fcntl(client, F_SETFL, flags & ~O_NONBLOCK) }
        var limit = timeval(tv_sec: 2, tv_usec: 0)
        _ = setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var yes: Int32 = 1
            _ = setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 2048)
        // The whole request within a few seconds: a client that trickles bytes cannot hold the only accept loop.
        let deadline = Date().addingTimeInterval(Self.requestTimeout)
        while head.count < Self.maximumHead, !Self.endsHead(head) {
            guard Date() < deadline else { return nil }
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            head += buffer[0..<count]
        }
        guard let line = head.split(separator: UInt8(ascii: "\r"), maxSplits: 1).first,
            case let words = line.split(separator: UInt8(ascii: " ")), words.count == 3,
            let target = String(validating: words[1], as: UTF8.self)
        else {
            respond(client, status: "400 Bad Request", body: "")
            return nil
        }
        guard words[0].elementsEqual("GET".utf8) else {
            respond(client, status: "405 Method Not Allowed", body: "")
            return nil
        }
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.first == Substring(path), let url = URL(string: "http://\(host.rawValue):\(port)\(target)") else {
            respond(client, status: "404 Not Found", body: "")
            return nil
        }
        // A request without a query (a reload, a stray visit) is no redirect: it is answered and the wait goes on.
        guard parts.count == 2, !parts[1].isEmpty else {
            respond(client, status: "400 Bad Request", body: "")
            return nil
        }
        let html =
            "<!doctype html><meta charset=\"utf-8\"><title>\(Self.escape(page.title))</title>"
            + "<h1>\(Self.escape(page.title))</h1><p>\(Self.escape(page.message))</p>"
        respond(client, status: "200 OK", body: html)
        return url
    }

    private static func endsHead(_ bytes: [UInt8]) -> Bool {
        bytes.firstRange(of: [13, 10, 13, 10]) != nil
    }

    private func respond(_ client: Int32, status: String, body: String) {
        let bytes = Array(body.utf8)
        let response =
            Array(
                ("HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(bytes.count)\r\n"
                    + "Cache-Control: no-store\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n\r\n").utf8)
            + bytes
        #if canImport(Darwin)
            let noSignal: Int32 = 0
        #else
            let noSignal = Int32(MSG_NOSIGNAL)
        #endif
        var sent = 0
        while sent < response.count {
            let count = response[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, noSignal) }
            guard count > 0 else { return }
            sent += count
        }
    }

    private static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

/// The system's `close`, out of reach of the listener's own `close()`.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
