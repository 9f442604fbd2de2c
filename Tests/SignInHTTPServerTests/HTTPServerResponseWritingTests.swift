import Foundation
import Testing

@testable import SignInHTTPServer

@Suite("HTTPServerResponse writing")
struct HTTPServerResponseWritingTests {
    func wireText(_ response: HTTPServerResponse, headOnly: Bool = false, connection: String? = nil) -> String {
        String(
            decoding: response.serialized(headOnly: headOnly, connection: connection, date: "DATE").bytes,
            as: UTF8.self)
    }

    @Test("json and text set their content types")
    func contentTypes() {
        #expect(
            HTTPServerResponse.json(201, Data("{}".utf8)).header("content-type") == "application/json; charset=utf-8")
        #expect(HTTPServerResponse.text(200, "hi").header("Content-Type") == "text/plain; charset=utf-8")
        #expect(HTTPServerResponse.text(200, "hi").body == Data("hi".utf8))
    }

    @Test("a response has its status line, headers, Date, Content-Length, Connection and body")
    func wireFormat() {
        let text = wireText(.text(404, "nope"), connection: "close")
        #expect(
            text
                == "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain; charset=utf-8\r\nDate: DATE\r\n"
                + "Content-Length: 4\r\nConnection: close\r\n\r\nnope")
    }

    @Test("HEAD gets the body's Content-Length without the body")
    func headOnly() {
        let wire = HTTPServerResponse.text(200, "hello").serialized(headOnly: true, connection: nil, date: "D")
        let text = String(decoding: wire.bytes, as: UTF8.self)
        #expect(text.hasSuffix("Content-Length: 5\r\n\r\n"))
        #expect(wire.bodyBytes == 0)
    }

    @Test("204 sends neither a body nor a Content-Length")
    func noContent() {
        let text = wireText(HTTPServerResponse(status: 204, body: Data("ignored".utf8)))
        #expect(text == "HTTP/1.1 204 No Content\r\nDate: DATE\r\n\r\n")
    }

    @Test("the handler's framing headers are replaced, and headers that could split the response are dropped")
    func headerHygiene() {
        let response = HTTPServerResponse(
            status: 200,
            headers: [
                ("Content-Length", "999"), ("Transfer-Encoding", "chunked"), ("Connection", "keep-alive"),
                ("X-Injected", "a\r\nSet-Cookie: evil=1"), ("Bad Name", "v"), ("X-Fine", "ok"), ("Date", "mine"),
            ], body: Data("abc".utf8))
        let text = wireText(response, connection: "close")
        #expect(
            text == "HTTP/1.1 200 OK\r\nX-Fine: ok\r\nDate: mine\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc")
    }

    @Test("a status outside 200...599 becomes 500", arguments: [101, 99, 600, -1])
    func invalidStatus(status: Int) {
        let wire = HTTPServerResponse(status: status).serialized(headOnly: false, connection: nil, date: "D")
        #expect(wire.status == 500)
        #expect(String(decoding: wire.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 500 Internal Server Error\r\n"))
    }

    @Test("an unknown status keeps a valid status line with an empty reason")
    func unknownReason() {
        #expect(wireText(HTTPServerResponse(status: 299)).hasPrefix("HTTP/1.1 299 \r\n"))
    }

    @Test("the Date header is an IMF-fixdate")
    func date() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }
}
