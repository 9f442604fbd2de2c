import SignInCrypto
import Testing

/// The primitives behind the password hashes an import may bring, each against its standard's published vectors.
@Suite("MD5, SHA-512, HMAC, PBKDF2, scrypt, AES-256 and bcrypt against their published vectors")
struct ImportedHashPrimitivesTests {
    @Test(
        "MD5 matches RFC 1321's examples",
        arguments: [
            ("", "d41d8cd98f00b204e9800998ecf8427e"), ("a", "0cc175b9c0f1b6a831c399e269772661"),
            ("abc", "900150983cd24fb0d6963f7d28e17f72"), ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
            ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
            (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
        ])
    func md5(message: String, digest: String) {
        #expect(Hex.encode(MD5.hash(Array(message.utf8))) == digest)
    }

    @Test(
        "SHA-512 matches FIPS 180-4's examples, across the block and padding boundaries",
        arguments: [
            (
                "abc",
                "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
            ),
            (
                "",
                "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"
            ),
        ])
    func sha512(message: String, digest: String) {
        #expect(Hex.encode(SHA512.hash(Array(message.utf8))) == digest)
    }

    @Test("HMAC over each digest matches RFC 2202 and RFC 4231, a key longer than the block included")
    func hmac() {
        let longKeyMessage = Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)
        #expect(
            Hex.encode(
                DigestAlgorithm.md5.authenticationCode(
                    for: Array("Hi There".utf8), key: .init(repeating: 0x0b, count: 16)))
                == "9294727a3638bb1c13f48ef8158bfc9d")
        #expect(
            Hex.encode(
                DigestAlgorithm.md5.authenticationCode(for: longKeyMessage, key: .init(repeating: 0xaa, count: 80)))
                == "6b1ab7fe4bd7bf8f0b62e6ce61b9d0cd")
        #expect(
            Hex.encode(
                DigestAlgorithm.sha1.authenticationCode(for: longKeyMessage, key: .init(repeating: 0xaa, count: 80)))
                == "aa4ae5e15272d00e95705637ce8a3b55ed402112")
        #expect(
            Hex.encode(
                DigestAlgorithm.sha512.authenticationCode(
                    for: Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8)))
                == "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"
        )
        #expect(
            Hex.encode(
                DigestAlgorithm.sha512.authenticationCode(for: longKeyMessage, key: .init(repeating: 0xaa, count: 131)))
                == "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598"
        )
        // The generic HMAC agrees with the dedicated SHA-256 one.
        let key = Array("key".utf8)
        let message = Array("The quick brown fox jumps over the lazy dog".utf8)
        #expect(
            DigestAlgorithm.sha256.authenticationCode(for: message, key: key)
                == HMACSHA256.software(message: message, key: key))
    }

    @Test("PBKDF2-HMAC-SHA1 matches RFC 6070, a key longer than one block included")
    func pbkdf2SHA1() {
        let password = Array("password".utf8)
        let salt = Array("salt".utf8)
        #expect(
            Hex.encode(DigestAlgorithm.sha1.pbkdf2(password: password, salt: salt, iterations: 1, keyLength: 20))
                == "0c60c80f961f0e71f3a9b524af6012062fe037a6")
        #expect(
            Hex.encode(DigestAlgorithm.sha1.pbkdf2(password: password, salt: salt, iterations: 2, keyLength: 20))
                == "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957")
        #expect(
            Hex.encode(DigestAlgorithm.sha1.pbkdf2(password: password, salt: salt, iterations: 4096, keyLength: 20))
                == "4b007901b765489abead49d926f721d065a429c1")
        #expect(
            Hex.encode(
                DigestAlgorithm.sha1.pbkdf2(
                    password: Array("passwordPASSWORDpassword".utf8),
                    salt: Array("saltSALTsaltSALTsaltSALTsaltSALTsalt".utf8), iterations: 4096, keyLength: 25))
                == "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038")
    }

    @Test("scrypt matches RFC 7914 §12")
    func scrypt() {
        #expect(
            Hex.encode(Scrypt.derive(password: [], salt: [], cost: 16, blockSize: 1, parallelization: 1, keyLength: 64))
                == "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906"
        )
        #expect(
            Hex.encode(
                Scrypt.derive(
                    password: Array("password".utf8), salt: Array("NaCl".utf8), cost: 1024, blockSize: 8,
                    parallelization: 16, keyLength: 64))
                == "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640"
        )
    }

    @Test("AES-256 matches FIPS 197 C.3, and CTR mode SP 800-38A F.5.5 and a counter that wraps")
    func aes() throws {
        let key = try #require(Hex.decode("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"))
        let plain = try #require(
            Hex.decode(
                "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710"
            ))
        let counter = try #require(Hex.decode("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"))
        #expect(
            Hex.encode(AES256.ctr(plain, key: key, counter: counter))
                == "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c52b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6"
        )
        #expect(
            Hex.encode(AES256.ctr(Array(plain.prefix(32)), key: key, counter: .init(repeating: 0xff, count: 16)))
                == "50fd97c3e61abb4873fb78df1e8e77e64b457cd68accda4a89fa236c06bf2605")
        // FIPS 197 C.3: one block is CTR's key stream for that block as counter, xor-ed with zeros.
        let fipsKey = (0..<32).map { UInt8($0) }
        let block = try #require(Hex.decode("00112233445566778899aabbccddeeff"))
        #expect(
            Hex.encode(AES256.ctr(.init(repeating: 0, count: 16), key: fipsKey, counter: block))
                == "8ea2b7ca516745bfeafc49904b496089")
    }

    @Test(
        "bcrypt matches the OpenBSD and jBCrypt vectors, and the 72-byte limit of $2b$",
        arguments: [
            ("", "$2a$06$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s."),
            ("a", "$2a$06$m0CrhHm10qJ3lXRY.5zDGO3rS2KdeeWLuGmsfGlMfOxih58VYVfxe"),
            ("abc", "$2a$06$If6bvum7DFjUnE9p2uDeDu0YHzrHM6tf.iqN8.yx.jNN1ILEf7h0i"),
            ("abcdefghijklmnopqrstuvwxyz", "$2a$06$.rCVZVOThsIa97pEDOxvGuRRgzG64bvtJ0938xuqzv18d3ZpQhstC"),
            ("~!@#$%^&*()      ~!@#$%^&*()PNBFRD", "$2a$06$fPIsBO8qRqkjj273rfaOI.HtSV9jLDpTbZn782DC6/t7qT67P6FfO"),
            ("U*U", "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW"),
            (
                String(String(repeating: "0123456789", count: 8).prefix(71)),
                "$2b$04$abcdefghijklmnopqrstuukow.iL/GuIgNNTSpCKVqIJG617.YQsi"
            ),
            (String(repeating: "0123456789", count: 8), "$2b$04$abcdefghijklmnopqrstuum2G75IXDN/xsgbNa/hCiPSKyIHQd70S"),
        ])
    func bcrypt(password: String, hash: String) throws {
        let parsed = try #require(Bcrypt.Hash(hash))
        #expect(Bcrypt.verify(Array(password.utf8), against: parsed))
        // One more character changes the hash, except past the 72 bytes bcrypt reads.
        #expect(Bcrypt.verify(Array((password + "x").utf8), against: parsed) == (password.utf8.count >= 72))
    }

    @Test(
        "a string that is not bcrypt is refused when parsed",
        arguments: [
            "", "$2x$06$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s.",
            "$2a$03$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s.",
            "$2a$32$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s.",
            "$2a$06$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s",
            "$2a$06$DCq7YPn5Rq63x1Lad4cll*TV4S6ytwfsfvkgY8jIucDrjc8deX1s.",
            "$2a$6$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s.x",
        ])
    func notBcrypt(text: String) {
        #expect(Bcrypt.Hash(text) == nil)
    }
}
