import SignInCrypto
import Testing

@Suite("RSAPublicKey: only keys sensible for signatures")
struct RSAPublicKeyTests {
    typealias V = SignatureVectors

    /// An odd modulus of exactly `bits` bits.
    static func modulus(bits: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0xA5, count: (bits + 7) / 8)
        bytes[0] = UInt8(truncatingIfNeeded: (1 << ((bits - 1) % 8 + 1)) - 1) | (1 << ((bits - 1) % 8))
        bytes[bytes.count - 1] |= 1
        return bytes
    }

    @Test("leading zero bytes of the modulus and the exponent are stripped")
    func strips() throws {
        let key = try #require(RSAPublicKey(modulus: [0, 0] + V.rsaModulus, exponent: [0, 1, 0, 1]))
        #expect(key.modulus == V.rsaModulus)
        #expect(key.exponent == [1, 0, 1])
        #expect(key.modulusBits == 2048)
        #expect(key == RSAPublicKey(modulus: V.rsaModulus, exponent: [1, 0, 1]))
    }

    @Test("moduli from 2048 to 8192 bits are taken; shorter, longer, even or empty ones are not")
    func modulusRules() {
        #expect(RSAPublicKey(modulus: Self.modulus(bits: 2048), exponent: [3])?.modulusBits == 2048)
        #expect(RSAPublicKey(modulus: Self.modulus(bits: 8192), exponent: [3])?.modulusBits == 8192)
        #expect(RSAPublicKey(modulus: Self.modulus(bits: 3071), exponent: [3])?.modulusBits == 3071)
        #expect(RSAPublicKey(modulus: Self.modulus(bits: 2047), exponent: [3]) == nil)
        #expect(RSAPublicKey(modulus: Self.modulus(bits: 1024), exponent: [3]) == nil)
        #expect(RSAPublicKey(modulus: Self.modulus(bits: 8193), exponent: [3]) == nil)
        var even = V.rsaModulus
        even[255] &= 0xFE
        #expect(RSAPublicKey(modulus: even, exponent: [3]) == nil)
        #expect(RSAPublicKey(modulus: [], exponent: [3]) == nil)
        #expect(RSAPublicKey(modulus: [0, 0, 0], exponent: [3]) == nil)
    }

    @Test(
        "the exponent must be odd, above 1 and at most 8 bytes",
        arguments: [
            ([3], true), ([1, 0, 1], true), ([0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], true),
            ([1], false), ([0], false), ([], false), ([2], false), ([1, 0, 0], false),
            ([1, 0, 0, 0, 0, 0, 0, 0, 1], false),
        ] as [([UInt8], Bool)]
    )
    func exponentRules(exponent: [UInt8], accepted: Bool) {
        #expect((RSAPublicKey(modulus: V.rsaModulus, exponent: exponent) != nil) == accepted)
    }
}

@Suite("P256PublicKey: only points on the curve")
struct P256PublicKeyTests {
    typealias V = SignatureVectors

    @Test("RFC 7515's key is a point of the curve, with its coordinates as given")
    func valid() throws {
        let key = try #require(P256PublicKey(x: V.p256X, y: V.p256Y))
        #expect(key.x == V.p256X && key.y == V.p256Y)
        #expect(key.uncompressedPoint == [0x04] + V.p256X + V.p256Y)
    }

    @Test("a point off the curve is refused: y changed by one, x and y swapped, (0, 0)")
    func offCurve() {
        #expect(P256PublicKey(x: V.p256X, y: V.flipping(V.p256Y, at: 31)) == nil)
        #expect(P256PublicKey(x: V.p256Y, y: V.p256X) == nil)
        #expect(P256PublicKey(x: [UInt8](repeating: 0, count: 32), y: [UInt8](repeating: 0, count: 32)) == nil)
    }

    @Test("coordinates that are not 32 bytes, or not below p, are refused")
    func wrongShape() {
        #expect(P256PublicKey(x: Array(V.p256X.dropFirst()), y: V.p256Y) == nil)
        #expect(P256PublicKey(x: [0] + V.p256X, y: V.p256Y) == nil)
        #expect(P256PublicKey(x: V.p256X, y: []) == nil)
        let p = SignatureVectors.hex("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")
        #expect(P256PublicKey(x: p, y: V.p256Y) == nil)
        #expect(P256PublicKey(x: V.p256X, y: p) == nil)
        // (x, y + p) is the same point modulo p, written with a coordinate that is not reduced: refused.
        #expect(P256PublicKey(x: [UInt8](repeating: 0xFF, count: 32), y: V.p256Y) == nil)
    }
}
