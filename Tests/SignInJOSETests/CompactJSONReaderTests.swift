import Foundation
import SignInData
import Testing

@testable import SignInJOSE

@Suite("Token parts read without JSONDecoder")
struct CompactJSONReaderTests {
    static let inputs: [String] = [
        #"{"alg":"HS256","kid":"session","typ":"JWT"}"#,
        #" { "alg" : "HS256" , "typ" : null } "#,
        #"{"aud":"a","exp":2,"iat":1,"iss":"i","sub":"s","email_verified":"true","is_private_email":false}"#,
        #"{"aud":["a","b"],"azp":"a","exp":2,"iat":-1,"iss":"i","sub":"s","nonce":null,"name":"N\u00e9 \ud83d\ude00"}"#,
        #"{"aud":[],"exp":2,"iat":1,"iss":"i","sub":"s"}"#,
        #"{"aud":"p","auth_time":5,"exp":9,"firebase":{"identities":{"apple.com":["1"],"email":["a@b.c"]},"sign_in_provider":"apple.com"},"iat":3,"iss":"x","sid":"f","sub":"u","user_id":"u"}"#,
        #"{"aud":"p","auth_time":5,"exp":9,"iat":3,"iss":"x","firebase":{"sign_in_provider":"password"},"sub":"u","email":"a\/b\"c\\d\n","email_verified":false}"#,
        // Left to the decoder: each must be read as the decoder reads it, or refused as it refuses it.
        #"{"aud":"a","exp":2.0,"iat":1,"iss":"i","sub":"s"}"#,
        #"{"aud":"a","exp":2e3,"iat":1,"iss":"i","sub":"s"}"#,
        #"{"aud":"a","exp":02,"iat":1,"iss":"i","sub":"s"}"#,
        #"{"aud":"a","exp":99999999999999999999,"iat":1,"iss":"i","sub":"s"}"#,
        #"{"aud":"a","aud":"b","exp":2,"iat":1,"iss":"i","sub":"s"}"#,
        #"{"aud":"a","exp":2,"iat":1,"iss":"i","sub":"s","x":{"y":{"z":{"w":1}}}}"#,
        #"{"aud":"a","exp":2,"iat":1,"iss":"i","sub":"s","email_verified":1}"#,
        #"{"aud":"a","exp":2,"iat":1,"iss":"i","sub":"\ud800"}"#,
        #"{"aud":"a","exp":2,"iat":1,"iss":"i","sub":"\udc00\ud800"}"#,
        #"{"alg":"HS256",}"#, #"{"alg":"HS256"} x"#, #"["alg"]"#, "", "{", #"{"alg":"HS256""#,
        "{\"alg\":\"a\u{01}\"}", "{\"alg\":\"\u{FEFF}\"}", "\u{FEFF}{\"alg\":\"HS256\"}",
        #"{"alg":"HS256","typ":7}"#, #"{"alg":"HS256","typ":true}"#, #"{"alg":tru}"#, #"{"alg":-}"#,
        #"{"aud":"p","exp":9,"iat":3,"iss":"x","sign_in_provider":null,"sub":"u"}"#,
        // Session tokens of the old shape, and Firebase-shaped ones the decoder refuses.
        #"{"aud":"p","auth_time":5,"exp":9,"iat":3,"iss":"x","sid":"f","sign_in_provider":"apple.com","sub":"u"}"#,
        #"{"aud":"p","auth_time":5,"exp":9,"iat":3,"iss":"x","firebase":{"identities":{"email":"a"},"sign_in_provider":"p"},"sub":"u"}"#,
        #"{"aud":"p","auth_time":5,"exp":9,"iat":3,"iss":"x","firebase":{"identities":[],"sign_in_provider":"p"},"sub":"u"}"#,
        #"{"aud":"p","auth_time":5,"exp":9,"iat":3,"iss":"x","firebase":"password","sub":"u"}"#,
    ]

    @Test("whatever the fast path reads, JSONDecoder reads the same; what it leaves, the decoder decides")
    func agreesWithDecoder() {
        for input in Self.inputs {
            #expect(TokenJSON.fastPathAgreesWithDecoder(on: Array(input.utf8)), "\(input)")
        }
        // Invalid UTF-8 inside a string.
        #expect(TokenJSON.fastPathAgreesWithDecoder(on: Array(#"{"alg":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)))
    }

    @Test("the fast path reads the usual parts itself, and declines what is unusual")
    func coverage() {
        #expect(
            FlatJSONObject(Array(Self.inputs[0].utf8)).flatMap(JOSEHeader.init(flat:)) == JOSEHeader(kid: "session"))
        let claims = FlatJSONObject(Array(Self.inputs[3].utf8)).flatMap(IdentityTokenClaims.init(flat:))
        #expect(claims?.aud == ["a", "b"] && claims?.name == "Né 😀" && claims?.nonce == nil)
        for unusual in Self.inputs[7...16] {
            #expect(FlatJSONObject(Array(unusual.utf8)).flatMap(IdentityTokenClaims.init(flat:)) == nil, "\(unusual)")
        }
        let session = FlatJSONObject(Array(Self.inputs[5].utf8)).flatMap(SessionTokenClaims.init(flat:))
        #expect(
            session?.signInProvider == "apple.com" && session?.identities == ["apple.com": ["1"], "email": ["a@b.c"]])
        let password = FlatJSONObject(Array(Self.inputs[6].utf8)).flatMap(SessionTokenClaims.init(flat:))
        #expect(password?.emailVerified == false && password?.identities == [:] && password?.email == "a/b\"c\\d\n")
    }

    @Test("a signed session token reads the same through either reader")
    func signedTokens() throws {
        let key = try #require(HS256Key(bytes: Array(repeating: 7, count: 32)))
        let claims = SessionTokenClaims(
            iss: "https://issuer.example", aud: "demo", sub: "u1", iat: 1_700_000_000, exp: 1_700_003_600,
            authTime: 1_700_000_000, signInProvider: "password", email: "né@example.com", emailVerified: true,
            name: "Né \u{1F600}", identities: ["email": ["né@example.com"], "google.com": ["123"]], sessionID: "s1")
        var withClaims = claims
        withClaims.customClaims = ["role": .string("admin"), "level": .integer(3), "tags": .array([.string("a")])]
        let custom = try #require(
            JWS.parse(JWS.signHS256(header: JOSEHeader().compactJSON, payload: withClaims.compactJSON, key: key)))
        #expect(TokenJSON.sessionClaims(from: custom.payload) == withClaims)
        #expect(try JSONDecoder().decode(SessionTokenClaims.self, from: Data(custom.payload)) == withClaims)
        // A number with a fraction is read by the decoder, the same way.
        withClaims.customClaims["ratio"] = .number(0.5)
        let fractional = Array(withClaims.compactJSON)
        #expect(TokenJSON.fastPathAgreesWithDecoder(on: fractional))
        #expect(TokenJSON.sessionClaims(from: fractional)?.customClaims["ratio"] == .number(0.5))
        let token = JWS.signHS256(header: JOSEHeader(kid: "session").compactJSON, payload: claims.compactJSON, key: key)
        let parts = try #require(JWS.parse(token))
        #expect(JWS.verifyHS256(parts, key: key))
        #expect(try JSONDecoder().decode(SessionTokenClaims.self, from: Data(parts.payload)) == claims)
        #expect(TokenJSON.sessionClaims(from: parts.payload) == claims)
        #expect(TokenJSON.fastPathAgreesWithDecoder(on: parts.payload))
        #expect(TokenJSON.fastPathAgreesWithDecoder(on: parts.header))
    }
}
