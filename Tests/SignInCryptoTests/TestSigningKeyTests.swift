import SignInCrypto
import Testing

@Suite("TestSigningKey: fresh keys whose signatures the verifier accepts")
struct TestSigningKeyTests {
    static let message = Array("eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0".utf8)

    @Test("an RSA key signs RS256: as long as its 2048-bit modulus, verified, refused when tampered")
    func rsa() throws {
        let key = try TestSigningKey.rsa()
        #expect(key.algorithm == .rs256 && key.algorithm.name == "RS256")
        let publicKey = try #require(key.rsaPublicKey)
        #expect(key.p256PublicKey == nil)
        #expect(publicKey.modulusBits == 2048 && publicKey.exponent == [1, 0, 1])
        let signature = key.sign(Self.message)
        #expect(signature.count == 256)
        #expect(
            try SignatureVerifier.verifyRSASSAPKCS1v15SHA256(
                signature: signature, message: Self.message, key: publicKey))
        #expect(
            try !SignatureVerifier.verifyRSASSAPKCS1v15SHA256(
                signature: signature, message: Self.message + [0], key: publicKey))
        // PKCS#1 v1.5 is deterministic: the same message, the same signature.
        #expect(key.sign(Self.message) == signature)
    }

    @Test("a P-256 key signs ES256 as r || s: verified, refused when tampered, randomised")
    func p256() throws {
        let key = try TestSigningKey.p256()
        #expect(key.algorithm == .es256 && key.algorithm.name == "ES256")
        let publicKey = try #require(key.p256PublicKey)
        #expect(key.rsaPublicKey == nil)
        let signature = key.sign(Self.message)
        #expect(signature.count == 64)
        #expect(
            try SignatureVerifier.verifyECDSAP256SHA256(signature: signature, message: Self.message, key: publicKey))
        #expect(
            try !SignatureVerifier.verifyECDSAP256SHA256(
                signature: signature, message: Self.message + [0], key: publicKey))
        let again = key.sign(Self.message)
        #expect(again != signature)
        #expect(try SignatureVerifier.verifyECDSAP256SHA256(signature: again, message: Self.message, key: publicKey))
    }

    @Test("two keys are different, and one's signature does not verify under the other")
    func distinct() throws {
        let first = try TestSigningKey.p256()
        let second = try TestSigningKey.p256()
        #expect(first.p256PublicKey != second.p256PublicKey)
        let signature = first.sign(Self.message)
        #expect(
            try !SignatureVerifier.verifyECDSAP256SHA256(
                signature: signature, message: Self.message, key: try #require(second.p256PublicKey)))
    }

    @Test("many threads sign and verify at once with the same keys and always get the same verdicts")
    func concurrent() async throws {
        let rsa = try TestSigningKey.rsa()
        let p256 = try TestSigningKey.p256()
        let rsaKey = try #require(rsa.rsaPublicKey)
        let p256Key = try #require(p256.p256PublicKey)
        let verdicts = try await withThrowingTaskGroup(of: [Bool].self) { group in
            for index in 0..<16 {
                group.addTask {
                    let message = Array("message \(index)".utf8)
                    let rsaSignature = rsa.sign(message)
                    let p256Signature = p256.sign(message)
                    return [
                        try SignatureVerifier.verifyRSASSAPKCS1v15SHA256(
                            signature: rsaSignature, message: message, key: rsaKey),
                        try SignatureVerifier.verifyECDSAP256SHA256(
                            signature: p256Signature, message: message, key: p256Key),
                        try !SignatureVerifier.verifyRSASSAPKCS1v15SHA256(
                            signature: rsaSignature, message: message + [1], key: rsaKey),
                        try !SignatureVerifier.verifyECDSAP256SHA256(
                            signature: p256Signature, message: message + [1], key: p256Key),
                    ]
                }
            }
            var all: [Bool] = []
            for try await verdict in group { all += verdict }
            return all
        }
        #expect(verdicts.count == 64)
        #expect(verdicts.allSatisfy { $0 })
    }
}
