import SignInDomain
import Synchronization

/// Prints each step of a flow as a numbered line labelled with its layer:
/// ` 4. [Domain]          SignInUseCase.invoke  invoke(Apple, uiClients: 1)`.
final class ConsoleFlowTracer: FlowTracer {
    private let write: @Sendable (String) -> Void
    private let counter = Mutex(0)

    init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    func record(_ step: FlowStep) {
        let number = counter.withLock { count in
            count += 1
            return count
        }
        let label = "[\(step.layer.rawValue)]".padding(to: 17)
        let index = String(number).leftPadded(to: 2)
        write("\(index). \(label)\(step.component)  \(step.message)\n")
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
