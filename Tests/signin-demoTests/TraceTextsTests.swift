import Foundation
import SignInDemoTrace
import SignInDomain
import SignInTesting
import Testing

@testable import SignInDemoCLI

/// One numbered line of a trace, split into its columns:
/// `  4. [Domain]          SignInUseCase.callAsFunction  sign in with apple.com (4 UI clients set up)`.
struct TraceLine {
    let text: String
    let label: String
    let component: String
    let message: String

    /// `nil` for a line that is not a trace step (a section title, a note, a session's description).
    init?(_ line: Substring) {
        guard let dot = line.firstIndex(of: ".") else { return nil }
        let number = line[..<dot].drop { $0 == " " }
        guard !number.isEmpty, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber) else { return nil }
        let rest = line[line.index(after: dot)...].drop { $0 == " " }
        guard rest.hasPrefix("["), let close = rest.firstIndex(of: "]") else { return nil }
        let label = String(rest[...close])
        guard ArchitectureLayer.allCases.contains(where: { "[\($0.rawValue)]" == label }) else { return nil }
        let columns = rest[rest.index(after: close)...].drop { $0 == " " }
        let component = columns.prefix { $0 != " " }
        text = String(line)
        self.label = label
        self.component = String(component)
        message = String(columns.dropFirst(component.count).drop { $0 == " " })
    }
}

/// The demo's trace in every language: each key has its translations, and the lines are short, readable and
/// in the user's language.
@MainActor
@Suite("Trace texts")
struct TraceTextsTests {
    /// Words that give away an English sentence.
    static let englishStopWords: Set<String> = [
        "the", "and", "is", "was", "with", "from", "for", "not", "your", "you", "this", "that", "signed", "sign",
        "token", "refresh", "account",
    ]

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Every `FlowMessage("key", "english"…)` the sources declare, as key → English template.
    static func declaredMessages() throws -> [(key: String, english: String)] {
        let sources = packageRoot.appendingPathComponent("Sources")
        let files =
            FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        let declaration = try NSRegularExpression(pattern: #"FlowMessage\(\s*"([^"\\]+)",\s*"([^"\\]*)""#)
        let construction = try NSRegularExpression(pattern: #"FlowMessage\("#)
        var messages: [(key: String, english: String)] = []
        var constructions = 0
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            constructions += construction.numberOfMatches(in: text, range: range)
            for match in declaration.matches(in: text, range: range) {
                guard let key = Range(match.range(at: 1), in: text), let english = Range(match.range(at: 2), in: text)
                else { continue }
                messages.append((String(text[key]), String(text[english])))
            }
        }
        // A message built another way (a key in a variable, an interpolated text) would escape these checks.
        #expect(constructions == messages.count, "every FlowMessage is built from a literal key and English text")
        return messages
    }

    static func placeholders(_ template: String) -> Set<String> {
        var names: Set<String> = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// The key whose English template renders to `message`: of the templates that match, the one with the most
    /// literal text (`link {provider} to account {uid}` before `link {email} to {uid}`), if only one has that much.
    static func key(of message: String, among declared: [(key: String, english: String)]) -> String? {
        let matching = declared.filter { declaration in
            var pattern = NSRegularExpression.escapedPattern(for: declaration.english)
            for name in placeholders(declaration.english) {
                pattern = pattern.replacingOccurrences(
                    of: NSRegularExpression.escapedPattern(for: "{\(name)}"), with: ".+?")
            }
            return message.range(of: "^\(pattern)$", options: .regularExpression) != nil
        }
        func literalLength(_ template: String) -> Int {
            placeholders(template).reduce(template) { $0.replacingOccurrences(of: "{\($1)}", with: "") }.count
        }
        let most = matching.map { literalLength($0.english) }.max()
        let best = matching.filter { literalLength($0.english) == most }
        return best.count == 1 ? best[0].key : nil
    }

    /// Runs the guided tour in-process with `LANG` set to `locale`, and returns its trace lines.
    func tourTrace(locale: String) async -> [TraceLine] {
        let folder = TemporaryFolder(prefix: "signin-demo-trace")
        let captured = CapturedConsole()
        let code = await DemoCLI(
            console: captured.console, environment: ["LANG": locale, "SIGNIN_DEMO_PBKDF2_ITERATIONS": "100"]
        ).run(["--data-dir", folder.path])
        #expect(code == .success, "\(captured.err)")
        return captured.out.split(separator: "\n").compactMap(TraceLine.init)
    }

    @Test("every declared key is unique and has a Turkish and a Chinese template with the same placeholders")
    func everyKeyIsTranslated() throws {
        let declared = try Self.declaredMessages()
        #expect(declared.count > 50)
        let keys = declared.map(\.key)
        #expect(
            Set(keys).count == keys.count,
            "duplicate keys: \(keys.filter { key in keys.filter { $0 == key }.count > 1 })")
        for (language, table) in [("tr", TraceTexts.turkish), ("zh-Hant", TraceTexts.traditionalChinese)] {
            #expect(Set(table.keys) == Set(keys), "\(language): missing or stale keys")
            for (key, english) in declared {
                guard let translated = table[key] else { continue }
                #expect(
                    Self.placeholders(translated) == Self.placeholders(english),
                    "\(language) \(key): \(translated) vs \(english)")
            }
        }
        #expect(TraceTexts.table(forLanguage: "tr") == TraceTexts.turkish)
        #expect(TraceTexts.table(forLanguage: "zh-Hant") == TraceTexts.traditionalChinese)
        #expect(TraceTexts.table(forLanguage: "en").isEmpty)
    }

