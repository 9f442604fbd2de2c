/// A string that must never be shown: a token, a password, an authorization code.
///
/// `Secret` prints as `<redacted>` in `description`, `debugDescription`, `dump` output and string
/// interpolation, so that any type that holds one (``AuthCredential``, ``SessionTokens``) is redacted too,
/// without a hand-written `description` that could fall out of date. Read ``value`` only where the secret
/// is sent to the party that needs it.
public struct Secret: Hashable, Sendable, Codable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable, ExpressibleByStringLiteral
{
    /// The secret itself. Reading it is deliberate: search for `.value` to audit every use.
    public let value: String

    /// Wraps a secret string.
    public init(_ value: String) {
        self.value = value
    }

    public init(stringLiteral value: String) {
        self.value = value
    }

    /// The text every rendering of a secret shows.
    public static let redactedText = "<redacted>"

    public var description: String { Self.redactedText }
    public var debugDescription: String { Self.redactedText }
    public var customMirror: Mirror { Mirror(self, children: ["value": Self.redactedText]) }

    public init(from decoder: any Decoder) throws {
        self.value = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
