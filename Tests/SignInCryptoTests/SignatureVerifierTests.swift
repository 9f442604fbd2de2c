import SignInCrypto
import Testing

@Suite("RS256 signatures: RSASSA-PKCS1-v1_5 with SHA-256 against fixed vectors")
struct RSASignatureVerifierTests {
    typealias V = SignatureVectors

    func verify(_ signature: [UInt8], _ message: [UInt8] = V.rsaMessage, key: RSAPublicKey? = V.rsaKey) throws
        -> Bool
    {
        try SignatureVerifier.verifyRSASSAPKCS1v15SHA256(
            signature: signature, message: message, key: try #require(key))
    }

    @Test("RFC 7515's key verifies the signature cryptography made of the message")
    func valid() throws {
        #expect(try verify(V.rsaSignature))
    }

    @Test("a changed message, a flipped bit of the signature or another key does not verify")
    func tampered() throws {
        #expect(try !verify(V.rsaSignature, Array("RS256 test messagf".utf8)))
        #expect(try !verify(V.rsaSignature, []))
        #expect(try !verify(V.flipping(V.rsaSignature, at: 0)))
        #expect(try !verify(V.flipping(V.rsaSignature, at: 255, bit: 7)))
        let otherModulus = V.flipping(V.rsaModulus, at: 10)
        #expect(try !verify(V.rsaSignature, key: RSAPublicKey(modulus: otherModulus, exponent: V.rsaExponent)))
        #expect(try !verify(V.rsaSignature, key: RSAPublicKey(modulus: V.rsaModulus, exponent: [3])))
    }

    @Test("a signature that begins with a zero byte verifies at the modulus's length, and not without that byte")
    func leadingZero() throws {
        #expect(V.leadingZeroSignature.first == 0 && V.leadingZeroSignature.count == 256)
        #expect(try verify(V.leadingZeroSignature, V.leadingZeroMessage))
        #expect(try !verify(Array(V.leadingZeroSignature.dropFirst()), V.leadingZeroMessage))
    }

    @Test(
        "a signature of any other length is refused, not trapped on",
        arguments: [0, 1, 128, 255, 257, 512]
    )
    func wrongLength(count: Int) throws {
        // The valid signature cut short or extended with zero bytes in front (the same number, another length).
        let signature =
            count <= 256
            ? Array(V.rsaSignature.suffix(count)) : [UInt8](repeating: 0, count: count - 256) + V.rsaSignature
        #expect(try !verify(signature))
    }

    @Test("the signature values 0, 1, n - 1, n and all ones are refused")
    func edgeValues() throws {
        let one = [UInt8](repeating: 0, count: 255) + [1]
        var nMinusOne = V.rsaModulus
        nMinusOne[255] -= 1
        for signature in [
            [UInt8](repeating: 0, count: 256), one, nMinusOne, V.rsaModulus, [UInt8](repeating: 0xFF, count: 256),
        ] {
            #expect(try !verify(signature))
        }
    }
}

@Suite("ES256 signatures: ECDSA P-256 with SHA-256 against fixed vectors")
struct P256SignatureVerifierTests {
    typealias V = SignatureVectors

