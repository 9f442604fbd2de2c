import Foundation
import Testing

@testable import SignInDemoCLI

/// README.md, Architecture.md and SECURITY.md speak of this repository alone and match the program.
@Suite("The documentation")
struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let documents = ["README.md", "Architecture.md", "SECURITY.md", "Fuzz/README.md"]

    static func read(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
    }

    /// Every file name of the repository, for the references to check.
    static func fileNames() -> Set<String> {
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return Set(
            paths.filter { !$0.hasPrefix(".build") && !$0.hasPrefix(".git/") }.map {
                ($0 as NSString).lastPathComponent
            })
    }

    @Test("no document cites an issue, a conventions document or a file that is not in the repository")
    func selfContained() throws {
        let names = Self.fileNames()
        for document in Self.documents {
            let text = try Self.read(document)
            for forbidden in ["issue 1", "issue 2", "issue 3", "issue 4", "the first issue", "CONVENTIONS"] {
                #expect(!text.contains(forbidden), "\(document) cites '\(forbidden)'")
            }
            // Every `Something.swift` named in backticks exists somewhere in the repository.
            for piece in text.split(separator: "`").enumerated() where piece.offset % 2 == 1 {
                let word = String(piece.element)
                // Templates (`FlowMessage+<Target>.swift`) and the generic `main.swift` name no file.
                guard word.hasSuffix(".swift"), !word.contains(" "), !word.contains("*"), !word.contains("<"),
                    word != "main.swift"
                else { continue }
                let name = (word as NSString).lastPathComponent
                #expect(names.contains(name), "\(document) names \(word), which is not in the repository")
            }
        }
    }

    @Test("the README's JSON example has exactly the keys --json prints")
    func jsonSchema() throws {
        let readme = try Self.read("README.md")
        let example = try #require(
            readme.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "\n```").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(example.utf8)) as? [String: Any])
        // What the CLI prints for a failed command with nobody signed in: every key, each null or empty.
        let report = JSONReport()
        report.record(session: nil)
        report.fail(code: "wrongCredentials", message: "Wrong email or password.")
        let printed = report.document(exitCode: .failure).line()
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any]).keys
        #expect(Set(object.keys) == Set(keys))
        #expect(printed == example + "\n")
    }

    @Test("the README's exit codes are the program's")
    func exitCodes() throws {
        let readme = try Self.read("README.md")
        for code in ["| 0 |", "| 1 |", "| 2 |", "| 130 |"] { #expect(readme.contains(code)) }
        let help = try CLIProcess().run(["--help"]).stdout
        for code in ["0    ", "1    ", "2    ", "130  "] { #expect(help.contains("  " + code), "\(code)") }
        #expect(help.contains("check-credential"))
    }

    @Test("the number of Apple steps the docs give is the number the tour prints")
    func appleSteps() throws {
        let cli = CLIProcess(environment: ["SIGNIN_DEMO_PBKDF2_ITERATIONS": "1000"])
        defer { cli.cleanUp() }
        let tour = try cli.run([]).stdout
        let section = try #require(
            tour.components(separatedBy: "== 2.").dropFirst().first?.components(separatedBy: "\n\n").first)
        let steps = section.split(separator: "\n").filter { $0.contains("] ") && $0.contains(". [") }.count
        #expect(steps > 10)
        #expect(try Self.read("README.md").contains("\(steps) steps"), "the tour prints \(steps) Apple steps")
        #expect(try Self.read("Architecture.md").contains("\(steps) numbered trace lines"))
    }
}
