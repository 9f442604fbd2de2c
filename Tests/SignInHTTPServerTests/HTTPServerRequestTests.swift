import Foundation
import Testing

@testable import SignInHTTPServer

@Suite("HTTPServerRequest")
struct HTTPServerRequestTests {
    func makeSUT(query: String?, headers: [(name: String, value: String)] = []) -> HTTPServerRequest {
        HTTPServerRequest(method: "GET", path: "/", query: query, headers: headers)
    }

    @Test("header(_:) finds the first field of that name, whatever its case")
    func headerLookup() {
        let request = makeSUT(query: nil, headers: [("X-Token", "one"), ("x-token", "two"), ("Accept", "*/*")])
        #expect(request.header("x-TOKEN") == "one")
        #expect(request.header("accept") == "*/*")
        #expect(request.header("missing") == nil)
    }

    @Test(
        "queryItems() decodes form encoding and keeps malformed escapes",
        arguments: [
            ("a=1&b=two+words", [("a", "1"), ("b", "two words")]),
            ("key=%41%62%2B%26", [("key", "Ab+&")]),
            ("e=%C3%A9", [("e", "é")]),
            ("bad=%4&worse=%zz1&end=%", [("bad", "%4"), ("worse", "%zz1"), ("end", "%")]),
            ("flag&&=v&x=a=b", [("flag", ""), ("", "v"), ("x", "a=b")]),
            ("", []),
        ])
    func queryItems(query: String, expected: [(String, String)]) {
        let items = makeSUT(query: query).queryItems()
        #expect(items.map(\.name) == expected.map(\.0))
        #expect(items.map(\.value) == expected.map(\.1))
    }

    @Test("no query means no items")
    func noQuery() {
        #expect(makeSUT(query: nil).queryItems().isEmpty)
    }
}
