import SignInCrypto
import Testing

@Suite("SHA-1 and HMAC-SHA1")
struct SHA1Tests {
    @Test("gives FIPS 180-4's digests, across the padding boundaries")
    func digests() {
        #expect(Hex.encode(SHA1.hash(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(Hex.encode(SHA1.hash([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(
            Hex.encode(SHA1.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(
            Hex.encode(SHA1.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)))
                == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test("gives RFC 2202's HMAC-SHA1 answers, a key longer than a block included")
    func hmac() {
        #expect(
            Hex.encode(
                HMACSHA1.authenticationCode(for: Array("Hi There".utf8), key: [UInt8](repeating: 0x0b, count: 20)))
                == "b617318655057264e28bc0b6fb378c8ef146be00")
        #expect(
            Hex.encode(
                HMACSHA1.authenticationCode(for: Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8)))
                == "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
        #expect(
            Hex.encode(
                HMACSHA1.authenticationCode(
                    for: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                    key: [UInt8](repeating: 0xaa, count: 80)))
                == "aa4ae5e15272d00e95705637ce8a3b55ed402112")
    }
}

@Suite("Base32")
struct Base32Tests {
    @Test("encodes RFC 4648's test vectors, without padding")
    func vectors() {
        let pairs = [
            ("", ""), ("f", "MY"), ("fo", "MZXQ"), ("foo", "MZXW6"), ("foob", "MZXW6YQ"), ("fooba", "MZXW6YTB"),
            ("foobar", "MZXW6YTBOI"),
        ]
        for (plain, encoded) in pairs {
            #expect(Base32.encode(Array(plain.utf8)) == encoded)
            #expect(Base32.decode(encoded) == Array(plain.utf8))
        }
        #expect(Base32.decode("MZXW6YQ=") == Array("foob".utf8))
        #expect(Base32.decode("MZXW6YTBOI======") == Array("foobar".utf8))
    }

    @Test("decodes what a person types: lower case, spaces and hyphens between groups")
    func typed() {
        #expect(Base32.decode("mzxw 6ytb-oi") == Array("foobar".utf8))
    }

    @Test("decodes what it encodes, for every length up to 40", arguments: 0...40)
    func roundTrips(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 53 &+ 7) }
        #expect(Base32.decode(Base32.encode(bytes)) == bytes)
    }

    @Test(
        "refuses other characters, impossible lengths, stray bits and misplaced padding",
        arguments: ["MZXW1", "MZXW8", "M", "MZX", "MZXW6Y", "MZ=XW", "MZXW6YR", "MZ======X", "MZXW6===="])
    func refuses(input: String) {
        #expect(Base32.decode(input) == nil)
    }
}

@Suite("One-time codes")
struct OneTimeCodeTests {
    static let rfcSecret = Array("12345678901234567890".utf8)

    @Test("HOTP gives RFC 4226 Appendix D's codes for counters 0 to 9")
    func hotp() {
        let expected = [
            "755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489",
        ]
        for (counter, code) in expected.enumerated() {
            #expect(OneTimeCodeGenerator.standard.code(secret: Self.rfcSecret, counter: UInt64(counter)) == code)
        }
    }

    @Test(
        "TOTP gives RFC 6238 Appendix B's 8-digit codes with SHA-1 and SHA-256",
        arguments: [
            (59, "94287082", "46119246"), (1_111_111_109, "07081804", "68084774"),
            (1_111_111_111, "14050471", "67062674"), (1_234_567_890, "89005924", "91819424"),
            (2_000_000_000, "69279037", "90698825"), (20_000_000_000, "65353130", "77737706"),
        ] as [(Int64, String, String)])
    func totp(time: Int64, sha1: String, sha256: String) throws {
        let one = try #require(OneTimeCodeGenerator(algorithm: .sha1, digits: 8, period: 30))
        let two = try #require(OneTimeCodeGenerator(algorithm: .sha256, digits: 8, period: 30))
        #expect(one.code(secret: Self.rfcSecret, at: time) == sha1)
        #expect(two.code(secret: Array("12345678901234567890123456789012".utf8), at: time) == sha256)
    }

    @Test("a code keeps its leading zeros, and the step changes on the period's boundary")
    func boundaries() {
        let generator = OneTimeCodeGenerator.standard
        #expect(generator.counter(at: 29) == 0)
        #expect(generator.counter(at: 30) == 1)
        #expect(generator.counter(at: -5) == 0)
        // RFC 6238's 1111111109 code is "07081804" in 8 digits: its 6-digit form keeps the zero of "081804".
        #expect(generator.code(secret: Self.rfcSecret, at: 1_111_111_109) == "081804")
    }

    @Test("refuses fewer than 6 or more than 8 digits, and periods outside 1 s to 1 hour")
    func refusesSettings() {
        #expect(OneTimeCodeGenerator(algorithm: .sha1, digits: 5, period: 30) == nil)
        #expect(OneTimeCodeGenerator(algorithm: .sha1, digits: 9, period: 30) == nil)
        #expect(OneTimeCodeGenerator(algorithm: .sha1, digits: 6, period: 0) == nil)
        #expect(OneTimeCodeGenerator(algorithm: .sha1, digits: 6, period: 3_601) == nil)
        #expect(OneTimeCodeGenerator(algorithm: .sha1, digits: 6, period: 30) == .standard)
    }
}

@Suite("Secret sealing")
struct SecretSealingTests {
    let key = [UInt8](repeating: 7, count: 32)

    struct Counting: RandomByteSource {
        let fill: UInt8
        func bytes(count: Int) -> [UInt8] { [UInt8](repeating: fill, count: count) }
    }

    @Test("opens what it sealed, for every length up to 70, and only with its key and context")
    func roundTrip() {
        for length in 0...70 {
            let secret = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 3) }
            let sealed = SecretSealing.seal(secret, key: key, context: "uid-1|factor-1", random: Counting(fill: 1))
            #expect(SecretSealing.open(sealed, key: key, context: "uid-1|factor-1") == secret)
            #expect(SecretSealing.open(sealed, key: key, context: "uid-2|factor-1") == nil, "another account")
            #expect(SecretSealing.open(sealed, key: [UInt8](repeating: 8, count: 32), context: "uid-1|factor-1") == nil)
        }
    }

    @Test("hides the secret, differs with each nonce, and refuses any changed byte")
    func tampering() throws {
        let secret = Array("JBSWY3DPEHPK3PXP-a-secret".utf8)
        let sealed = SecretSealing.seal(secret, key: key, context: "c", random: Counting(fill: 1))
        let other = SecretSealing.seal(secret, key: key, context: "c", random: Counting(fill: 2))
        #expect(sealed != other)
        let bytes = try #require(Base64URL.decode(String(sealed.dropFirst(3))))
        #expect(!bytes.indices.dropLast(secret.count - 1).contains { Array(bytes[$0..<($0 + secret.count)]) == secret })
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 0x01
            #expect(SecretSealing.open("v1." + Base64URL.encode(changed), key: key, context: "c") == nil)
        }
        #expect(SecretSealing.open("v2." + sealed.dropFirst(3), key: key, context: "c") == nil)
        #expect(SecretSealing.open("v1.AAAA", key: key, context: "c") == nil)
    }
}
