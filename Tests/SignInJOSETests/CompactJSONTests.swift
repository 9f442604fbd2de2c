import Foundation
import SignInData
import Testing

@testable import SignInJOSE

@Suite("Token parts as compact JSON")
struct CompactJSONTests {
    /// What the token parts were before: Foundation's encoder, sorted keys, slashes unescaped.
    func foundation(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    static let awkward = [
        "plain", "", "quote \" backslash \\ slash /", "line\nfeed\ttab\rreturn\u{08}\u{0C}", "control \u{01}\u{1F}",
        "delete \u{7F}", "accents éà, 漢字, emoji 🙂, separators \u{2028}\u{2029}",
    ]

    @Test(
        "the header, identity claims and session claims are byte for byte what JSONEncoder writes", arguments: awkward)
    func sameBytes(text: String) throws {
        for header in [JOSEHeader(), JOSEHeader(alg: text, typ: nil, kid: text)] {
            #expect(header.compactJSON == (try foundation(header)))
        }
        var identity = IdentityTokenClaims(
            iss: text, aud: text, sub: text, iat: -5, exp: Int.max, nonce: text, email: text, emailVerified: true,
            isPrivateEmail: false)
        #expect(identity.compactJSON == (try foundation(identity)))
        identity.aud = [text, "second"]
        identity.name = text
        identity.azp = text
        #expect(identity.compactJSON == (try foundation(identity)))
        identity.aud = []
        #expect(identity.compactJSON == (try foundation(identity)))
        let bare = IdentityTokenClaims(iss: "i", aud: "a", sub: "s", iat: 0, exp: 1)
        #expect(bare.compactJSON == (try foundation(bare)))
        // A provider's own claims, before, between and after the standard ones.
        identity.providerClaims = [
            "a": text, "email_verifiedx": text, "oid": text, "preferred_username": text, "tid": text, "zz": text,
        ]
        #expect(identity.compactJSON == (try foundation(identity)))
        var custom = SessionTokenClaims(
            iss: "i", aud: "a", sub: "s", iat: 1, exp: 2, authTime: 0, signInProvider: "password",
            identities: ["email": [text]])
        custom.customClaims = [
            "admin": .bool(true), "zz": .array([.integer(1), .string(text), .null]), "level": .integer(-3),
            "groups": .object(["b": .string(text), "a": .array([])]), "email": .string("ignored: a standard name"),
        ]
        #expect(custom.compactJSON == (try foundation(custom)))
        for email in [text, nil] {
            var session = SessionTokenClaims(
                iss: text, aud: text, sub: text, iat: 1, exp: 2, authTime: 0, signInProvider: text, email: email,
                sessionID: email)
            session.phoneNumber = email.map { _ in "+15555550100" }
            session.tenant = email.map { _ in "tenant-a1" }
            session.signInAttributes = email.map { text in
                ["name": .string(text), "groups": .object(["a": .bool(true)])]
            }
            #expect(
                session.compactJSON == (try foundation(session)),
                "\(String(decoding: session.compactJSON, as: UTF8.self))")
            #expect(TokenJSON.sessionClaims(from: session.compactJSON)?.phoneNumber == session.phoneNumber)
            #expect(TokenJSON.sessionClaims(from: session.compactJSON)?.tenant == session.tenant)
            #expect(TokenJSON.sessionClaims(from: session.compactJSON)?.signInAttributes == session.signInAttributes)
        }
    }

    @Test("a provider's own claims round-trip; one named like a standard claim cannot replace it")
    func providerClaims() throws {
        var claims = IdentityTokenClaims(iss: "https://login.example", aud: "app", sub: "s", iat: 0, exp: 1)
        claims.providerClaims = ["tid": "tenant", "oid": "object", "iss": "https://evil.example"]
        let decoded = try JSONDecoder().decode(IdentityTokenClaims.self, from: Data(claims.compactJSON))
        #expect(decoded.iss == "https://login.example")
        #expect(decoded.providerClaims == ["tid": "tenant", "oid": "object"])
        let numbers = Data(#"{"iss":"i","aud":"a","sub":"s","iat":0,"exp":1,"ver":2,"upn":"u@x"}"#.utf8)
        #expect(try JSONDecoder().decode(IdentityTokenClaims.self, from: numbers).providerClaims == ["upn": "u@x"])
    }

    @Test("a guest's claims say provider_id anonymous, as Firebase's; no other's do, and a custom claim cannot")
    func guestProviderID() throws {
        var guest = SessionTokenClaims(
            iss: "i", aud: "a", sub: "s", iat: 1, exp: 2, authTime: 0, signInProvider: "anonymous")
        guest.customClaims = ["provider_id": .string("google.com")]
        #expect(guest.compactJSON == (try foundation(guest)))
        let written = try JSONSerialization.jsonObject(with: Data(guest.compactJSON)) as? [String: Any]
        #expect(written?["provider_id"] as? String == "anonymous")
        #expect(TokenJSON.sessionClaims(from: guest.compactJSON)?.customClaims.isEmpty == true)
        var user = guest
        user.signInProvider = "password"
        let other = try JSONSerialization.jsonObject(with: Data(user.compactJSON)) as? [String: Any]
        let encoded = try foundation(user)
        #expect(other?["provider_id"] == nil && user.compactJSON == encoded)
    }
}
