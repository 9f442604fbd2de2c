import SignInDemoTrace
import SignInDomain
import Synchronization

/// Prints each step of a flow as a numbered line labelled with its layer, in the user's language:
/// `  4. [Domain]          SignInUseCase.callAsFunction  sign in with apple.com (4 UI clients set up)`.
final class ConsoleFlowTracer: FlowTracer {
    private let table: [String: String]
    private let write: @Sendable (String) -> Void
    private let counter = Mutex(0)

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
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }

    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
