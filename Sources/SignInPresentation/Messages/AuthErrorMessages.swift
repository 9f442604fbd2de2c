import Foundation
import SignInDomain

/// Turns an ``AuthError`` into a message the user understands, in the user's language.
///
/// Messages are looked up by ``MessageKey`` in a table per language; a language without a table falls
/// back to English. The tests check that every key has a message in every language.
public struct AuthErrorMessages: Hashable, Sendable {
    /// The language in use (a BCP 47 tag such as `en`).
    public let language: String

    /// Creates the messages for a language.
    /// - Parameter language: A BCP 47 tag; unknown languages fall back to English.
    public init(language: String = "en") {
        self.language = Self.tables[language] == nil ? "en" : language
    }

    /// The languages with a table.
    public static var languages: [String] { tables.keys.sorted() }

    /// The message for `error`.
    public func message(for error: AuthError) -> String {
        let (key, arguments) = Self.key(for: error)
        return text(for: key, arguments)
    }

    /// The message for a key, with `{provider}` and `{code}` filled in.
    public func text(for key: MessageKey, _ arguments: [String: String] = [:]) -> String {
        let table = Self.tables[language] ?? Self.english
        var text = table[key] ?? Self.english[key] ?? key.rawValue
        for (name, value) in arguments {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return text
    }

    /// The key and the arguments of an error's message.
    public static func key(for error: AuthError) -> (MessageKey, [String: String]) {
        switch error {
        case .providerNotConfigured(let provider): (.providerNotConfigured, ["provider": provider.name])
        case .authProviderMissing(let provider): (.authProviderMissing, ["provider": provider.name])
        case .missingIdentityToken(let provider): (.missingIdentityToken, ["provider": provider.name])
        case .invalidIdentityToken(let rejection): (MessageKey.rejection(rejection), [:])
        case .uiClientFailed(let provider, _): (.uiClientFailed, ["provider": provider.name])
        case .network: (.network, [:])
        case .sessionStorage: (.sessionStorage, [:])
        case .backend(let code, _): (.backend, ["code": code])
        case .unexpected: (.unexpected, [:])
        case .notSignedIn: (.notSignedIn, [:])
        case .signedOut(let reason): (MessageKey.signOut(reason), [:])
        case .refreshTokenRejected: (.sessionExpired, [:])
        case .storedSessionDiscarded: (.storedSessionUnreadable, [:])
        }
    }

    static let tables: [String: [MessageKey: String]] = ["en": english]
}
