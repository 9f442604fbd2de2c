import Synchronization
import Testing

@testable import signin_demo

/// A console with scripted input and captured output.
final class CapturedConsole: Sendable {
    private let input: Mutex<[String]>
    private let stdout = Mutex("")
    private let stderr = Mutex("")
    let isInteractive: Bool

    init(input: [String] = [], isInteractive: Bool = false) {
        self.input = Mutex(input)
        self.isInteractive = isInteractive
    }

    var out: String { stdout.withLock { $0 } }
    var err: String { stderr.withLock { $0 } }

    var console: Console {
        Console(
            out: { text in self.stdout.withLock { $0 += text } },
            err: { text in self.stderr.withLock { $0 += text } },
            readLine: { self.input.withLock { $0.isEmpty ? nil : $0.removeFirst() } },
            isInteractive: isInteractive)
    }
}

@MainActor
@Suite("DemoCLI, in-process")
struct DemoCLITests {
    @Test("with no arguments and no terminal, signs in with Apple and shows the session")
    func demo() async {
        let captured = CapturedConsole()
        let code = await DemoCLI(console: captured.console).run([])
        #expect(code == .success)
        #expect(captured.out.contains("providers:     apple.com"))
        #expect(captured.out.contains("[Domain]"))
        #expect(captured.err.isEmpty)
    }

    @Test("on a terminal it asks, and the answer '2' hides the email")
    func asks() async {
        let captured = CapturedConsole(input: ["2"], isInteractive: true)
        let code = await DemoCLI(console: captured.console).run([])
        #expect(code == .success)
        #expect(captured.out.contains("Choose 1, 2 or 3"))
        #expect(captured.out.contains("@privaterelay.appleid.com"))
    }

    @Test("cancelling at the consent step exits 130 with a message on standard error")
    func cancel() async {
        let captured = CapturedConsole(input: ["3"], isInteractive: true)
        let code = await DemoCLI(console: captured.console).run([])
        #expect(code == .cancelled)
        #expect(captured.err.contains("cancelled"))
        #expect(!captured.out.contains("Signed in."))
    }

    @Test("the steps go through every layer, in seed 001's order")
    func layersInOrder() async {
        let captured = CapturedConsole()
        _ = await DemoCLI(console: captured.console).run(["--yes"])
        let order = ["[UI]", "[Presentation]", "[Domain]", "[Infrastructure]", "[Data]", "[Backend]"]
        let positions = order.map { captured.out.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }
}
