/// Identifies a sign-in provider by the id that identity backends use for it (`apple.com`, `google.com`,
/// `password`, …).
///
/// `ProviderType` is deliberately open: it is a string-backed value, not a closed enum, so that an app
/// can add a fifth provider (`ProviderType(rawValue: "oidc.github")`) without editing Domain or
/// Presentation. The four built-in providers are static members. Domain gives no provider a name: what the
/// user sees comes with the provider's registration (Presentation's `ProviderDescription`).
///
/// ## Topics
/// ### Known providers
/// - ``apple``
/// - ``google``
/// - ``anonymous``
/// - ``emailPassword``
public struct ProviderType: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The provider id as identity backends spell it, for example `apple.com`.
    public let rawValue: String

    /// Creates a provider type from a backend provider id.
    /// - Parameter rawValue: The provider id, for example `apple.com`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Sign in with Apple (`apple.com`).
    public static let apple = ProviderType(rawValue: "apple.com")
    /// Google Sign-In (`google.com`).
    public static let google = ProviderType(rawValue: "google.com")
    /// A guest account with no credential (`anonymous`).
    public static let anonymous = ProviderType(rawValue: "anonymous")
    /// Email address and password (`password`, as Firebase names it).
    public static let emailPassword = ProviderType(rawValue: "password")
    /// A custom token from the team's own server (Firebase's `sign_in_provider` `custom`).
    public static let customToken = ProviderType(rawValue: "custom")
    /// A passkey (WebAuthn): the sign-in provider of a session a passkey signed in.
    public static let passkey = ProviderType(rawValue: "passkey")
    /// A phone number, proved by a code sent to it by SMS (`phone`, as Firebase names it).
    public static let phone = ProviderType(rawValue: "phone")

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
