import Foundation
import Testing

/// `SECURITY.md` claims a defence only with a test that proves it: every row names at least one test, and every
/// test it names exists.
@Suite("SECURITY.md")
struct SecurityDocumentTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The display names of every test in the package.
    static func testNames() throws -> String {
        let tests = root.appendingPathComponent("Tests")
        let files = FileManager.default.enumerator(atPath: tests.path)?.compactMap { $0 as? String } ?? []
        return try files.filter { $0.hasSuffix(".swift") }.map {
            try String(contentsOf: tests.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
    }

    @Test("every row names a test, and every test it names exists")
    func everyRowHasATest() throws {
        let document = try String(contentsOf: Self.root.appendingPathComponent("SECURITY.md"), encoding: .utf8)
        let sources = try Self.testNames()
        let rows = document.split(separator: "\n").filter {
            $0.hasPrefix("| ") && !$0.hasPrefix("| threat") && !$0.hasPrefix("|---")
        }
        #expect(rows.count >= 30)
        for row in rows {
            let columns = row.split(separator: "|", omittingEmptySubsequences: false)
            let testColumn = columns.count > 3 ? String(columns[3]) : ""
            let names = testColumn.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            #expect(!names.isEmpty, "no test named in: \(row.prefix(80))")
            for name in names {
                let prefix = name.hasSuffix("…") ? String(name.dropLast()) : name
                #expect(sources.contains("\"" + prefix), "SECURITY.md names a test that does not exist: \(name)")
            }
        }
    }
}
