import Foundation
import SignInCrypto
import SignInJOSE
import Testing

/// Keys and documents the JWK tests share: RFC 7515's published RSA (A.2) and P-256 (A.3) keys as JWKs.
enum JWKFixtures {
    static let rsaN =
        "ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS"
        + "-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2"
        + "CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9g"
        + "b54h4FRWyuXpoQ"
    static let ecX = "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU"
    static let ecY = "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"
    /// An odd 1032-bit modulus (the first 129 bytes of the RSA key's, the last bit set): too short to be kept.
    static let shortN = String(rsaN.prefix(171)) + "R"

    static func rsa(kid: String = "rsa-1", extra: String = #","alg":"RS256","use":"sig""#) -> String {
        #"{"kty":"RSA","kid":"\#(kid)","n":"\#(rsaN)","e":"AQAB"\#(extra)}"#
    }

    static func ec(kid: String = "ec-1", extra: String = #","alg":"ES256""#) -> String {
        #"{"kty":"EC","crv":"P-256","kid":"\#(kid)","x":"\#(ecX)","y":"\#(ecY)"\#(extra)}"#
    }

    static func document(_ keys: [String]) -> [UInt8] {
        Array(#"{"keys":[\#(keys.joined(separator: ","))]}"#.utf8)
    }
}

@Suite("JSON Web Key Sets: reading an issuer's keys and choosing the candidates for a token")
struct JSONWebKeySetTests {
    typealias F = JWKFixtures

