import Foundation
import SignInCrypto
import Testing

@Suite("PBKDF2-HMAC-SHA256 against RFC 7914 §11")
struct PBKDF2Tests {
    /// The implementations under test: the one the process uses (the platform's library where there is one) and
    /// the Swift one, whatever the platform.
    static let implementations: [(String, @Sendable ([UInt8], [UInt8], Int, Int) -> [UInt8])] = [
        ("current", { PBKDF2.sha256(password: $0, salt: $1, iterations: $2, keyLength: $3) }),
        ("software", { PBKDF2.software(password: $0, salt: $1, iterations: $2, keyLength: $3) }),
    ]

    @Test("P = \"passwd\", S = \"salt\", c = 1, dkLen = 64", arguments: implementations.map(\.0))
    func oneIteration(implementation: String) throws {
        let derive = try #require(Self.implementations.first { $0.0 == implementation }?.1)
        let key = derive(Array("passwd".utf8), Array("salt".utf8), 1, 64)
        #expect(
            Hex.encode(key)
                == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
    }

    @Test("P = \"Password\", S = \"NaCl\", c = 80000, dkLen = 64", arguments: implementations.map(\.0))
    func manyIterations(implementation: String) throws {
        let derive = try #require(Self.implementations.first { $0.0 == implementation }?.1)
        let key = derive(Array("Password".utf8), Array("NaCl".utf8), 80_000, 64)
        #expect(
            Hex.encode(key)
                == "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
                + "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d")
    }

    @Test("the platform's answer is the Swift one's, for passwords and salts of many lengths, empty ones too")
    func platformAgreesWithSoftware() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func bytes(_ count: Int) -> [UInt8] {
            (0..<count).map { _ in
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: seed >> 56)
            }
        }
        for (passwordLength, saltLength, keyLength) in [
            (0, 0, 1), (1, 16, 32), (63, 8, 33), (64, 1, 64), (65, 32, 65),
            (200, 100, 100),
        ] {
            let password = bytes(passwordLength)
            let salt = bytes(saltLength)
            #expect(
                PBKDF2.sha256(password: password, salt: salt, iterations: 3, keyLength: keyLength)
                    == PBKDF2.software(password: password, salt: salt, iterations: 3, keyLength: keyLength),
                "\(passwordLength), \(saltLength), \(keyLength)")
        }
    }

    @Test("on Linux with the system's OpenSSL present, it is what hashes; without it, the Swift code does")
    func implementationChosen() {
        #if canImport(Glibc)
            let present = [
                "/usr/lib/x86_64-linux-gnu/libcrypto.so.3", "/usr/lib/aarch64-linux-gnu/libcrypto.so.3",
                "/usr/lib64/libcrypto.so.3", "/usr/lib/libcrypto.so.3",
            ]
            .contains { FileManager.default.fileExists(atPath: $0) }
            #expect(present == (HashingImplementation.current != .software), "\(HashingImplementation.current)")
            if present { #expect(HashingImplementation.current.description.hasPrefix("OpenSSL (libcrypto.so")) }
        #else
            #expect(HashingImplementation.current == .apple)
        #endif
    }

    @Test("the fast loop agrees with HMAC computed the plain way, for long passwords too")
    func agreesWithHMAC() {
        for password in [Array("pw".utf8), [UInt8](repeating: 7, count: 100)] {
            let salt = Array("pepper".utf8)
            // Two iterations by hand: U1 = HMAC(P, S || 1), U2 = HMAC(P, U1), T = U1 ^ U2.
            let u1 = HMACSHA256.software(message: salt + [0, 0, 0, 1], key: password)
            let u2 = HMACSHA256.software(message: u1, key: password)
            let expected = zip(u1, u2).map { $0 ^ $1 }
            #expect(PBKDF2.sha256(password: password, salt: salt, iterations: 2, keyLength: 32) == expected)
        }
    }
}
