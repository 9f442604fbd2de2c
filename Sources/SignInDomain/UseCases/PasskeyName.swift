/// A passkey's name as the user typed it: without control or format characters, trimmed, at most ``maximumLength``
/// characters. Empty when the user gave none: a screen shows its own default ("Passkey 1") in the user's language.
public enum PasskeyName {
    /// The longest name kept; a longer one is cut.
    public static let maximumLength = 64

    /// `name` trimmed of white space and control characters and cut to ``maximumLength`` characters.
    public static func normalized(_ name: String) -> String {
        // Control characters, and format characters that would reorder what a list shows (U+202E).
        let printable = name.unicodeScalars.filter {
            $0.properties.generalCategory != .control && $0.properties.generalCategory != .format
        }
        let text = String(String.UnicodeScalarView(printable))
        let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
        let end = text.lastIndex { !$0.isWhitespace }.map { text.index(after: $0) } ?? start
        var cut = text[start..<max(start, end)].prefix(maximumLength)
        // Cut after a space, the name would end in one.
        while cut.last?.isWhitespace == true { cut = cut.dropLast() }
        return String(cut)
    }
}
