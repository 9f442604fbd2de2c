import Foundation
import Testing

/// Every text the CLI shows goes through a catalogue: no call that prints or asks carries English words of its
/// own. A new `console.out("Some sentence")` makes this test fail.
@Suite("No user-facing text outside the catalogues")
struct TextLiteralTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The files that show text to the user, but for the catalogues themselves.
    static let files = [
        "SignInDemoCLI/CommandRunner.swift", "SignInDemoCLI/DemoCLI.swift", "SignInDemoCLI/GuidedTour.swift",
        "SignInDemoCLI/InteractiveMenu.swift", "SignInDemoCLI/SessionFormatter.swift", "SignInDemoCLI/Console.swift",
        "SignInDemoCLI/CommandLineHelp.swift", "SignInDemoCLI/CommandLineOptions.swift",
        "SignInDemoCLI/InputText.swift", "SignInDemoCLI/JSONReport.swift", "SignInDemoCLI/TerminalText.swift",
        "SignInDemoAdapters/Terminal/TerminalConsentPrompt.swift",
        "SignInDemoAdapters/Terminal/TerminalGoogleAccountChooser.swift",
    ]

    /// The words of the string literals passed straight to a call that prints or asks, interpolations left out.
    static func wordsInPrintedLiterals(_ line: String) -> [String] {
        let calls = [
            "out(", "err(", "draw(", "write(", "ask(", "askSecret(", "note(", "section(", "fail(", "UsageError(",
        ]
        var found: [String] = []
        for call in calls {
            var rest = line[...]
            while let range = rest.range(of: call + "\"") {
                var literal = ""
                var index = range.upperBound
                var escaped = false
                var depth = 0
                while index < rest.endIndex {
                    let character = rest[index]
                    if depth > 0 {
                        if character == "(" { depth += 1 }
                        if character == ")" { depth -= 1 }
                    } else if escaped {
                        if character == "(" { depth = 1 }
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        break
                    } else {
                        literal.append(character)
                    }
                    index = rest.index(after: index)
                }
                // Prose words; identifiers (`SessionManager.validSession`, `signin-demo`) are not prose.
                for token in literal.split(whereSeparator: \.isWhitespace) {
                    let word = token.trimmingCharacters(in: .punctuationCharacters)
                    guard !word.contains(where: { ".-_/:@<>|".contains($0) }),
                        !word.dropFirst().contains(where: \.isUppercase)
                    else { continue }
                    if word.count >= 2, word.allSatisfy(\.isLetter), word.first?.isLowercase == true {
                        found.append(word)
                    }
                }
                rest = rest[index...]
            }
        }
        return found
    }

    @Test("no call that prints or asks carries a sentence of its own", arguments: files)
    func noLiterals(file: String) throws {
        let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("//") else { continue }
            let words = Self.wordsInPrintedLiterals(String(line))
            #expect(words.isEmpty, "\(file):\(number + 1): \(trimmed)")
        }
    }

    @Test("the scan finds a sentence passed straight to a print")
    func scanWorks() {
        #expect(Self.wordsInPrintedLiterals(#"console.out("Not signed in.\n")"#) == ["signed", "in"])
        #expect(Self.wordsInPrintedLiterals(#"write("Please answer 1, 2 or 3.")"#) == ["answer", "or"])
        #expect(Self.wordsInPrintedLiterals(#"console.out("\(text(.notSignedIn))\n")"#).isEmpty)
        #expect(Self.wordsInPrintedLiterals(#"fail("RestoreSessionUseCase")"#).isEmpty)
    }
}
