import Foundation
import SignInCrypto

/// The client data a browser or platform collects and the authenticator's signature covers through its hash
/// (WebAuthn Level 3 §5.8.1): the ceremony's type, the challenge, the origin, and whether it ran in a cross-origin
/// frame.
public struct CollectedClientData: Sendable, Hashable {
    /// The `type` of a registration.
    public static let createType = "webauthn.create"
    /// The `type` of an assertion.
    public static let getType = "webauthn.get"

    /// `webauthn.create` or `webauthn.get` (anything else is kept as read, for the relying party to refuse).
    public let type: String
    /// The challenge's bytes, decoded from canonical base64url.
    public let challenge: [UInt8]
    /// The origin of the page or app that called WebAuthn, e.g. `https://signin.example`.
    public let origin: String
    /// Whether the caller was a frame of another origin than its ancestors; `false` when absent.
    public let crossOrigin: Bool
    /// The top-level origin, present only for a cross-origin frame.
    public let topOrigin: String?

    /// The members read with `JSONDecoder`; others are ignored, as the specification requires.
    private struct Members: Decodable {
        let type: String
        let challenge: String
        let origin: String
        let crossOrigin: Bool?
        let topOrigin: String?
    }

    /// Reads clientDataJSON.
    /// - Parameter json: The UTF-8 JSON bytes, exactly as the client sent them.
    /// - Throws: ``WebAuthnFailure/malformed(_:)`` when the bytes are not a JSON object with string `type`,
    ///   `challenge` and `origin`, a boolean `crossOrigin` if any and a string `topOrigin` if any, or the challenge is
    ///   not canonical base64url.
    public init(json: [UInt8]) throws(WebAuthnFailure) {
        let members: Members
        do {
            members = try JSONDecoder().decode(Members.self, from: Data(json))
        } catch {
            throw .malformed("the client data is not the JSON object WebAuthn defines")
        }
        guard let challenge = Base64URL.decode(members.challenge) else {
            throw .malformed("the client data's challenge is not base64url")
        }
        self.type = members.type
        self.challenge = challenge
        self.origin = members.origin
        self.crossOrigin = members.crossOrigin ?? false
        self.topOrigin = members.topOrigin
    }

    /// Client data to encode, as a browser or a software authenticator's client makes it.
    /// - Parameters:
    ///   - type: ``createType`` or ``getType``.
    ///   - challenge: The relying party's challenge.
    ///   - origin: The caller's origin.
    ///   - crossOrigin: Whether the caller is a cross-origin frame.
    ///   - topOrigin: The top-level origin of a cross-origin frame.
    public init(type: String, challenge: [UInt8], origin: String, crossOrigin: Bool = false, topOrigin: String? = nil) {
        self.type = type
        self.challenge = challenge
        self.origin = origin
        self.crossOrigin = crossOrigin
        self.topOrigin = topOrigin
    }

    /// The JSON bytes, in the order and form of WebAuthn's serialization (§5.8.1.2):
    /// `{"type":"webauthn.create","challenge":"…","origin":"…","crossOrigin":false}`, then `"topOrigin"` if any.
    public func jsonBytes() -> [UInt8] {
        var json = #"{"type":"# + Self.quoted(type) + #","challenge":"# + Self.quoted(Base64URL.encode(challenge))
        json += #","origin":"# + Self.quoted(origin) + #","crossOrigin":"# + (crossOrigin ? "true" : "false")
        if let topOrigin { json += #","topOrigin":"# + Self.quoted(topOrigin) }
        return Array((json + "}").utf8)
    }

    /// A JSON string: `"` and `\` escaped with a backslash, control characters as `\u00XX`, the rest as it is.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
