/// The CLI's output boundary: every text it writes, to standard output or standard error, passes here once, so that
/// nothing a name, an email, a backend's message, a URL or a path carries can drive the terminal.
///
/// A scalar a terminal would obey or that reorders or hides text is written as `\uXXXX` (a UTF-16 escape, so that
/// inside a JSON string it still means the same character): the C0 and C1 controls (ESC, and with it CSI and OSC
/// sequences, OSC 8 links and OSC 52 clipboard writes among them; BEL; CR; TAB) except the line feed that ends a
/// line, the format characters (bidi overrides such as U+202E, zero-width characters, the BOM), and the line and
/// paragraph separators. The CLI's own texts contain none of them. Escaping twice changes nothing.
enum TerminalText {
    /// `text` with every scalar a terminal would obey written as `\uXXXX`.
    static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16, uppercase: true)
                result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            }
        }
        return String(result)
    }

    /// `value` as one line: its line feeds written as `\u000A`, for a value that goes into a line of output.
    static func oneLine(_ value: String) -> String {
        guard value.unicodeScalars.contains("\n") else { return value }
        var result = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            if scalar == "\n" { result.append(contentsOf: "\\u000A".unicodeScalars) } else { result.append(scalar) }
        }
        return String(result)
    }

    /// Whether `scalar` is one a terminal would obey, or that reorders or hides text.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\n" { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
