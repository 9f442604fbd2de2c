import Testing

@testable import SignInCrypto

@Suite("RSASigningKey: the key that signs RS256 ID tokens, kept as its PKCS#1 encoding")
struct RSASigningKeyTests {
    @Test("a new key signs RS256 that the verifier accepts; its PKCS#1 encoding gives the same key back")
    func roundTrip() throws {
        let key = try RSASigningKey.generate()
        #expect(key.publicKey.modulusBits == RSASigningKey.modulusBits && key.publicKey.exponent == [1, 0, 1])
        let message = Array("header.payload".utf8)
        let signature = try key.signature(for: message)
        #expect(signature.count == key.publicKey.modulus.count)
        #expect(
            try SignatureVerifier.verifyRSASSAPKCS1v15SHA256(signature: signature, message: message, key: key.publicKey)
        )
        #expect(
            try !SignatureVerifier.verifyRSASSAPKCS1v15SHA256(
                signature: signature, message: Array("header.other".utf8), key: key.publicKey))

        let restored = try RSASigningKey(pkcs1: try key.pkcs1)
        #expect(restored.publicKey == key.publicKey)
        #expect(
            try SignatureVerifier.verifyRSASSAPKCS1v15SHA256(
                signature: try restored.signature(for: message), message: message, key: key.publicKey))
        #expect(try RSASigningKey.generate().publicKey != key.publicKey, "each key is new")
    }

    @Test("bytes that are not a whole RSA private key are refused")
    func refused() throws {
        let der = try RSASigningKey.generate().pkcs1
        for bad in [[], [0x30, 0x00], Array(der.dropLast()), der + [0x00], Array(repeating: 0x41, count: 64)] {
            #expect(throws: RSASigningKeyError.invalidPrivateKey) { _ = try RSASigningKey(pkcs1: bad) }
        }
    }
}
