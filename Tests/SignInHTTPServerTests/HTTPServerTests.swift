import Foundation
import SignInHTTPServer
import SignInLocking
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server over real sockets on 127.0.0.1, with small timeouts so the suite stays quick.
@Suite("HTTPServer", .timeLimit(.minutes(5)))
struct HTTPServerTests {
    /// A started server with an echoing handler unless one is given; stop it at the end of the test.
    func makeSUT(
        _ configure: (inout HTTPServerConfiguration) -> Void = { _ in },
        handler: (@Sendable (HTTPServerRequest) -> HTTPServerResponse)? = nil
    ) throws -> (server: HTTPServer, port: UInt16, logs: LogRecorder) {
        var configuration = HTTPServerConfiguration()
        configuration.readTimeout = 2
        configuration.idleTimeout = 2
        configure(&configuration)
        let logs = LogRecorder()
        let server = HTTPServer(configuration: configuration, handler: handler ?? Self.echo, log: logs.record)
        let port = try server.start()
        return (server, port, logs)
    }

    /// Answers with the request's parts, one per line.
    static let echo: @Sendable (HTTPServerRequest) -> HTTPServerResponse = { request in
        .text(
            200,
            "\(request.method) \(request.path) \(request.query ?? "-") \(request.header("x-test") ?? "-") "
                + String(decoding: request.body, as: UTF8.self))
    }

