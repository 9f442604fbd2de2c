public import SignInDomain

/// A provider's name as the user sees it, in each language of the catalogue (English, Turkish, Traditional
/// Chinese). A language without its own name shows the English one.
public struct ProviderDisplayName: Hashable, Sendable {
    /// The English name (`Apple`, `Guest`).
    public let english: String
    /// The name in other languages, by BCP 47 tag (`tr`, `zh-Hant`).
    public let translations: [String: String]

    /// Creates a name.
    public init(_ english: String, translations: [String: String] = [:]) {
        self.english = english
        self.translations = translations
    }

    /// The name in `language`.
    public func text(in language: String) -> String {
        translations[language] ?? english
    }

    /// The catalogue's languages this name has no text of its own for (English always has one).
    public var missingLanguages: [String] {
        MessageCatalogue<MessageKey>.languages.filter { $0 != "en" && translations[$0] == nil }
    }
}

/// What the screens and the messages know of a sign-in provider: its id, its name in each language, the names a
/// command line gives it, and whether it can be linked to an account and unlinked from it.
///
/// A provider brings its description with its registration in the composition root, so that a new provider is
/// named, listed and offered for linking without an edit in Domain or Presentation.
public struct ProviderDescription: Hashable, Sendable {
    /// The provider's id at the identity backend.
    public let type: ProviderType
    /// Its name as the user sees it.
    public let name: ProviderDisplayName
    /// The names a command line accepts for it, lowercase: the first is the one it shows, the others are aliases.
    public let commandNames: [String]
    /// Whether it can be linked to a signed-in account and unlinked from one.
    public let isLinkable: Bool

    /// Creates a description.
    /// - Precondition: `commandNames` is not empty.
    public init(type: ProviderType, name: ProviderDisplayName, commandNames: [String], isLinkable: Bool) {
        precondition(!commandNames.isEmpty, "a provider needs a command name")
        self.type = type
        self.name = name
        self.commandNames = commandNames.map { $0.lowercased() }
        self.isLinkable = isLinkable
    }

    /// The name a command line shows for it.
    public var commandName: String { commandNames[0] }

    /// Sign in with Apple.
    public static let apple = ProviderDescription(
        type: .apple, name: ProviderDisplayName("Apple", translations: ["tr": "Apple", "zh-Hant": "Apple"]),
        commandNames: ["apple"], isLinkable: true)
    /// Google Sign-In.
    public static let google = ProviderDescription(
        type: .google, name: ProviderDisplayName("Google", translations: ["tr": "Google", "zh-Hant": "Google"]),
        commandNames: ["google"], isLinkable: true)
    /// A guest account: nothing to link or unlink (linking is what turns a guest into an account).
    public static let guest = ProviderDescription(
        type: .anonymous, name: ProviderDisplayName("Guest", translations: ["tr": "Misafir", "zh-Hant": "訪客"]),
        commandNames: ["anonymous", "guest"], isLinkable: false)
    /// Email and password.
    public static let emailPassword = ProviderDescription(
        type: .emailPassword,
        name: ProviderDisplayName("Email", translations: ["tr": "E-posta", "zh-Hant": "電子郵件"]),
        commandNames: ["email", "password"], isLinkable: true)

    /// A custom token from the team's own server: no button of its own (the app signs in at its server first), so it
    /// is not among ``wellKnown``.
    public static let customToken = ProviderDescription(
        type: .customToken,
        name: ProviderDisplayName("a custom token", translations: ["tr": "özel belirteç", "zh-Hant": "自訂權杖"]),
        commandNames: ["custom-token"], isLinkable: false)

    /// The four built-in providers, in the order a sign-in screen shows them.
    public static let wellKnown: [ProviderDescription] = [.apple, .google, .guest, .emailPassword]
}
