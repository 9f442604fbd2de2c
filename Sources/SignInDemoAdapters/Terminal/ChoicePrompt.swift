import SignInDomain
import SignInInfrastructure

/// Asks the user to pick one of several options, or none.
package protocol ChoicePrompt: Sendable {
    /// Shows `options` under `title` and returns the chosen index, or `nil` for a cancel.
    func choose(_ title: String, options: [String]) async -> Int?
}

/// Picks the option whose text contains `preferred` (or the first one): for `--yes`, `--account`, and input
/// that is not a terminal.
package struct AutomaticChoicePrompt: ChoicePrompt {
    /// Text the chosen option must contain; `nil` picks the first option.
    package let preferred: String?

    /// Creates the prompt.
    package init(preferred: String? = nil) {
        self.preferred = preferred
    }

    package func choose(_ title: String, options: [String]) async -> Int? {
        guard let preferred else { return options.isEmpty ? nil : 0 }
        return options.firstIndex { $0.lowercased().contains(preferred.lowercased()) }
    }
}

/// Asks on a terminal: a numbered list and "0) Cancel". The end of input is a cancel; an unclear answer is
/// asked again, up to three times.
package struct TerminalChoicePrompt: ChoicePrompt {
    private let readLine: @Sendable () -> String?
    private let write: @Sendable (String) -> Void
    private let texts: TerminalTexts

    /// Creates the prompt.
    package init(
        readLine: @escaping @Sendable () -> String?, write: @escaping @Sendable (String) -> Void,
        texts: TerminalTexts = TerminalTexts()
    ) {
        self.readLine = readLine
        self.write = write
        self.texts = texts
    }

    package func choose(_ title: String, options: [String]) async -> Int? {
        var text = "\(title)\n"
        for (index, option) in options.enumerated() { text += "  \(index + 1)) \(option)\n" }
        write(text + "  0) \(texts.cancel)\n")
        let max = ["max": "\(options.count)"]
        for _ in 0..<3 {
            write(TerminalTexts.fill(texts.choose, max))
            guard let line = readLine() else {
                write("\n")
                return nil
            }
            let answer = line.filter { !$0.isWhitespace }.lowercased()
            if answer == "0" || answer == "c" || answer == "cancel" { return nil }
            if let number = Int(answer), (1...options.count).contains(number) { return number - 1 }
            write(TerminalTexts.fill(texts.chooseRetry, max) + "\n")
        }
        return nil
    }
}