    static func get(_ path: String, _ extra: String = "") -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(extra)\r\n"
    }

    @Test("a request makes a round trip through the handler")
    func roundTrip() throws {
        let (server, port, _) = try makeSUT()
        defer { server.stop(drainTimeout: 1) }
        #expect(server.port == port)
        let client = try TestClient(port: port)
        try client.send(
            "POST /v1/echo?a=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Test: yes\r\nContent-Length: 5\r\n\r\nhello")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "POST /v1/echo a=1 yes hello")
        #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(response.header("Content-Length") == "27")
        #expect(response.header("Date") != nil)
        #expect(response.header("Connection") == nil)
    }

    @Test("the handler sees the peer's address")
    func remoteAddress() throws {
        let (server, port, _) = try makeSUT(handler: { .text(200, $0.remoteAddress) })
        defer { server.stop(drainTimeout: 1) }
        let client = try TestClient(port: port)
        try client.send(Self.get("/"))
        #expect(try client.readResponse().text.hasPrefix("127.0.0.1:"))
    }

    @Test("two requests share one keep-alive connection")
    func keepAlive() throws {
        let (server, port, _) = try makeSUT(handler: { .text(200, "\($0.path) \($0.remoteAddress)") })
        defer { server.stop(drainTimeout: 1) }
        let client = try TestClient(port: port)
        try client.send(Self.get("/one"))
        let first = try client.readResponse()
        try client.send(Self.get("/two"))
        let second = try client.readResponse()
        let peers = [first, second].map { $0.text.split(separator: " ").last.map(String.init) }
        #expect(first.text.hasPrefix("/one "))
        #expect(second.text.hasPrefix("/two "))
        #expect(peers[0] == peers[1])
    }

    @Test("HTTP/1.0 closes unless it asks for keep-alive, and Connection: close is honoured")
    func connectionClose() throws {
        let (server, port, _) = try makeSUT()
        defer { server.stop(drainTimeout: 1) }
        let old = try TestClient(port: port)
        try old.send("GET /a HTTP/1.0\r\n\r\n")
        #expect(try old.readResponse().header("Connection") == "close")
        #expect(old.isClosed(within: 2))

        let oldKept = try TestClient(port: port)
        try oldKept.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try oldKept.readResponse().header("Connection") == "keep-alive")
        try oldKept.send("GET /b HTTP/1.0\r\n\r\n")
        #expect(try oldKept.readResponse().status == 200)

        let closing = try TestClient(port: port)
        try closing.send(Self.get("/c", "Connection: close\r\n"))
        #expect(try closing.readResponse().header("Connection") == "close")
        #expect(closing.isClosed(within: 2))
    }

    @Test("pipelined requests are answered in order")
    func pipelining() throws {
        let (server, port, _) = try makeSUT()
        defer { server.stop(drainTimeout: 1) }
        let client = try TestClient(port: port)
        try client.send(
            Self.get("/1") + "POST /2 HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc" + Self.get("/3"))
        #expect(try client.readResponse().text == "GET /1 - - ")
        #expect(try client.readResponse().text == "POST /2 - - abc")
        #expect(try client.readResponse().text == "GET /3 - - ")
    }

    @Test("Expect: 100-continue gets 100 Continue before the body is sent")
    func expectContinue() throws {
        let (server, port, _) = try makeSUT()
        defer { server.stop(drainTimeout: 1) }
        let client = try TestClient(port: port)
        try client.send("PUT /up HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
        let interim = try client.readResponse()
        #expect(interim.status == 100)
        try client.send("data")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "PUT /up - - data")
    }

    @Test("HEAD gets the headers with the body's length and no body")
    func head() throws {
        let (server, port, _) = try makeSUT(handler: { _ in .text(200, "hello world") })
        defer { server.stop(drainTimeout: 1) }
        let client = try TestClient(port: port)
        try client.send("HEAD / HTTP/1.1\r\nHost: h\r\n\r\n")
        let head = try client.readResponse(headOnly: true)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "11")
        // Had the body been sent, it would now be read in place of the next status line.
        try client.send(Self.get("/"))
        #expect(try client.readResponse().text == "hello world")
    }

    @Test(
        "malformed requests get the right status and a closed connection",
        arguments: [
            ("NONSENSE\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: h\r\nNo colon here\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: h\r\nX-Bad : v\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: h\r\nX-Fold: a\r\n b\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: h\r\nX-Ctl: a\u{0}b\r\n\r\n", 400),
            ("PUT / HTTP/1.1\r\nHost: h\r\nContent-Length: 1x\r\n\r\n", 400),
            ("PUT / HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nabc", 400),
            ("PUT / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n", 501),
            ("GET / HTTP/2.0\r\nHost: h\r\n\r\n", 505),
        ])
    func malformed(request: String, status: Int) throws {
        let (server, port, _) = try makeSUT()
        defer { server.stop(drainTimeout: 1) }
        let client = try TestClient(port: port)
        try client.send(request)
        let response = try client.readResponse()
        #expect(response.status == status)
        #expect(response.header("Connection") == "close")
        #expect(client.isClosed(within: 2))
    }

    @Test("a head over maximumHeaderBytes gets 431")
    func headersTooLarge() throws {
        let (server, port, _) = try makeSUT { $0.maximumHeaderBytes = 1024 }
        defer { server.stop(drainTimeout: 1) }
        let client = try TestClient(port: port)
        try client.send(Self.get("/", "X-Big: \(String(repeating: "a", count: 2000))\r\n"))
        #expect(try client.readResponse().status == 431)
        #expect(client.isClosed(within: 2))
    }

    @Test("a body over maximumBodyBytes gets 413 at once, without the server waiting for it")
    func bodyTooLarge() throws {
        let (server, port, _) = try makeSUT { $0.maximumBodyBytes = 1000 }
        defer { server.stop(drainTimeout: 1) }
        let client = try TestClient(port: port)
        let start = Date()
        try client.send("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1000000\r\n\r\n")
        #expect(try client.readResponse(timeout: 1).status == 413)
        #expect(client.isClosed(within: 1))
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test("a client sending one byte every 100 ms gets 408 once readTimeout has passed, and is disconnected")
    func slowLoris() throws {
        let (server, port, logs) = try makeSUT { $0.readTimeout = 0.5 }
        let client = try TestClient(port: port)
        let trickle = Array((Self.get("/", "X-Slow: \(String(repeating: "z", count: 100))\r\n")).utf8)
        let start = Date()
        var sent = 0
        while sent < trickle.count, !client.isReadable(within: 0.1) {
            try client.send([trickle[sent]])
            sent += 1
        }
        let response = try client.readResponse(timeout: 1)
        let elapsed = Date().timeIntervalSince(start)
        #expect(response.status == 408)
        #expect(elapsed >= 0.4 && elapsed < 1.5, "answered after \(elapsed) s")
        #expect(sent < 20)
        #expect(client.isClosed(within: 1.5))
        server.stop(drainTimeout: 1)
        #expect(logs.all.map(\.status) == [408])
    }

    @Test("a client reading a response a trickle at a time is cut off once writeTimeout has passed")
    func trickleReader() throws {
        let body = [UInt8](repeating: 0x61, count: 32 << 20)
        let (server, port, logs) = try makeSUT({ $0.writeTimeout = 0.5 }) { _ in
            HTTPServerResponse(status: 200, headers: [], body: Data(body))
        }
        defer { server.stop(drainTimeout: 1) }
        let client = try TestClient(port: port, receiveBuffer: 64 * 1024)
        try client.send(Self.get("/big"))
        // 64 KiB every 200 ms: always some progress, so no single send waits out its timeout; all 32 MiB would take
        // over a minute. The server gives up on the response (and logs it) once writeTimeout has passed; what it had
        // already handed to the system still reaches the client after that.
        let start = Date()
        while logs.all.isEmpty, Date().timeIntervalSince(start) < 10 {
            if let count = client.readSome(limit: 64 * 1024, timeout: 0.2), count <= 0 { break }
            usleep(200_000)
        }
        let elapsed = Date().timeIntervalSince(start)
        #expect(logs.all.count == 1, "no answer logged after \(elapsed) s")
        #expect(elapsed < 3, "given up after \(elapsed) s")
    }

    @Test("an idle keep-alive connection is closed silently after idleTimeout")
    func idleTimeout() throws {
        let (server, port, _) = try makeSUT { $0.idleTimeout = 0.3 }
        defer { server.stop(drainTimeout: 1) }
        let client = try TestClient(port: port)
        try client.send(Self.get("/"))
        #expect(try client.readResponse().status == 200)
        let start = Date()
        #expect(client.isClosed(within: 2))
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed >= 0.25 && elapsed < 1.5, "closed after \(elapsed) s")
    }

    @Test("50 connections are served at the same time, each on its own thread")
    func concurrentConnections() throws {
        let count = 50
        let arrived = Locked(0)
        let allArrived = DispatchSemaphore(value: 0)
        let (server, port, _) = try makeSUT(handler: { request in
            // Every handler waits for all the others: this passes only if they all run at once.
            if arrived.withLock({
                $0 += 1; return $0
            }) == count {
                for _ in 0..<count { allArrived.signal() }
            }
            let together = allArrived.wait(timeout: .now() + 10) == .success
            return .text(together ? 200 : 500, request.path)
        })
        defer { server.stop(drainTimeout: 1) }
        let clients = try (0..<count).map { _ in try TestClient(port: port) }
        for (index, client) in clients.enumerated() { try client.send(Self.get("/\(index)")) }
        for (index, client) in clients.enumerated() {
            let response = try client.readResponse(timeout: 15)
            #expect(response.status == 200)
            #expect(response.text == "/\(index)")
        }
    }

    @Test("one connection over maximumConnections while every connection is busy with a request gets 503")
    func tooManyConnections() throws {
        let release = DispatchSemaphore(value: 0)
        let holding = DispatchSemaphore(value: 0)
        let (server, port, logs) = try makeSUT({ $0.maximumConnections = 2 }) { request in
            if request.path == "/hold" {
                holding.signal()
                _ = release.wait(timeout: .now() + 10)
            }
            return .text(200, request.path)
        }
        let first = try TestClient(port: port)
        let second = try TestClient(port: port)
        for client in [first, second] {
            try client.send(Self.get("/hold"))
            #expect(holding.wait(timeout: .now() + 5) == .success)
        }
        let third = try TestClient(port: port)
        let refused = try third.readResponse()
        #expect(refused.status == 503)
        #expect(refused.header("Connection") == "close")
        #expect(third.isClosed(within: 2))
        release.signal()
        release.signal()
        for client in [first, second] { #expect(try client.readResponse().text == "/hold") }
        try first.send(Self.get("/still"))
        #expect(try first.readResponse().status == 200)
        server.stop(drainTimeout: 1)
        #expect(logs.all.filter { $0.status == 503 }.map(\.path) == ["-"])
    }

    /// Waits (at most 5 s) until the server has logged `count` answers: a connection waits for its next request
    /// before its answer is logged.
    func waitForLog(_ logs: LogRecorder, count: Int) {
        let deadline = Date().addingTimeInterval(5)
        while logs.all.count < count, Date() < deadline { usleep(1000) }
    }

    @Test("when every slot waits for a request, a new connection takes the slot of the one that has waited longest")
    func fullOfWaitingConnections() throws {
        let (server, port, logs) = try makeSUT { $0.maximumConnections = 2 }
        defer { server.stop(drainTimeout: 1) }
        let first = try TestClient(port: port)
        let second = try TestClient(port: port)
        for (index, client) in [first, second].enumerated() {
            try client.send(Self.get("/"))
            #expect(try client.readResponse().status == 200)
            waitForLog(logs, count: index + 1)
        }
        let third = try TestClient(port: port)
        try third.send(Self.get("/third"))
        #expect(try third.readResponse().text.contains("/third"))
        #expect(first.isClosed(within: 2))
        try second.send(Self.get("/second"))
        #expect(try second.readResponse().text.contains("/second"))
        #expect(!logs.all.contains { $0.status == 503 })
    }

    @Test("one client reconnecting a slow loris into every slot does not keep another out: it is answered within 1 s")
    func reconnectingSlowLoris() throws {
        let slots = 8
        let (server, port, _) = try makeSUT {
            $0.maximumConnections = slots
            $0.readTimeout = 10
        }
        defer { server.stop(drainTimeout: 1) }
        let stop = Locked(false)
        let opened = Locked(0)
        let attackerDone = DispatchSemaphore(value: 0)
        // The attacker: keeps `slots` connections open with a request that never ends, and opens a new one as
        // soon as the server closes one, until told to stop (or 20 s, a bound on the loop).
        Thread.detachNewThread {
            defer { attackerDone.signal() }
            let partial = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
            var held: [TestClient] = []
            let end = Date().addingTimeInterval(20)
            while !stop.withLock({ $0 }), Date() < end {
                held.removeAll { $0.isReadable(within: 0) }
                while held.count < slots, let client = try? TestClient(port: port) {
                    if (try? client.send(partial)) != nil { held.append(client) }
                    opened.withLock { $0 += 1 }
                }
                usleep(1000)
            }
        }
        defer {
            stop.withLock { $0 = true }
            _ = attackerDone.wait(timeout: .now() + 5)
        }
        // Wait until the attacker holds every slot.
        let filled = Date().addingTimeInterval(5)
        while opened.withLock({ $0 }) < slots, Date() < filled { usleep(10_000) }
        usleep(100_000)
        #expect(opened.withLock { $0 } >= slots)

        let start = Date()
        let client = try TestClient(port: port)
        try client.send(Self.get("/legitimate"))
        let response = try client.readResponse(timeout: 1)
        #expect(response.status == 200)
        #expect(response.text.contains("/legitimate"))
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test(
        "a client at maximumConnectionsPerClient makes room from its own connections, never another client's",
        .enabled(if: TestClient.hasSecondLoopbackAddress, "needs 127.0.0.2 on the loopback interface"))
    func perClientBound() throws {
        let (server, port, _) = try makeSUT {
            $0.maximumConnections = 8
            $0.maximumConnectionsPerClient = 2
        }
        defer { server.stop(drainTimeout: 1) }
        let other = try TestClient(port: port)
        try other.send(Self.get("/other"))
        #expect(try other.readResponse().status == 200)
        let greedy = try (0..<3).map { _ in try TestClient(port: port, from: "127.0.0.2") }
        for client in greedy[1...] {
            try client.send(Self.get("/greedy"))
            #expect(try client.readResponse().status == 200)
        }
        #expect(greedy[0].isClosed(within: 2))
        try other.send(Self.get("/other-again"))
        #expect(try other.readResponse().status == 200)
    }

    @Test(
        "a full server takes the slot from the client holding the most connections, before anyone's only one",
        .enabled(if: TestClient.hasSecondLoopbackAddress, "needs 127.0.0.2 on the loopback interface"))
    func fullServerTakesFromTheGreediest() throws {
        let (server, port, _) = try makeSUT { $0.maximumConnections = 3 }
        defer { server.stop(drainTimeout: 1) }
        // The other client's connection has waited longest, but it is that client's only one.
        let other = try TestClient(port: port)
        try other.send(Self.get("/other"))
        #expect(try other.readResponse().status == 200)
        let greedy = try (0..<3).map { _ in try TestClient(port: port, from: "127.0.0.2") }
        try greedy[2].send(Self.get("/greedy"))
        #expect(try greedy[2].readResponse().status == 200)
        #expect(greedy[0].isClosed(within: 2))
        try other.send(Self.get("/other-again"))
        #expect(try other.readResponse().status == 200)
    }

    @Test("stop() lets a running handler answer, closes idle connections, then refuses new ones")
    func gracefulStop() throws {
        let handlerStarted = DispatchSemaphore(value: 0)
        let (server, port, _) = try makeSUT(handler: { request in
            guard request.path == "/slow" else { return .text(200, "quick") }
            handlerStarted.signal()
            usleep(300_000)
            return .text(200, "slow done")
        })
        let idle = try TestClient(port: port)
        try idle.send(Self.get("/"))
        #expect(try idle.readResponse().status == 200)
        let busy = try TestClient(port: port)
        try busy.send(Self.get("/slow"))
        #expect(handlerStarted.wait(timeout: .now() + 2) == .success)

        let start = Date()
        server.stop(drainTimeout: 5)
        let elapsed = Date().timeIntervalSince(start)

        #expect(elapsed >= 0.15 && elapsed < 2, "stop took \(elapsed) s")
        let response = try busy.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "slow done")
        #expect(response.header("Connection") == "close")
        #expect(busy.isClosed(within: 1))
        #expect(idle.isClosed(within: 1))
        #expect(throws: TestClientError.connect(errno: ECONNREFUSED)) { try TestClient(port: port) }
    }

    @Test("stop() shuts down connections still busy when drainTimeout runs out")
    func forcedStop() throws {
        let handlerStarted = DispatchSemaphore(value: 0)
        let (server, port, _) = try makeSUT(handler: { _ in
            handlerStarted.signal()
            usleep(1_000_000)
            return .text(200, "too late")
        })
        let client = try TestClient(port: port)
        try client.send(Self.get("/"))
        #expect(handlerStarted.wait(timeout: .now() + 2) == .success)
        let start = Date()
        server.stop(drainTimeout: 0.2)
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed >= 0.15 && elapsed < 0.8, "stop took \(elapsed) s")
        #expect(client.isClosed(within: 1))
    }

    @Test("the log has one entry per answered request, and never the query")
    func logHasNoQuery() throws {
        let (server, port, logs) = try makeSUT()
        let client = try TestClient(port: port)
        try client.send(Self.get("/v1/lookup?key=SECRET&other=SECRET"))
        #expect(try client.readResponse().status == 200)
        let bad = try TestClient(port: port)
        try bad.send("BROKEN?key=SECRET\r\n\r\n")
        #expect(try bad.readResponse().status == 400)
        let refused = try TestClient(port: port)
        try refused.send("POST /v1/x?key=SECRET HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n")
        #expect(try refused.readResponse().status == 501)
        server.stop(drainTimeout: 1)

        let entries = logs.all.sorted { $0.status < $1.status }
        #expect(entries.map(\.status) == [200, 400, 501])
        #expect(entries.map(\.method) == ["GET", "-", "POST"])
        #expect(entries.map(\.path) == ["/v1/lookup", "-", "/v1/x"])
        #expect(entries[0].description.hasPrefix("127.0.0.1:"))
        #expect(entries[0].description.contains("\"GET /v1/lookup\" 200 "))
        for entry in entries {
            #expect(!entry.description.contains("SECRET"))
            #expect(!"\(entry)".contains("SECRET"))
        }
    }

    @Test("starting on a port in use throws addressInUse; a server starts only once")
    func startErrors() throws {
        let (server, port, _) = try makeSUT()
        defer { server.stop(drainTimeout: 1) }
        var configuration = HTTPServerConfiguration()
        configuration.port = port
        let second = HTTPServer(configuration: configuration, handler: Self.echo)
        #expect(throws: HTTPServerError.addressInUse(host: "127.0.0.1", port: port)) { try second.start() }
        #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
        configuration.host = "not-an-address"
        #expect(throws: HTTPServerError.invalidHost("not-an-address")) {
            try HTTPServer(configuration: configuration, handler: Self.echo).start()
        }
        #expect(HTTPServerError.addressInUse(host: "127.0.0.1", port: 80).description.contains("in use"))
    }

    @Test("runUntilSignalled returns the signal that arrived, having stopped the server")
    func signals() throws {
        let (server, port, _) = try makeSUT()
        // Ignored until the server watches it, so a signal sent too early cannot end the test process.
        signal(SIGUSR2, SIG_IGN)
        let returned = Locked(false)
        let sender = Thread {
            for _ in 0..<200 where !returned.withLock({ $0 }) {
                kill(getpid(), SIGUSR2)
                usleep(20_000)
            }
        }
        sender.start()
        let number = server.runUntilSignalled([SIGUSR2], drainTimeout: 1)
        returned.withLock { $0 = true }
        #expect(number == SIGUSR2)
        #expect(throws: TestClientError.connect(errno: ECONNREFUSED)) { try TestClient(port: port) }
    }
}
