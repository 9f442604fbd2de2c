import Foundation
import Testing

/// Reads `swift package dump-package` and fails on any dependency arrow that points outward, and on any
/// package dependency. The table here is the one in Architecture.md.
@Suite("Package structure")
struct PackageStructureTests {
    /// What each source target may depend on. Anything else is an outward arrow.
    static let allowed: [String: Set<String>] = [
        "SignInDomain": [],
        "SignInCrypto": [],
        "SignInFileSystem": [],
        "SignInSQLite": [],
        "SignInLocking": [],
        "SignInPresentation": ["SignInDomain"],
        "SignInData": ["SignInDomain"],
        "SignInFirebase": ["SignInDomain", "SignInData"],
        "SignInREST": ["SignInDomain", "SignInData"],
        "SignInInfrastructure": ["SignInDomain", "SignInData", "SignInCrypto", "SignInFileSystem", "SignInLocking"],
        "SignInJOSE": ["SignInCrypto", "SignInData"],
        "SignInWebAuthn": ["SignInCrypto"],
        "SignInEmbeddedStore": [
            "SignInDomain", "SignInData", "SignInCrypto", "SignInFileSystem", "SignInSQLite", "SignInJOSE",
            "SignInLocking",
        ],
        "SignInEmbeddedIssuers": ["SignInDomain", "SignInData", "SignInCrypto", "SignInJOSE", "SignInEmbeddedStore"],
        "SignInEmbeddedBackend": [
            "SignInDomain", "SignInData", "SignInCrypto", "SignInFileSystem", "SignInJOSE", "SignInEmbeddedStore",
            "SignInEmbeddedIssuers", "SignInLocking", "SignInWebAuthn",
        ],
        "SignInTesting": ["SignInDomain", "SignInCrypto", "SignInLocking"],
        "SignInDataTesting": ["SignInDomain", "SignInData", "SignInTesting"],
        "SignInInfrastructureTesting": ["SignInDomain", "SignInInfrastructure", "SignInTesting"],
        // The demo's targets.
        "SignInHTTPServer": ["SignInLocking"],
        "SignInDemoTrace": ["SignInLocking"],
        "SignInEmulator": [
            "SignInDomain", "SignInData", "SignInCrypto", "SignInEmbeddedBackend", "SignInJOSE", "SignInDemoTrace",
            "SignInEmbeddedStore",
        ],
        "SignInDemoAdapters": [
            "SignInDomain", "SignInData", "SignInInfrastructure", "SignInPresentation", "SignInHTTPServer",
            "SignInDemoTrace", "SignInCrypto", "SignInWebAuthn",
        ],
        "signin-bench": [
            "SignInDomain", "SignInData", "SignInInfrastructure", "SignInEmbeddedBackend", "SignInCrypto",
            "SignInFirebase", "SignInHTTPServer", "SignInPresentation", "SignInEmulator", "SignInDemoAdapters",
            "SignInEmbeddedStore", "SignInEmbeddedIssuers",
        ],
        "SignInDemoCLI": [
            "SignInDomain", "SignInPresentation", "SignInInfrastructure", "SignInData", "SignInEmbeddedBackend",
            "SignInCrypto", "SignInFileSystem", "SignInFirebase", "SignInHTTPServer", "SignInREST", "SignInEmulator",
            "SignInDemoAdapters", "SignInDemoTrace", "SignInEmbeddedIssuers", "SignInLocking",
        ],
        "signin-demo": ["SignInDemoCLI"],
        // The vector checker CI runs (Examples/crypto-vectors).
        "signin-crypto-vectors": ["SignInCrypto"],
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

    @Test("the package declares no package dependencies, and every arrow points inward")
    func dependencyRule() throws {
        let manifest = try Self.dumpPackage()
        #expect((manifest["dependencies"] as? [Any])?.isEmpty == true)

        let targets = try #require(manifest["targets"] as? [[String: Any]])
        let sourceTargets = targets.filter { $0["type"] as? String != "test" }
        #expect(Set(sourceTargets.compactMap { $0["name"] as? String }) == Set(Self.allowed.keys))
        for target in sourceTargets {
            let name = target["name"] as? String ?? "?"
            let outward = Self.dependencies(of: target).subtracting(Self.allowed[name] ?? [])
            #expect(outward.isEmpty, "\(name) depends outward on \(outward.sorted())")
        }
        let domain = try #require(sourceTargets.first { $0["name"] as? String == "SignInDomain" })
        #expect(Self.dependencies(of: domain).isEmpty)
        // The parser must see arrows where there are some, or the checks above could never fail.
        let root = try #require(sourceTargets.first { $0["name"] as? String == "SignInDemoCLI" })
        #expect(Self.dependencies(of: root) == Self.allowed["SignInDemoCLI"])
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
