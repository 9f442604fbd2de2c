import Testing

@testable import SignInHTTPServer

@Suite("HTTPServerLogEntry")
struct HTTPServerLogEntryTests {
    @Test("the description is one line: peer, request, status, size and milliseconds")
    func description() {
        let entry = HTTPServerLogEntry(
            remoteAddress: "127.0.0.1:5000", method: "POST", path: "/v1/x", status: 200, bodyBytes: 123,
            duration: 0.0014)
        #expect(entry.description == "127.0.0.1:5000 \"POST /v1/x\" 200 123 bytes 1.4 ms")
    }
}