    func verify(_ signature: [UInt8], _ message: [UInt8] = V.ecMessage, key: P256PublicKey? = V.p256Key) throws
        -> Bool
    {
        try SignatureVerifier.verifyECDSAP256SHA256(signature: signature, message: message, key: try #require(key))
    }

    func verify(der: [UInt8], _ message: [UInt8] = V.ecMessage, key: P256PublicKey? = V.p256Key) throws -> Bool {
        try SignatureVerifier.verifyECDSAP256SHA256(derSignature: der, message: message, key: try #require(key))
    }

    @Test("RFC 7515's key verifies the signature, as r || s and as DER")
    func valid() throws {
        #expect(try verify(V.ecR + V.ecS))
        #expect(try verify(der: V.ecDER))
    }

    @Test("both s and n - s verify: ECDSA accepts a high s, as the algorithm defines")
    func highAndLowS() throws {
        // ecS is the high one of the pair.
        #expect(V.ecS.lexicographicallyPrecedes(V.ecLowS) == false)
        #expect(try verify(V.ecR + V.ecLowS))
        #expect(try verify(der: [0x30, 0x45, 0x02, 0x21, 0x00] + V.ecR + [0x02, 0x20] + V.ecLowS))
    }

    @Test("a changed message, a flipped bit of r or s, or another key does not verify")
    func tampered() throws {
        #expect(try !verify(V.ecR + V.ecS, Array("ES256 test messagf".utf8)))
        #expect(try !verify(V.ecR + V.ecS, []))
        #expect(try !verify(V.flipping(V.ecR + V.ecS, at: 31)))
        #expect(try !verify(V.flipping(V.ecR + V.ecS, at: 63)))
        #expect(try !verify(V.ecR + V.ecS, key: V.otherP256Key))
        #expect(try !verify(V.ecS + V.ecR))
    }

    @Test("r || s of any length but 64 is refused", arguments: [0, 1, 32, 63, 65, 66, 128])
    func wrongLength(count: Int) throws {
        let valid = V.ecR + V.ecS
        let signature = count <= 64 ? Array(valid.prefix(count)) : valid + [UInt8](repeating: 0, count: count - 64)
        #expect(try !verify(signature))
        #expect(try !verify([UInt8](repeating: 0, count: count - min(count, 64)) + Array(valid.prefix(count))))
    }

    @Test("r or s zero, equal to n or above it is refused")
    func outOfRange() throws {
        let zero = [UInt8](repeating: 0, count: 32)
        let ones = [UInt8](repeating: 0xFF, count: 32)
        for signature in [
            zero + V.ecS, V.ecR + zero, zero + zero, V.order + V.ecS, V.ecR + V.order, ones + V.ecS,
            V.ecR + ones,
        ] {
            #expect(try !verify(signature))
        }
        // In DER too: r = 0 with s = 1, and r = 1 with s = 0.
        #expect(try !verify(der: [0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x01]))
        #expect(try !verify(der: [0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x00]))
    }

    @Test("DER that is only BER is refused: the same r and s verify only in their one strict encoding")
    func strictDER() throws {
        let r = [0x02, 0x21, 0x00] + V.ecR
        let s = [0x02, 0x21, 0x00] + V.ecS
        #expect(try verify(der: [0x30, 0x46] + r + s))
        // A long-form length that the short form can say.
        #expect(try !verify(der: [0x30, 0x81, 0x46] + r + s))
        // An integer with a redundant zero byte.
        #expect(try !verify(der: [0x30, 0x47, 0x02, 0x22, 0x00, 0x00] + V.ecR + s))
        // r without the zero byte it needs reads as negative.
        #expect(try !verify(der: [0x30, 0x45, 0x02, 0x20] + V.ecR + s))
        // A byte after the sequence, a byte missing, a wrong tag.
        #expect(try !verify(der: [0x30, 0x46] + r + s + [0x00]))
        #expect(try !verify(der: Array(([0x30, 0x46] + r + s).dropLast())))
        #expect(try !verify(der: [0x31, 0x46] + r + s))
        #expect(try !verify(der: [0x30, 0x46] + [0x03] + r.dropFirst() + s))
        // The sequence's length one too long or too short.
        #expect(try !verify(der: [0x30, 0x47] + r + s))
        #expect(try !verify(der: [0x30, 0x45] + r + s))
        // A third integer, an empty sequence, nothing.
        #expect(try !verify(der: [0x30, 0x49] + r + s + [0x02, 0x01, 0x01]))
        #expect(try !verify(der: [0x30, 0x00]))
        #expect(try !verify(der: []))
        // r of 33 significant bytes.
        #expect(try !verify(der: [0x30, 0x47, 0x02, 0x22, 0x00, 0x01] + V.ecR + s))
    }
}
