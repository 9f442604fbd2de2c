/// A ``QRCode`` drawn in text, two rows of modules to a line with the half-block characters, inside the quiet zone of
/// four light modules that readers need.
package enum TerminalQRCode {
    /// How the dark modules are shown.
    package enum Style: Sendable {
        /// Black on white whatever the terminal's colours (ANSI escapes): what a phone reads off a screen.
        case colored
        /// The characters alone, ink for dark: right on a light background and on paper, inverted on a dark
        /// terminal.
        case plain
    }

    /// Light modules around the code on every side.
    package static let quietZone = 4

    /// The lines that draw `code`, each `size + 8` characters wide (not counting the escapes).
    package static func lines(_ code: QRCode, style: Style) -> [String] {
        let width = code.size + 2 * quietZone
        func isDark(_ x: Int, _ y: Int) -> Bool {
            let column = x - quietZone
            let row = y - quietZone
            guard (0..<code.size).contains(column), (0..<code.size).contains(row) else { return false }
            return code.modules[row][column]
        }
        return stride(from: 0, to: width, by: 2).map { top in
            let characters = (0..<width).map { x -> Character in
                switch (isDark(x, top), isDark(x, top + 1)) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            }
            let line = String(characters)
            switch style {
            case .colored: return "\u{1B}[30;107m" + line + "\u{1B}[0m"
            case .plain: return line
            }
        }
    }
}
