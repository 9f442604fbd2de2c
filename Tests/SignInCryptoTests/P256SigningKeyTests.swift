import Testing

@testable import SignInCrypto

@Suite("P256SigningKey: a passkey's private key that signs ES256, exported and imported as its scalar")
struct P256SigningKeyTests {
    static func hex(_ text: String) -> [UInt8] { Hex.decode(text) ?? [] }

    static let message = Array("authenticator data || client data hash".utf8)

    // RFC 6979 appendix A.2.5: the P-256 key x and its public point U = xG, and the signature with SHA-256 of
    // "sample" (deterministic there; this key's signatures are randomised, so only the published one is checked).
    static let rfc6979Scalar = hex("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721")
    static let rfc6979X = hex("60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6")
    static let rfc6979Y = hex("7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299")
    static let rfc6979SampleSignature = hex(
        "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
            + "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8")

    // The generator G of P-256 (SEC 2 §2.4.2), and the group order n.
    static let generatorX = hex("6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296")
    static let generatorY = hex("4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5")
    static let order = SignatureVectors.order

    static func scalar(_ last: UInt8) -> [UInt8] { [UInt8](repeating: 0, count: 31) + [last] }

    func verifies(_ der: [UInt8], _ message: [UInt8] = Self.message, key: P256PublicKey) throws -> Bool {
        try SignatureVerifier.verifyECDSAP256SHA256(derSignature: der, message: message, key: key)
    }

