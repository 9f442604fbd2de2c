/// Texts by key in the languages an app speaks (English, Turkish and Traditional Chinese here), with `{name}`
/// placeholders: the one mechanism behind every user-facing text, the error messages of ``AuthErrorMessages``
/// and an app's own texts (the demo CLI's help, prompts and tour) alike.
///
/// A language without a table, and a key a table lacks, fall back to English; ``missingKeys(in:)`` lets a test
/// fail on any such gap.
public struct MessageCatalogue<Key: Hashable & Sendable & CaseIterable>: Sendable {
    /// The languages with a table: English, Turkish, Traditional Chinese (BCP 47 tags).
    public static var languages: [String] { ["en", "tr", "zh-Hant"] }

    /// The language in use: one of ``languages``.
    public let language: String
    private let tables: [String: [Key: String]]

    /// Creates a catalogue.
    /// - Parameters:
    ///   - language: A BCP 47 tag; one without a table falls back to English.
    ///   - english: The English texts: every key.
    ///   - turkish: The Turkish texts.
    ///   - traditionalChinese: The Traditional Chinese texts.
    public init(
        language: String, english: [Key: String], turkish: [Key: String], traditionalChinese: [Key: String]
    ) {
        let tables = ["en": english, "tr": turkish, "zh-Hant": traditionalChinese]
        self.tables = tables
        self.language = tables[language] == nil ? "en" : language
    }

    /// The text for `key` in this catalogue's language, with `{name}` placeholders filled from `arguments`.
    public func text(_ key: Key, _ arguments: [String: String] = [:]) -> String {
        var text = tables[language]?[key] ?? tables["en"]?[key] ?? String(describing: key)
        for (name, value) in arguments {
            text = Self.replacing("{\(name)}", with: value, in: text)
        }
        return text
    }

    /// The keys that `language`'s own table lacks (they would fall back to English).
    public func missingKeys(in language: String) -> [Key] {
        Key.allCases.filter { tables[language]?[$0] == nil }
    }

    /// The raw template of `key` in `language`, if that table has it.
    public func template(_ key: Key, in language: String) -> String? {
        tables[language]?[key]
    }

    /// The language for a POSIX or BCP 47 locale (`tr_TR.UTF-8`, `zh_TW`, `zh-Hant-HK`): `tr`, `zh-Hant` or `en`.
    /// Simplified Chinese has no table and falls back to English.
    public static func language(forLocale identifier: String) -> String {
        let base = identifier.split(separator: ".").first.map(String.init) ?? ""
        let normalized = String(base.map { $0 == "_" ? "-" : $0 }).lowercased()
        if normalized == "tr" || normalized.hasPrefix("tr-") { return "tr" }
        if normalized.hasPrefix("zh-hant") || ["zh-tw", "zh-hk", "zh-mo"].contains(normalized) { return "zh-Hant" }
        return "en"
    }

    private static func replacing(_ placeholder: String, with value: String, in text: String) -> String {
        guard text.contains(placeholder) else { return text }
        return text.split(separator: placeholder, omittingEmptySubsequences: false).joined(separator: value)
    }
}
