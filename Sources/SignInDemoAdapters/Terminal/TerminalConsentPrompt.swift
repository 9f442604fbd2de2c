import SignInDomain
import SignInInfrastructure

/// Asks for consent on a terminal, the stand-in for Apple's and Google's system sheets:
///
/// ```
/// signin-demo wants to use your Apple ID "Jane Appleseed" (jane@example.com).
///   1) Continue and share my email
///   2) Continue and hide my email
///   3) Cancel
/// Choose 1, 2 or 3:
/// ```
///
/// The end of input counts as a cancel; an unclear answer is asked again, up to three times.
package struct TerminalConsentPrompt: ConsentPrompt {
    private let readLine: @Sendable () -> String?
    private let write: @Sendable (String) -> Void
    private let texts: TerminalTexts

    /// Creates the prompt.
    /// - Parameters:
    ///   - readLine: Reads one line of input; `nil` at the end of input.
    ///   - write: Writes text to the terminal (no newline added).
    ///   - texts: The words, in the user's language.
    package init(
        readLine: @escaping @Sendable () -> String?, write: @escaping @Sendable (String) -> Void,
        texts: TerminalTexts = TerminalTexts()
    ) {
        self.readLine = readLine
        self.write = write
        self.texts = texts
    }

    package func ask(_ request: ConsentRequest) async -> ConsentChoice {
        let intro = TerminalTexts.fill(
            texts.consentIntro,
            [
                "app": request.appName,
                "provider": texts.providerNames[request.provider.rawValue] ?? request.provider.rawValue,
                "name": request.accountName,
                "email": request.accountEmail,
            ])
        write("\(intro)\n  1) \(texts.consentShare)\n  2) \(texts.consentHide)\n  3) \(texts.cancel)\n")
        for _ in 0..<3 {
            write(texts.consentChoose)
            guard let line = readLine() else {
                write("\n")
                return .cancel
            }
            if let choice = Self.parse(line) { return choice }
            write(texts.consentRetry + "\n")
        }
        return .cancel
    }

    /// Reads an answer: a number, the first letter, or the word.
    package static func parse(_ answer: String) -> ConsentChoice? {
        switch answer.lowercased().filter({ !$0.isWhitespace }) {
        case "1", "s", "share", "y", "yes": .shareEmail
        case "2", "h", "hide": .hideEmail
        case "3", "c", "cancel", "n", "no", "q", "quit": .cancel
        default: nil
        }
    }
}
