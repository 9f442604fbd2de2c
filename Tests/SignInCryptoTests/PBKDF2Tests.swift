import SignInCrypto
import Testing

@Suite("PBKDF2-HMAC-SHA256 against RFC 7914 §11")
struct PBKDF2Tests {
    @Test("P = \"passwd\", S = \"salt\", c = 1, dkLen = 64")
    func oneIteration() {
        let key = PBKDF2.sha256(password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1, keyLength: 64)
        #expect(
            Hex.encode(key)
                == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
    }

    @Test("P = \"Password\", S = \"NaCl\", c = 80000, dkLen = 64")
    func manyIterations() {
        let key = PBKDF2.sha256(
            password: Array("Password".utf8), salt: Array("NaCl".utf8), iterations: 80_000, keyLength: 64)
        #expect(
            Hex.encode(key)
                == "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
                + "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d")
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
