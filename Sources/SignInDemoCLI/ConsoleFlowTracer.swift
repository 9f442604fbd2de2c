import SignInDemoTrace
import SignInDomain
import SignInLocking

/// Prints each step of a flow as a numbered line labelled with its layer, in the user's language:
/// `  4. [Domain]          SignInUseCase.callAsFunction  sign in with apple.com (4 UI clients set up)`.
final class ConsoleFlowTracer: FlowTracer {
    private let table: [String: String]
    private let write: @Sendable (String) -> Void
    private let counter = Locked(0)

    /// - Parameters:
    ///   - table: The language's templates by message key (``TraceTexts``); empty for English. A key it lacks
    ///     shows in English.
    ///   - write: Where the lines go.
    init(table: [String: String] = [:], write: @escaping @Sendable (String) -> Void) {
        self.table = table
        self.write = write
    }

    func record(_ step: FlowStep) {
        let number = counter.withLock { count in
            count += 1
            return count
        }
        write(Self.line(number: number, step: step, table: table))
    }

    /// One step's line: the number right-aligned in 3 columns, the layer label in 17, the component, the message.
    static func line(number: Int, step: FlowStep, table: [String: String]) -> String {
        let index = String(number).leftPadded(to: 3)
        let label = "[\(step.layer.rawValue)]".padding(to: 17)
        let message = step.message.rendered(table[step.message.key] ?? step.message.english)
        return "\(index). \(label)\(step.component)  \(message)\n"
    }
}

extension String {
    /// The columns it takes on a terminal: an East Asian wide or fullwidth character (`密`, `：`) takes two, so that
    /// Chinese labels line up as English and Turkish ones do.
    var terminalWidth: Int {
        unicodeScalars.reduce(0) { width, scalar in width + (Self.isWide(scalar) ? 2 : 1) }
    }

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            true
        default: false
        }
    }

    /// Padded with spaces to `width` terminal columns, with at least one space after it.
    func padding(to width: Int) -> String {
        let used = terminalWidth
        return used >= width ? self + " " : self + String(repeating: " ", count: width - used)
    }

    func leftPadded(to width: Int) -> String {
        let used = terminalWidth
        return used >= width ? self : String(repeating: " ", count: width - used) + self
    }
}