    @Test("every step of the tour is a declared message, translated with the same placeholders")
    func tourKeysAreTranslated() async throws {
        let declared = try Self.declaredMessages()
        let lines = await tourTrace(locale: "en_US.UTF-8")
        #expect(lines.count > 100)
        var recorded: Set<String> = []
        for line in lines {
            guard let key = Self.key(of: line.message, among: declared) else {
                Issue.record("no single declared message reads \"\(line.message)\"")
                continue
            }
            recorded.insert(key)
        }
        #expect(recorded.count > 30)
        let english = Dictionary(declared.map { ($0.key, $0.english) }, uniquingKeysWith: { first, _ in first })
        for key in recorded.sorted() {
            let expected = Self.placeholders(english[key] ?? "")
            for table in [TraceTexts.turkish, TraceTexts.traditionalChinese] {
                let translated = try #require(table[key], "\(key) has no template")
                #expect(Self.placeholders(translated) == expected, "\(key): \(translated)")
            }
        }
    }

    @Test("in English, every line fits 120 columns and shows no Swift dump")
    func englishLinesAreShortSentences() async {
        let lines = await tourTrace(locale: "en_US.UTF-8")
        #expect(!lines.isEmpty)
        let modules = [
            "SignInDomain.", "SignInPresentation.", "SignInData.", "SignInInfrastructure.", "SignInEmbeddedBackend.",
            "signin_demo.", "SignInDemoCLI.",
        ]
        for line in lines {
            #expect(line.text.count <= 120, "\(line.text.count) characters: \(line.text)")
            #expect(
                line.message.range(of: #"\(\s*[A-Z][A-Za-z0-9_]*\.[A-Za-z_]"#, options: .regularExpression) == nil,
                "\(line.text)")
            #expect(!modules.contains { line.message.contains($0) }, "\(line.text)")
        }
    }

    @Test(
        "in Turkish and Chinese, no trace line has an English sentence, and every line fits 120 columns",
        arguments: ["tr_TR.UTF-8", "zh_TW.UTF-8"])
    func noEnglishLeftUnder(locale: String) async {
        let lines = await tourTrace(locale: locale)
        #expect(lines.count > 100)
        for line in lines {
            let english = Self.englishWords(in: line.message).filter(Self.englishStopWords.contains)
            #expect(english.isEmpty, "\(english): \(line.text)")
            #expect(Self.columns(line.text) <= 120, "\(Self.columns(line.text)) columns: \(line.text)")
        }
    }

    /// The terminal columns `text` takes: two for a wide (Chinese, Japanese, Korean or fullwidth) character.
    static func columns(_ text: String) -> Int {
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        ]
        return text.unicodeScalars.reduce(0) { sum, scalar in
            sum + (wide.contains { $0.contains(scalar.value) } ? 2 : 1)
        }
    }

    /// The lowercased words of `message` that could be English, leaving out identifiers (tokens with `.`, `_`,
    /// `@`, `/` or `:`, or with an uppercase letter after their first character: `clickApple`, `REFRESH_TOKEN_…`)
    /// and words with a Latin letter beyond ASCII (Turkish words). Runs of ASCII letters next to Chinese count.
    static func englishWords(in message: String) -> [String] {
        message.split(whereSeparator: \.isWhitespace).flatMap { token -> [String] in
            if token.contains(where: { ".@_/:".contains($0) }) || token.dropFirst().contains(where: \.isUppercase) {
                return []
            }
            return token.split { !$0.isLetter }.flatMap { word -> [String] in
                let latinBeyondASCII = word.unicodeScalars.contains { (0xC0...0x24F).contains($0.value) }
                if latinBeyondASCII { return [] }
                return word.split { !($0.isASCII && $0.isLetter) }.map { $0.lowercased() }
            }
        }
    }

    @Test("the stop-word check finds English inside a Turkish or Chinese line, and skips identifiers")
    func stopWordCheck() {
        #expect(Self.englishWords(in: "ekran clickApple gönderiyor") == ["ekran"])
        #expect(Self.columns("已登出（userRequested）") == 6 + 2 + 13 + 2)
        #expect(Self.englishWords(in: "登入（the token）") == ["the", "token"])
        #expect(Self.englishWords(in: "arka uç reddetti: REFRESH_TOKEN_ALREADY_ROTATED").contains("arka"))
        #expect(!Self.englishWords(in: "arka uç reddetti: REFRESH_TOKEN_ALREADY_ROTATED").contains("token"))
    }

    @Test("a line pads its number to 3 columns and its label to 17, and falls back to English for an unknown key")
    func lineLayout() throws {
        let step = FlowStep(
            layer: .data, component: "BackendSessionTokenService.refresh",
            message: FlowMessage("data.refresh", "new tokens for {uid}", ["uid": "u1"]))
        let seventh = ConsoleFlowTracer.line(number: 7, step: step, table: [:])
        let hundredth = ConsoleFlowTracer.line(number: 107, step: step, table: [:])
        #expect(seventh == "  7. [Data]           BackendSessionTokenService.refresh  new tokens for u1\n")
        #expect(hundredth.hasPrefix("107. [Data]           BackendSessionTokenService.refresh  "))
        #expect(seventh.count == hundredth.count)
        let turkish = ConsoleFlowTracer.line(number: 7, step: step, table: TraceTexts.turkish)
        #expect(turkish.hasSuffix("BackendSessionTokenService.refresh  u1 için yeni belirteçler\n"))
        let unknown = FlowStep(layer: .data, component: "TeamAuthProvider.signIn", message: FlowMessage("team.x", "x"))
        #expect(ConsoleFlowTracer.line(number: 1, step: unknown, table: TraceTexts.turkish).hasSuffix("  x\n"))
    }
}
