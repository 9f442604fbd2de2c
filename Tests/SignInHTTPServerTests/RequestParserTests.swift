import Testing

@testable import SignInHTTPServer

@Suite("RequestParser")
struct RequestParserTests {
    func makeSUT(maximumHeaderBytes: Int = 1024, maximumBodyBytes: Int = 100) -> RequestParser {
        RequestParser(maximumHeaderBytes: maximumHeaderBytes, maximumBodyBytes: maximumBodyBytes)
    }

    func parse(_ text: String, maximumHeaderBytes: Int = 1024) -> RequestParser.Outcome {
        var parser = makeSUT(maximumHeaderBytes: maximumHeaderBytes)
        return parser.parse(Array(text.utf8))
    }

    @Test("a complete head gives method, path, query, headers, body length and where the body starts")
    func completeHead() throws {
        let text =
            "POST /v1/accounts:signUp?key=abc&x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n"
            + "X-Spaced:   padded value \t\r\n\r\nhello"
        guard case .complete(let head, let length) = parse(text) else {
            Issue.record("expected a complete head")
            return
        }
        #expect(head.method == "POST")
        #expect(head.path == "/v1/accounts:signUp")
        #expect(head.query == "key=abc&x=1")
        #expect(head.minorVersion == 1)
        #expect(head.headers.map(\.name) == ["Host", "Content-Length", "X-Spaced"])
        #expect(head.headers.last?.value == "padded value")
        #expect(head.contentLength == 5)
        #expect(head.keepAlive)
        #expect(!head.expectsContinue)
        #expect(length == text.utf8.count - 5)
    }

    @Test("bytes arriving one at a time stay incomplete until the blank line")
    func byteAtATime() {
        let bytes = Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        var parser = makeSUT()
        for count in 1..<bytes.count {
            guard case .incomplete = parser.parse(Array(bytes[0..<count])) else {
                Issue.record("complete too early at \(count) bytes")
                return
            }
        }
        guard case .complete(_, let length) = parser.parse(bytes) else {
            Issue.record("expected a complete head")
            return
        }
        #expect(length == bytes.count)
    }

    @Test("empty lines before the request line are skipped")
    func leadingEmptyLines() {
        guard case .complete(let head, _) = parse("\r\n\r\nGET /a HTTP/1.1\r\nHost: x\r\n\r\n") else {
            Issue.record("expected a complete head")
            return
        }
        #expect(head.path == "/a")
    }

    @Test(
        "the connection's fate follows the version and the Connection header",
        arguments: [
            ("HTTP/1.1", "", true),
            ("HTTP/1.1", "Connection: close\r\n", false),
            ("HTTP/1.1", "Connection: Keep-Alive, Close\r\n", false),
            ("HTTP/1.0", "", false),
            ("HTTP/1.0", "Connection: keep-alive\r\n", true),
        ])
    func keepAlive(version: String, header: String, expected: Bool) {
        guard case .complete(let head, _) = parse("GET / \(version)\r\nHost: x\r\n\(header)\r\n") else {
            Issue.record("expected a complete head")
            return
        }
        #expect(head.keepAlive == expected)
    }

    @Test("an absolute-form target must name the Host header's host: another host is a 400, never answered")
    func absoluteFormNamesTheHost() {
        let foreign = parse("GET http://evil.example/v1/me HTTP/1.1\r\nHost: 127.0.0.1:9099\r\n\r\n")
        guard case .failed(let error) = foreign else {
            Issue.record("a foreign absolute-form target was accepted: \(foreign)")
            return
        }
        #expect(error.status == 400)
        guard
            case .complete(let head, _) = parse(
                "GET HTTP://127.0.0.1:9099/v1/me HTTP/1.1\r\nHost: 127.0.0.1:9099\r\n\r\n")
        else {
            Issue.record("this server's own host in absolute form was refused")
            return
        }
        #expect(head.path == "/v1/me")
        #expect(RequestParser.authority(of: "http://H:1/p") == "h:1" && RequestParser.authority(of: "/p") == nil)
    }

    @Test("absolute-form and asterisk-form targets give a path")
    func targetForms() {
        #expect(RequestParser.splitTarget("http://h:1/p/q?a=b", method: "GET")! == ("/p/q", "a=b"))
        #expect(RequestParser.splitTarget("HTTPS://h?a", method: "GET")! == ("/", "a"))
        #expect(RequestParser.splitTarget("http://h", method: "GET")! == ("/", nil))
        #expect(RequestParser.splitTarget("*", method: "OPTIONS")! == ("*", nil))
        #expect(RequestParser.splitTarget("/p?", method: "GET")! == ("/p", ""))
        #expect(RequestParser.splitTarget("*", method: "GET") == nil)
        #expect(RequestParser.splitTarget("host:443", method: "CONNECT") == nil)
    }

