import Testing

@testable import SignInCrypto

@Suite("DER: the strict encoding of signatures and RSA public keys")
struct DERTests {
    @Test(
        "integers are minimal: zero bytes dropped, one put back before a top bit",
        arguments: [
            ([], [0x02, 0x01, 0x00]), ([0], [0x02, 0x01, 0x00]), ([0, 0, 5], [0x02, 0x01, 0x05]),
            ([0x7F], [0x02, 0x01, 0x7F]), ([0x80], [0x02, 0x02, 0x00, 0x80]),
            ([0, 0xFF, 1], [0x02, 0x03, 0x00, 0xFF, 0x01]),
        ] as [([UInt8], [UInt8])])
    func integers(magnitude: [UInt8], encoding: [UInt8]) {
        #expect(DER.integer(magnitude) == encoding)
    }

    @Test(
        "lengths use the short form below 128 and the fewest bytes above",
        arguments: [
            (0, [0x00]), (127, [0x7F]), (128, [0x81, 0x80]), (255, [0x81, 0xFF]), (256, [0x82, 0x01, 0x00]),
            (65_536, [0x83, 0x01, 0x00, 0x00]),
        ] as [(Int, [UInt8])])
    func lengths(count: Int, encoding: [UInt8]) {
        #expect(DER.length(count) == encoding)
    }

    @Test("a PKCS#1 RSAPublicKey of RFC 7515's key reads back to its modulus and exponent")
    func rsaPublicKeyRoundTrip() throws {
        let modulus = SignatureVectors.rsaModulus
        let encoded = DER.sequence(DER.integer(modulus) + DER.integer([1, 0, 1]))
        // SEQUENCE (long form, 266 bytes) { INTEGER (257 bytes: a zero, then n), INTEGER 65537 }
        #expect(Array(encoded.prefix(8)) == [0x30, 0x82, 0x01, 0x0A, 0x02, 0x82, 0x01, 0x01])
        let (n, e) = try #require(DER.twoUnsignedIntegers(encoded))
        #expect(n == modulus && e == [1, 0, 1])
    }

    @Test("r || s and DER convert into each other, and a 33-byte value does not fit")
    func ecdsaConversions() throws {
        let raw = SignatureVectors.ecR + SignatureVectors.ecS
        #expect(ECDSAP256.derSignature(fromRaw: raw) == SignatureVectors.ecDER)
        #expect(ECDSAP256.rawSignature(fromDER: SignatureVectors.ecDER) == raw)
        let small = [UInt8](repeating: 0, count: 31) + [7] + [UInt8](repeating: 0, count: 31) + [9]
        #expect(ECDSAP256.derSignature(fromRaw: small) == [0x30, 0x06, 0x02, 0x01, 0x07, 0x02, 0x01, 0x09])
        #expect(ECDSAP256.rawSignature(fromDER: [0x30, 0x06, 0x02, 0x01, 0x07, 0x02, 0x01, 0x09]) == small)
        let wide = DER.sequence(DER.integer([1] + SignatureVectors.ecR) + DER.integer([1]))
        #expect(ECDSAP256.rawSignature(fromDER: wide) == nil)
    }

    @Test("a long-form length with a leading zero byte, or of more than three bytes, is refused")
    func lengthForms() {
        let body: [UInt8] = [0x02, 0x01, 0x01, 0x02, 0x01, 0x01]
        #expect(DER.twoUnsignedIntegers([0x30, 0x06] + body) != nil)
        #expect(DER.twoUnsignedIntegers([0x30, 0x82, 0x00, 0x06] + body) == nil)
        #expect(DER.twoUnsignedIntegers([0x30, 0x84, 0x00, 0x00, 0x00, 0x06] + body) == nil)
        #expect(DER.twoUnsignedIntegers([0x30, 0x80] + body + [0x00, 0x00]) == nil)
        #expect(DER.twoUnsignedIntegers([0x30, 0x06, 0x02, 0x81, 0x01, 0x01, 0x02, 0x01, 0x01]) == nil)
    }
}
