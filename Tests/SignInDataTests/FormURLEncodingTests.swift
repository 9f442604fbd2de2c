import SignInData
import Testing

@Suite("FormURLEncoding")
struct FormURLEncodingTests {
    @Test("encoding escapes everything but letters, digits and *-._, and a space is +")
    func encoding() {
        #expect(FormURLEncoding.escape("a b+c&d=e/f?g%h") == "a+b%2Bc%26d%3De%2Ff%3Fg%25h")
        #expect(FormURLEncoding.escape("*-._~") == "*-._%7E")
        #expect(FormURLEncoding.escape("ç") == "%C3%A7")
        #expect(
            FormURLEncoding.encode([("grant_type", "refresh_token"), ("refresh_token", "a/b+c=")])
                == "grant_type=refresh_token&refresh_token=a%2Fb%2Bc%3D")
    }

    @Test("decoding reads + as a space and %XX as bytes; the first of repeated names wins; bad escapes are left out")
    func decoding() {
        #expect(FormURLEncoding.decode("a=1+2&b=%C3%A7&a=3&=x&c&d=%ZZ") == ["a": "1 2", "b": "ç", "c": ""])
    }

    @Test(
        "what is encoded decodes to the same pairs",
        arguments: [
            [("id_token", "eyJ.a+b/c=="), ("nonce", "raw nonce&=+?"), ("user", #"{"name":{"firstName":"Åsa"}}"#)],
            [("empty", ""), ("spaces", "  "), ("percent", "100%")],
        ])
    func roundTrip(pairs: [(String, String)]) {
        let decoded = FormURLEncoding.decode(FormURLEncoding.encode(pairs))
        #expect(decoded == Dictionary(uniqueKeysWithValues: pairs))
    }
}