    @Test("Expect: 100-continue is noticed in HTTP/1.1 and ignored in HTTP/1.0")
    func expectContinue() {
        let body = "Content-Length: 3\r\nExpect: 100-Continue\r\n\r\n"
        guard case .complete(let eleven, _) = parse("PUT / HTTP/1.1\r\nHost: x\r\n" + body),
            case .complete(let ten, _) = parse("PUT / HTTP/1.0\r\n" + body)
        else {
            Issue.record("expected complete heads")
            return
        }
        #expect(eleven.expectsContinue)
        #expect(!ten.expectsContinue)
    }

    @Test("repeated Content-Length values that agree are one length")
    func agreeingLengths() {
        guard
            case .complete(let head, _) = parse(
                "PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 7\r\ncontent-length: 7, 7\r\n\r\n")
        else {
            Issue.record("expected a complete head")
            return
        }
        #expect(head.contentLength == 7)
    }

    @Test(
        "malformed heads are refused with the right status",
        arguments: [
            ("GARBAGE\r\n\r\n", 400),
            ("GET /\r\n\r\n", 400),
            ("GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            ("GET / HTTP/1.1 \r\nHost: x\r\n\r\n", 400),
            ("G\u{C9}T / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            ("GET /\u{7F} HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            ("GET x HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            ("GET / HTTX/1.1\r\nHost: x\r\n\r\n", 400),
            ("GET / HTTP/1.1x\r\nHost: x\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: x\r\n: empty name\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: x\r\nX-A: a\r\n folded\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u{1}b\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n", 400),
            ("GET / HTTP/1.1\nHost: x\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
            ("PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", 400),
            ("PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n", 400),
            ("PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: +5\r\n\r\n", 400),
            ("PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", 400),
            ("PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 5, 6\r\n\r\n", 400),
            ("PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 101\r\n\r\n", 413),
            ("PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n", 413),
            ("PUT / HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\n\r\n", 417),
            ("PUT / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
            ("PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
            ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
            ("GET / HTTP/0.9\r\nHost: x\r\n\r\n", 505),
            ("GET / HTTP/3\r\nHost: x\r\n\r\n", 505),
        ])
    func malformed(text: String, status: Int) {
        guard case .failed(let error) = parse(text) else {
            Issue.record("accepted \(text.debugDescription)")
            return
        }
        #expect(error.status == status, "\(text.debugDescription): \(error.reason)")
    }

    @Test("a failure after the request line names its method and path, for the log")
    func failureNamesRequest() {
        guard
            case .failed(let error) = parse("PUT /x?secret=1 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.method == "PUT")
        #expect(error.path == "/x")
    }

    @Test("a head that reaches maximumHeaderBytes without its blank line is 431, even arriving slowly")
    func headTooLarge() {
        var parser = makeSUT(maximumHeaderBytes: 64)
        var bytes = Array("GET / HTTP/1.1\r\nHost: x\r\nX-Long: ".utf8)
        #expect({ if case .incomplete = parser.parse(bytes) { true } else { false } }())
        bytes += [UInt8](repeating: UInt8(ascii: "a"), count: 64)
        guard case .failed(let error) = parser.parse(bytes) else {
            Issue.record("expected 431")
            return
        }
        #expect(error.status == 431)
    }

    @Test("a head of exactly maximumHeaderBytes is accepted, one byte more is 431")
    func headLimitBoundary() {
        let text = "GET / HTTP/1.1\r\nHost: x\r\n\r\n"
        let size = text.utf8.count
        #expect({ if case .complete = parse(text, maximumHeaderBytes: size) { true } else { false } }())
        guard case .failed(let error) = parse(text, maximumHeaderBytes: size - 1) else {
            Issue.record("expected 431")
            return
        }
        #expect(error.status == 431)
    }

    @Test("random and mutated bytes never crash the parser, and a complete head never claims more than it was given")
    func randomBytes() {
        var random = SplitMix64(seed: 0x5EED)
        let valid = Array(
            "POST /a?b=c HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\nabc".utf8)
        let alphabet = Array("\r\n :/?%HTPGET1.0-,\t\u{0}\u{7F}".utf8) + [0xC3, 0xFF]
        for round in 0..<3000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = valid
                for _ in 0..<(1 + Int(random.next() % 4)) {
                    let index = Int(random.next() % UInt64(bytes.count))
                    bytes[index] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                }
            } else {
                bytes = (0..<Int(random.next() % 120)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))]
                }
            }
            var parser = makeSUT(maximumHeaderBytes: 80)
            if case .complete(let head, let length) = parser.parse(bytes) {
                #expect(length <= bytes.count)
                #expect(head.contentLength >= 0 && head.contentLength <= 100)
            }
        }
    }
}
