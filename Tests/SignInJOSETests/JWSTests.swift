import SignInCrypto
import SignInJOSE
import Testing

@Suite("JWS HS256 against RFC 7515 appendix A.1")
struct JWSTests {
    static let header = Array("{\"typ\":\"JWT\",\r\n \"alg\":\"HS256\"}".utf8)
    static let payload = Array(
        "{\"iss\":\"joe\",\r\n \"exp\":1300819380,\r\n \"http://example.com/is_root\":true}".utf8)
    static let key = HS256Key(
        bytes: Base64URL.decode(
            "AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow") ?? [])!
    static let expected =
        "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9"
        + ".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
        + ".dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"

    @Test("signing the example's header and payload gives the example's JWS")
    func signs() {
        #expect(JWS.signHS256(header: Self.header, payload: Self.payload, key: Self.key) == Self.expected)
    }

    @Test("the example's JWS parses back to its bytes and verifies")
    func verifies() throws {
        let parts = try #require(JWS.parse(Self.expected))
        #expect(parts.header == Self.header)
        #expect(parts.payload == Self.payload)
        #expect(JWS.verifyHS256(parts, key: Self.key))
    }

    @Test("a changed payload or another key does not verify")
    func rejectsTampering() throws {
        var pieces = Self.expected.split(separator: ".").map(String.init)
        pieces[1] = Base64URL.encode(Array("{\"iss\":\"eve\"}".utf8))
        let tampered = try #require(JWS.parse(pieces.joined(separator: ".")))
        #expect(!JWS.verifyHS256(tampered, key: Self.key))
        let original = try #require(JWS.parse(Self.expected))
        let otherKey = try #require(HS256Key(bytes: [UInt8](repeating: 1, count: 64)))
        #expect(!JWS.verifyHS256(original, key: otherKey))
    }

    @Test(
        "anything but three base64url parts is not a JWS", arguments: ["", "a.b", "a.b.c.d", ".b.c", "a..c", "a+b.c.d"])
    func rejectsShape(input: String) {
        #expect(JWS.parse(input) == nil)
    }
}
