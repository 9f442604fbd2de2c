import Foundation
import Testing

/// Reads `swift package dump-package` and fails on any package dependency, on a library product that reaches the demo,
/// and on any difference between the manifest's targets and arrows and the tables of Architecture.md, which are the
/// reviewed record of the dependency rule.
@Suite("Package structure")
struct PackageStructureTests {
    /// The targets that depend on nothing: the innermost layer and the leaves beside the layers.
    static let leaves: Set<String> = [
        "SignInDomain", "SignInCrypto", "SignInFileSystem", "SignInSQLite", "SignInLocking",
    ]

    /// The targets that exist only to show the library off: the CLI, its terminal prompts, the HTTP server and the
    /// embedded backend's HTTP face. No library product may contain one, directly or through a dependency.
    static let demoTargets: Set<String> = [
        "signin-demo", "signin-bench", "SignInDemoCLI", "SignInDemoAdapters", "SignInDemoTrace", "SignInHTTPServer",
        "SignInEmulator",
    ]

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The manifest as SwiftPM reads it.
    static func dumpPackage() throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // A scratch path of its own, so the dump never waits for the lock of the build running the tests.
        process.arguments = [
            "swift", "package", "--package-path", packageRoot.path, "--scratch-path", scratch.path, "dump-package",
        ]
        let output = Pipe()
        // SwiftPM leaves a folder of its own in TMPDIR for every fresh scratch path: keep it inside ours.
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = scratch.path
        process.environment = environment
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func dependencies(of target: [String: Any]) -> Set<String> {
        let entries = target["dependencies"] as? [[String: Any]] ?? []
        return Set(
            entries.compactMap { entry in
                (entry["byName"] as? [Any])?.first as? String ?? (entry["target"] as? [Any])?.first as? String
            })
    }

    @Test("the package declares no package dependencies; Domain and the leaves depend on nothing; the layers on Domain")
    func dependencyRule() throws {
        let manifest = try Self.dumpPackage()
        #expect((manifest["dependencies"] as? [Any])?.isEmpty == true)

        let targets = try #require(manifest["targets"] as? [[String: Any]])
        var graph: [String: Set<String>] = [:]
        for target in targets { graph[target["name"] as? String ?? "?"] = Self.dependencies(of: target) }
        for leaf in Self.leaves {
            #expect(graph[leaf] == [], "\(leaf) depends on \(graph[leaf]?.sorted() ?? ["(it is missing)"])")
        }
        for layer in ["SignInPresentation", "SignInData"] {
            #expect(graph[layer] == ["SignInDomain"], "\(layer) depends on \(graph[layer]?.sorted() ?? [])")
        }
        // The parser must see arrows where there are some, or the checks above could never fail.
        #expect(graph["SignInDemoCLI"]?.contains("SignInDomain") == true)
    }

