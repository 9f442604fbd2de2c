import SignInCrypto
import SignInJOSE
import Testing

@Suite("JWS RS256 and ES256: RFC 7515's examples A.2 and A.3, and tokens signed by fresh keys")
struct JWSPublicKeyTests {
    typealias F = JWKFixtures
    static let payload =
        "eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
    /// RFC 7515 A.2.1's RS256 JWS.
    static let rs256Example =
        "eyJhbGciOiJSUzI1NiJ9." + payload
        + ".cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUA"
        + "r7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--"
        + "xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_I"
        + "oypGlUPQGe77Rw"
    /// RFC 7515 A.3.1's ES256 JWS.
    static let es256Example =
        "eyJhbGciOiJFUzI1NiJ9." + payload
        + ".DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q"

    static func keys() throws -> (rsa: JSONWebKey, ec: JSONWebKey) {
        let set = try #require(JSONWebKeySet(json: F.document([F.rsa(), F.ec()])))
        return (set.keys[0], set.keys[1])
    }

    /// A compact JWS of `header` and `payload` signed by `key`.
    static func token(header: String, payload: String = #"{"sub":"1"}"#, key: TestSigningKey) -> String {
        let input = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(payload.utf8))
        return input + "." + Base64URL.encode(key.sign(Array(input.utf8)))
    }

    @Test("the RFC's RS256 and ES256 examples verify with its keys read from a JWKS")
    func rfcExamples() throws {
        let (rsa, ec) = try Self.keys()
        #expect(try JWS.verify(try #require(JWS.parse(Self.rs256Example)), alg: "RS256", key: rsa))
        #expect(try JWS.verify(try #require(JWS.parse(Self.es256Example)), alg: "ES256", key: ec))
    }

    @Test("a changed payload or a changed signature does not verify")
    func tampered() throws {
        let (rsa, ec) = try Self.keys()
        for (example, alg, key) in [(Self.rs256Example, "RS256", rsa), (Self.es256Example, "ES256", ec)] {
            var pieces = example.split(separator: ".").map(String.init)
            pieces[1] = Base64URL.encode(Array(#"{"iss":"eve"}"#.utf8))
            #expect(try !JWS.verify(try #require(JWS.parse(pieces.joined(separator: "."))), alg: alg, key: key))
            var signature = try #require(Base64URL.decode(example.split(separator: ".")[2]))
            signature[signature.count / 2] ^= 0x10
            pieces = example.split(separator: ".").map(String.init)
            pieces[2] = Base64URL.encode(signature)
            #expect(try !JWS.verify(try #require(JWS.parse(pieces.joined(separator: "."))), alg: alg, key: key))
        }
    }

    @Test("an algorithm that does not match the key is false: RS256 with an EC key, ES256 with RSA, HS256, none")
    func mismatches() throws {
        let (rsa, ec) = try Self.keys()
        let rs256 = try #require(JWS.parse(Self.rs256Example))
        let es256 = try #require(JWS.parse(Self.es256Example))
        #expect(try !JWS.verify(rs256, alg: "RS256", key: ec))
        #expect(try !JWS.verify(es256, alg: "ES256", key: rsa))
        #expect(try !JWS.verify(es256, alg: "RS256", key: rsa))
        for alg in ["HS256", "none", "RS512", "ES384", ""] {
            #expect(try !JWS.verify(rs256, alg: alg, key: rsa))
            #expect(try !JWS.verify(es256, alg: alg, key: ec))
        }
        // The same key published for encryption only verifies nothing.
        let encryption = JSONWebKey(kid: rsa.kid, alg: nil, use: "enc", material: rsa.material)
        #expect(try !JWS.verify(rs256, alg: "RS256", key: encryption))
    }

    @Test("the key-confusion attack fails: an HS256 token whose HMAC key is the RSA key's published bytes")
    func keyConfusion() throws {
        let (rsa, _) = try Self.keys()
        let set = JSONWebKeySet(keys: [rsa])
        let secret = try #require(HS256Key(bytes: set.json))
        let forged = JWS.signHS256(header: Array(#"{"alg":"HS256"}"#.utf8), payload: Array("{}".utf8), key: secret)
        let parts = try #require(JWS.parse(forged))
        #expect(JWS.verifyHS256(parts, key: secret))
        #expect(set.candidates(alg: "HS256", kid: nil).isEmpty)
        #expect(try !JWS.verify(parts, alg: "HS256", key: rsa))
    }

    @Test("tokens signed by a fresh RSA and a fresh P-256 key verify through their JWKS; tampered ones do not")
    func freshKeys() throws {
        let rsaSigner = try TestSigningKey.rsa()
        let ecSigner = try TestSigningKey.p256()
        let set = JSONWebKeySet(keys: [
            JSONWebKey(kid: "r", alg: "RS256", use: "sig", material: .rsa(try #require(rsaSigner.rsaPublicKey))),
            JSONWebKey(kid: "e", alg: "ES256", use: "sig", material: .p256(try #require(ecSigner.p256PublicKey))),
        ])
        let published = try #require(JSONWebKeySet(json: set.json))
        #expect(published == set)
        for (signer, alg, kid) in [(rsaSigner, "RS256", "r"), (ecSigner, "ES256", "e")] {
            let token = Self.token(header: #"{"alg":"\#(alg)","kid":"\#(kid)"}"#, key: signer)
            let parts = try #require(JWS.parse(token))
            let candidates = published.candidates(alg: alg, kid: kid)
            #expect(candidates.count == 1)
            var verified = false
            for key in candidates where try JWS.verify(parts, alg: alg, key: key) { verified = true }
            #expect(verified)
            var pieces = token.split(separator: ".").map(String.init)
            pieces[1] = Base64URL.encode(Array(#"{"sub":"2"}"#.utf8))
            let tampered = try #require(JWS.parse(pieces.joined(separator: ".")))
            #expect(try !JWS.verify(tampered, alg: alg, key: try #require(candidates.first)))
        }
    }
}
