import Foundation
import SignInData
import Testing

@Suite("Base64URLText: the lenient codec for reading tokens")
struct Base64URLTextTests {
    /// Foundation's encoding turned into base64url, as the reference.
    func reference(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    @Test("encodes as Foundation does (in the URL alphabet, unpadded) and decodes back, for every length up to 70")
    func roundTrip() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...70 {
            let data = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let text = Base64URLText.encode(data)
            #expect(text == reference(data))
            #expect(Base64URLText.decode(text) == data)
            #expect(
                Base64URLText.decode(
                    data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
                        .replacingOccurrences(of: "/", with: "_")) == data, "padded, length \(length)")
        }
    }

    @Test(
        "refuses characters outside the alphabet, a lone last character, and text after padding",
        arguments: ["a+b", "ab/c", "abc!", "é", "a", "abcde", "ab=c", "a b"])
    func refuses(text: String) {
        #expect(Base64URLText.decode(text) == nil)
    }
}