    @Test("a set laid out as Google publishes its keys gives each key with its kid, alg and use")
    func googleShape() throws {
        let json = #"""
            {
              "keys": [
                {
                  "e": "AQAB",
                  "kty": "RSA",
                  "alg": "RS256",
                  "n": "\#(F.rsaN)",
                  "use": "sig",
                  "kid": "b9ac601d1d4b3c5f0a1d0f8f6e5e0a7c2d3b4a59"
                },
                {
                  "use": "sig",
                  "kty": "EC",
                  "crv": "P-256",
                  "alg": "ES256",
                  "x": "\#(F.ecX)",
                  "y": "\#(F.ecY)",
                  "kid": "ec-2024"
                }
              ]
            }
            """#
        let set = try #require(JSONWebKeySet(json: Array(json.utf8)))
        #expect(set.keys.count == 2)
        let rsa = try #require(set.keys.first)
        #expect(rsa.kid == "b9ac601d1d4b3c5f0a1d0f8f6e5e0a7c2d3b4a59" && rsa.alg == "RS256" && rsa.use == "sig")
        guard case .rsa(let rsaKey) = rsa.material else {
            Issue.record("the first key is not an RSA key")
            return
        }
        #expect(rsaKey.modulus == Base64URL.decode(F.rsaN) && rsaKey.exponent == [1, 0, 1])
        let ec = try #require(set.keys.last)
        #expect(ec.kid == "ec-2024" && ec.material.algorithm == "ES256")
        let point = P256PublicKey(x: Base64URL.decode(F.ecX) ?? [], y: Base64URL.decode(F.ecY) ?? [])
        #expect(point != nil && ec.material == point.map(JSONWebKey.Material.p256))
    }

    @Test(
        "a key this package cannot or must not verify with is skipped, and the others kept",
        arguments: [
            #"{"kty":"oct","k":"AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow"}"#,
            #"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#,
            #"{"kty":"EC","crv":"P-384","x":"\#(JWKFixtures.ecX)","y":"\#(JWKFixtures.ecY)"}"#,
            #"{"kty":"EC","x":"\#(JWKFixtures.ecX)","y":"\#(JWKFixtures.ecY)"}"#,
            JWKFixtures.ec(extra: "").replacingOccurrences(of: JWKFixtures.ecY, with: JWKFixtures.ecX),
            #"{"kty":"RSA","n":"\#(JWKFixtures.shortN)","e":"AQAB"}"#,
            JWKFixtures.rsa(extra: #","use":"enc""#),
            JWKFixtures.rsa(extra: #","alg":"ES256""#),
            JWKFixtures.rsa(extra: #","alg":"RS512""#),
            JWKFixtures.ec(extra: #","alg":"RS256""#),
            JWKFixtures.ec(extra: #","key_ops":["encrypt"]"#),
            JWKFixtures.rsa(extra: #","kid":7"#).replacingOccurrences(of: #""kid":"rsa-1","#, with: ""),
            JWKFixtures.rsa(extra: "").replacingOccurrences(of: #""e":"AQAB""#, with: #""e":"AQAB=""#),
            JWKFixtures.rsa(extra: "").replacingOccurrences(of: #""e":"AQAB""#, with: #""e":"AQAC""#),
            JWKFixtures.rsa(extra: "").replacingOccurrences(of: #""e":"AQAB""#, with: #""e":65537"#),
            JWKFixtures.rsa(extra: "").replacingOccurrences(of: #""kty":"RSA""#, with: #""kty":"rsa""#),
            #"{"kid":"no-kty","n":"\#(JWKFixtures.rsaN)","e":"AQAB"}"#,
            #""a string""#, "[]", "null",
        ]
    )
    func skipsUnusable(entry: String) throws {
        let set = try #require(JSONWebKeySet(json: F.document([F.rsa(), entry, F.ec()])))
        #expect(set.keys.map(\.kid) == ["rsa-1", "ec-1"])
    }

    @Test("a key with key_ops that include verify, or with members this package does not read, is kept")
    func keepsUsable() throws {
        let set = try #require(
            JSONWebKeySet(
                json: F.document([
                    F.ec(extra: #","key_ops":["verify"]"#), F.rsa(extra: #","x5t":"abc","x5c":["MIIB"]"#),
                    #"{"kty":"RSA","n":"\#(F.rsaN)","e":"AQAB"}"#,
                ])))
        #expect(set.keys.count == 3)
        #expect(set.keys.last?.kid == nil && set.keys.last?.alg == nil && set.keys.last?.use == nil)
    }

    @Test(
        "a document that is not JSON, not an object, without a keys array, too long or with too many keys is nil",
        arguments: [
            "", "not json", "[]", "{}", #"{"keys":{}}"#, #"{"keys":"x"}"#, #"{"key":[]}"#, #"{"keys":[]"#,
        ]
    )
    func refusesDocument(text: String) {
        #expect(JSONWebKeySet(json: Array(text.utf8)) == nil)
    }

    @Test("the size and key-count bounds are enforced, and a set with no usable key is empty, not nil")
    func bounds() throws {
        let many = F.document([String](repeating: "{}", count: JSONWebKeySet.maximumKeyCount + 1))
        #expect(JSONWebKeySet(json: many) == nil)
        let enough = F.document([String](repeating: "{}", count: JSONWebKeySet.maximumKeyCount))
        #expect(JSONWebKeySet(json: enough)?.keys.isEmpty == true)
        let padding = String(repeating: " ", count: JSONWebKeySet.maximumLength)
        #expect(JSONWebKeySet(json: Array((#"{"keys":[]}"# + padding).utf8)) == nil)
        #expect(JSONWebKeySet(json: Array(#"{"keys":[]}"#.utf8))?.keys.isEmpty == true)
    }

    @Test("candidates: RS256 and ES256 pick keys of their kind, by kid when the header has one")
    func candidates() throws {
        let set = try #require(
            JSONWebKeySet(json: F.document([F.rsa(kid: "a"), F.rsa(kid: "b"), F.ec(kid: "c"), F.ec(kid: "a")])))
        #expect(set.candidates(alg: "RS256", kid: nil).map(\.kid) == ["a", "b"])
        #expect(set.candidates(alg: "ES256", kid: nil).map(\.kid) == ["c", "a"])
        #expect(set.candidates(alg: "RS256", kid: "b").map(\.kid) == ["b"])
        #expect(set.candidates(alg: "ES256", kid: "a").map(\.material.algorithm) == ["ES256"])
        #expect(set.candidates(alg: "ES256", kid: "b").isEmpty)
        #expect(set.candidates(alg: "RS256", kid: "unknown").isEmpty)
    }

    @Test(
        "candidates: no other algorithm has any, whatever the kid",
        arguments: ["HS256", "none", "None", "RS512", "RS384", "PS256", "ES384", "ES512", "EdDSA", "rs256", ""]
    )
    func otherAlgorithms(alg: String) throws {
        let set = try #require(JSONWebKeySet(json: F.document([F.rsa(kid: "a"), F.ec(kid: "b")])))
        #expect(set.candidates(alg: alg, kid: nil).isEmpty)
        #expect(set.candidates(alg: alg, kid: "a").isEmpty)
        #expect(set.candidates(alg: alg, kid: "b").isEmpty)
    }

    @Test("keys made in code with an alg or use that forbids them are never candidates")
    func codeMadeKeys() throws {
        let rsa = try #require(RSAPublicKey(modulus: Base64URL.decode(F.rsaN) ?? [], exponent: [1, 0, 1]))
        let set = JSONWebKeySet(keys: [
            JSONWebKey(kid: "enc", use: "enc", material: .rsa(rsa)),
            JSONWebKey(kid: "wrong-alg", alg: "ES256", material: .rsa(rsa)),
            JSONWebKey(kid: "good", alg: "RS256", use: "sig", material: .rsa(rsa)),
        ])
        #expect(set.candidates(alg: "RS256", kid: nil).map(\.kid) == ["good"])
        #expect(set.candidates(alg: "ES256", kid: "wrong-alg").isEmpty)
    }

    @Test("json writes a document that reads back to the same keys")
    func roundTrip() throws {
        let set = try #require(
            JSONWebKeySet(json: F.document([F.rsa(kid: #"r\"1"#), F.ec(kid: #"e\\1"#, extra: ""), F.rsa(extra: "")])))
        // The kids, once read: r"1 and e\1, escaped again when written.
        #expect(set.keys.map(\.kid) == ["r\"1", "e\\1", "rsa-1"])
        #expect(set.keys.count == 3)
        #expect(JSONWebKeySet(json: set.json) == set)
        #expect(String(decoding: JSONWebKeySet(keys: []).json, as: UTF8.self) == #"{"keys":[]}"#)
        let written = String(decoding: JSONWebKeySet(keys: [set.keys[1]]).json, as: UTF8.self)
        #expect(written == #"{"keys":[{"crv":"P-256","kid":"e\\1","kty":"EC","x":"\#(F.ecX)","y":"\#(F.ecY)"}]}"#)
    }
}