    /// Architecture.md's target tables: each row's target (its first cell, in backticks) and the targets it depends on
    /// (its second cell: `nothing`, or names without their `SignIn` prefix where such a target exists).
    /// - Parameter known: The manifest's targets, so that a missing row is one difference, not one per arrow to it.
    static func architectureTables(known: Set<String>) throws -> (targets: [String: Set<String>], problems: [String]) {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Architecture.md"), encoding: .utf8)
        let section = try #require(
            text.components(separatedBy: "\n## Targets and the dependency rule\n").dropFirst().first?
                .components(separatedBy: "\n## ").first,
            "Architecture.md has no section \"Targets and the dependency rule\"")
        var rows: [(name: String, dependencies: [String])] = []
        var problems: [String] = []
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4 else {
                problems.append("Architecture.md: a row without a dependency cell: \(line)")
                continue
            }
            let name = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            guard !name.isEmpty, !name.contains("`"), !name.contains(" ") else {
                problems.append("Architecture.md: a row names not one target in backticks: \(cells[1])")
                continue
            }
            let listed = cells[2] == "nothing" ? [] : cells[2].components(separatedBy: ", ")
            rows.append((name, listed))
        }
        let names = Set(rows.map(\.name)).union(known)
        var targets: [String: Set<String>] = [:]
        for row in rows {
            guard targets[row.name] == nil else {
                problems.append("Architecture.md lists \(row.name) twice")
                continue
            }
            targets[row.name] = Set(row.dependencies.map { names.contains("SignIn" + $0) ? "SignIn" + $0 : $0 })
        }
        return (targets, problems)
    }

    @Test("Architecture.md's target tables hold exactly the manifest's targets and each one's dependencies")
    func architectureTablesAreTheManifest() throws {
        let targets = try #require(try Self.dumpPackage()["targets"] as? [[String: Any]])
        var manifest: [String: Set<String>] = [:]
        for target in targets { manifest[target["name"] as? String ?? "?"] = Self.dependencies(of: target) }
        let (documented, problems) = try Self.architectureTables(known: Set(manifest.keys))

        var differences = problems
        let onlyInManifest = Set(manifest.keys).subtracting(documented.keys).sorted()
        let onlyInTables = Set(documented.keys).subtracting(manifest.keys).sorted()
        if !onlyInManifest.isEmpty { differences.append("targets missing from Architecture.md: \(onlyInManifest)") }
        if !onlyInTables.isEmpty {
            differences.append("targets in Architecture.md but not in Package.swift: \(onlyInTables)")
        }
        for (name, dependencies) in manifest.sorted(by: { $0.key < $1.key }) {
            guard let listed = documented[name] else { continue }
            let missing = dependencies.subtracting(listed).sorted()
            let extra = listed.subtracting(dependencies).sorted()
            if !missing.isEmpty {
                differences.append("\(name) depends on \(missing), which Architecture.md does not list")
            }
            if !extra.isEmpty {
                differences.append("Architecture.md says \(name) depends on \(extra), which it does not")
            }
        }
        #expect(
            differences.isEmpty,
            "Architecture.md's target tables and Package.swift differ:\n\(differences.joined(separator: "\n"))")
        // The tables must be read, or the comparison could never fail.
        #expect(documented.count >= 40, "Architecture.md's tables gave \(documented.count) targets")
        #expect(documented["SignInDemoCLI"]?.contains("SignInDomain") == true)
    }

    @Test("what an app links is the architecture: no library product reaches a demo target")
    func libraryProductsHoldNoDemo() throws {
        let manifest = try Self.dumpPackage()
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        var graph: [String: Set<String>] = [:]
        for target in targets { graph[target["name"] as? String ?? "?"] = Self.dependencies(of: target) }
        let products = try #require(manifest["products"] as? [[String: Any]])
        var libraries = 0
        for product in products where (product["type"] as? [String: Any])?["library"] != nil {
            libraries += 1
            let name = product["name"] as? String ?? "?"
            var linked: Set<String> = []
            var next = product["targets"] as? [String] ?? []
            while let target = next.popLast() {
                guard linked.insert(target).inserted else { continue }
                next += graph[target] ?? []
            }
            #expect(
                linked.isDisjoint(with: Self.demoTargets),
                "\(name) links \(linked.intersection(Self.demoTargets).sorted())")
        }
        // The walk must see products and arrows, or the check above could never fail.
        #expect(libraries >= 8)
        #expect(graph["SignInDemoCLI"]?.isDisjoint(with: Self.demoTargets) == false)
    }

    @Test("test targets may use the test kit; no other source target may")
    func testingTargetStaysInTests() throws {
        let targets = try #require(try Self.dumpPackage()["targets"] as? [[String: Any]])
        var checked = 0
        for target in targets where target["type"] as? String != "test" {
            let name = target["name"] as? String ?? "?"
            guard !Self.testKit.contains(name) else { continue }
            checked += 1
            #expect(Self.dependencies(of: target).isDisjoint(with: Self.testKit), "\(name)")
        }
        #expect(checked >= 10)
    }

    /// The test kit's targets.
    static let testKit: Set<String> = ["SignInTesting", "SignInDataTesting", "SignInInfrastructureTesting"]

    @Test(
        "an Apple-only source file is all one #if canImport branch with no #else, and small: the API is the same everywhere"
    )
    func appleOnlyFilesAreShells() throws {
        let sources = Self.packageRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
        let appleModules = ["AuthenticationServices", "Security", "SwiftUI", "UIKit"]
        var appleOnly: [String] = []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            guard appleModules.contains(where: { text.contains("canImport(\($0))") }) else { continue }
            appleOnly.append(file)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let code = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.hasPrefix("//") }
            #expect(code.first?.hasPrefix("#if canImport(") == true, "\(file) does not start with its #if")
            #expect(code.last == "#endif", "\(file) has code after its #endif")
            #expect(
                !lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#else") }, "\(file) has an #else")
            #expect(lines.count <= 120, "\(file) has \(lines.count) lines; an Apple-only shell is reviewed at a glance")
        }
        // The check must see the shells, or it could never fail.
        #expect(appleOnly.count >= 3, "found \(appleOnly.sorted())")
    }
}