    @Test("RFC 6979's private key gives its published public point, which verifies the published signature")
    func knownAnswer() throws {
        let key = try P256SigningKey(rawRepresentation: Self.rfc6979Scalar)
        #expect(key.publicKey.x == Self.rfc6979X)
        #expect(key.publicKey.y == Self.rfc6979Y)
        #expect(try key.rawRepresentation == Self.rfc6979Scalar)
        #expect(
            try SignatureVerifier.verifyECDSAP256SHA256(
                signature: Self.rfc6979SampleSignature, message: Array("sample".utf8), key: key.publicKey))
        let published = try #require(P256PublicKey(x: Self.rfc6979X, y: Self.rfc6979Y))
        #expect(try verifies(try key.signature(for: Self.message), key: published))
    }

    @Test("the smallest and largest private keys, 1 and n-1, give G and -G, and export with their leading zeros")
    func boundaries() throws {
        let one = try P256SigningKey(rawRepresentation: Self.scalar(1))
        #expect(one.publicKey.x == Self.generatorX && one.publicKey.y == Self.generatorY)
        #expect(try one.rawRepresentation == Self.scalar(1))

        var largest = Self.order
        largest[31] -= 1
        let minusOne = try P256SigningKey(rawRepresentation: largest)
        #expect(minusOne.publicKey.x == Self.generatorX)
        #expect(minusOne.publicKey.y == Self.hex("b01cbd1c01e58065711814b583f061e9d431cca994cea1313449bf97c840ae0a"))
        #expect(try minusOne.rawRepresentation == largest)
        #expect(try verifies(try minusOne.signature(for: Self.message), key: minusOne.publicKey))
    }

    @Test(
        "a scalar that is not a P-256 private key is refused before the library sees it",
        arguments: [
            ("zero", [UInt8](repeating: 0, count: 32)),
            ("n", P256SigningKeyTests.order),
            ("n + 1", Array(P256SigningKeyTests.order.dropLast()) + [0x52]),
            ("2^256 - 1", [UInt8](repeating: 0xff, count: 32)),
            ("31 bytes", Array(P256SigningKeyTests.rfc6979Scalar.dropFirst())),
            ("33 bytes, a valid key after a zero byte", [0] + P256SigningKeyTests.rfc6979Scalar),
            ("33 bytes, a valid key and one more", P256SigningKeyTests.rfc6979Scalar + [0]),
            ("1 byte", [1]),
            ("empty", []),
        ] as [(String, [UInt8])])
    func invalidScalar(_ name: String, _ scalar: [UInt8]) {
        #expect(throws: P256SigningKeyError.invalidPrivateKey, "\(name)") {
            try P256SigningKey(rawRepresentation: scalar)
        }
    }

    @Test("a DER signature verifies; a changed message, a flipped bit of it or another key does not")
    func signAndVerify() throws {
        let key = try P256SigningKey.generate()
        let signature = try key.signature(for: Self.message)
        #expect(try verifies(signature, key: key.publicKey))
        #expect(try !verifies(signature, Self.message + [0], key: key.publicKey))
        #expect(try !verifies(signature, Array(Self.message.dropLast()), key: key.publicKey))
        #expect(try !verifies(signature, [], key: key.publicKey))
        #expect(try !verifies(SignatureVectors.flipping(signature, at: signature.count - 1), key: key.publicKey))
        #expect(try !verifies(SignatureVectors.flipping(signature, at: 10, bit: 3), key: key.publicKey))
        let other = try P256SigningKey.generate()
        #expect(try !verifies(signature, key: other.publicKey))

        let empty = try key.signature(for: [])
        #expect(try verifies(empty, [], key: key.publicKey))
        #expect(try !verifies(empty, [0], key: key.publicKey))
    }

    @Test("signatures are strict DER of r and s in [1, n-1], randomised, and r || s is the same pair")
    func encodings() throws {
        let key = try P256SigningKey.generate()
        let der = try key.signature(for: Self.message)
        let (r, s) = try #require(DER.twoUnsignedIntegers(der))
        let raw = try #require(ECDSAP256.rawSignature(fromDER: der))
        #expect(ECDSAP256.leftPadded(r) + ECDSAP256.leftPadded(s) == raw)
        #expect(ECDSAP256.isValidScalar(Array(raw.prefix(32))) && ECDSAP256.isValidScalar(Array(raw.suffix(32))))
        // DER has one encoding of a pair: re-encoding what was read gives the same bytes.
        #expect(ECDSAP256.derSignature(fromRaw: raw) == der)
        #expect(der.count <= 72)

        let again = try key.signature(for: Self.message)
        #expect(again != der)
        #expect(try verifies(again, key: key.publicKey))

        let rawSignature = try key.rawSignature(for: Self.message)
        #expect(rawSignature.count == 64)
        #expect(
            try SignatureVerifier.verifyECDSAP256SHA256(
                signature: rawSignature, message: Self.message, key: key.publicKey))
        #expect(
            try !SignatureVerifier.verifyECDSAP256SHA256(
                signature: rawSignature, message: Self.message + [1], key: key.publicKey))
    }

    @Test("an exported key imports as the same key: the same public key, and each one's signatures verify")
    func exportAndImport() throws {
        let key = try P256SigningKey.generate()
        let scalar = try key.rawRepresentation
        #expect(scalar.count == 32 && ECDSAP256.isValidScalar(scalar))
        let imported = try P256SigningKey(rawRepresentation: scalar)
        #expect(imported.publicKey == key.publicKey)
        #expect(try imported.rawRepresentation == scalar)
        #expect(try verifies(try imported.signature(for: Self.message), key: key.publicKey))
        #expect(try verifies(try key.signature(for: Self.message), key: imported.publicKey))

        // A key one bit away is another key.
        let neighbour = try P256SigningKey(rawRepresentation: SignatureVectors.flipping(scalar, at: 31, bit: 1))
        #expect(neighbour.publicKey != key.publicKey)
        #expect(try !verifies(try neighbour.signature(for: Self.message), key: key.publicKey))
    }

    @Test("two generated keys differ, and one's signature does not verify under the other")
    func distinct() throws {
        let first = try P256SigningKey.generate()
        let second = try P256SigningKey.generate()
        #expect(first.publicKey != second.publicKey)
        #expect(try first.rawRepresentation != second.rawRepresentation)
        #expect(try !verifies(try first.signature(for: Self.message), key: second.publicKey))
        #expect(try !verifies(try second.signature(for: Self.message), key: first.publicKey))
    }

    @Test("many threads sign with one key, export it and import it at once, and every signature verifies")
    func concurrent() async throws {
        let key = try P256SigningKey.generate()
        let verdicts = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let message = Array("message \(index)".utf8)
                    let copy = try P256SigningKey(rawRepresentation: try key.rawRepresentation)
                    let signature = try (index.isMultiple(of: 2) ? key : copy).signature(for: message)
                    return try SignatureVerifier.verifyECDSAP256SHA256(
                        derSignature: signature, message: message, key: key.publicKey)
                        && copy.publicKey == key.publicKey
                }
            }
            var all: [Bool] = []
            for try await verdict in group { all.append(verdict) }
            return all
        }
        #expect(verdicts.count == 16 && verdicts.allSatisfy { $0 })
    }
}
