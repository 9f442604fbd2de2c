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
        "SignInPresentation": ["SignInDomain"],
        "SignInData": ["SignInDomain"],
        "SignInFirebase": ["SignInDomain", "SignInData"],
        "SignInREST": ["SignInDomain", "SignInData"],
        "SignInHTTPServer": [],
        "SignInInfrastructure": ["SignInDomain", "SignInData", "SignInCrypto", "SignInFileSystem", "SignInHTTPServer"],
        "SignInEmbeddedBackend": ["SignInDomain", "SignInData", "SignInCrypto", "SignInFileSystem"],
        "SignInTesting": ["SignInDomain", "SignInData", "SignInInfrastructure", "SignInCrypto"],
        "signin-bench": [
            "SignInDomain", "SignInData", "SignInInfrastructure", "SignInEmbeddedBackend", "SignInCrypto",
            "SignInFirebase", "SignInHTTPServer", "SignInPresentation",
        ],
        "signin-demo": [
            "SignInDomain", "SignInPresentation", "SignInInfrastructure", "SignInData", "SignInEmbeddedBackend",
            "SignInCrypto", "SignInFileSystem", "SignInFirebase", "SignInHTTPServer", "SignInREST",
        ],
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
        let root = try #require(sourceTargets.first { $0["name"] as? String == "signin-demo" })
        #expect(Self.dependencies(of: root) == Self.allowed["signin-demo"])
    }

    @Test("test targets may use the testing target; no source target may")
    func testingTargetStaysInTests() throws {
        let targets = try #require(try Self.dumpPackage()["targets"] as? [[String: Any]])
        for target in targets where target["type"] as? String != "test" {
            #expect(!Self.dependencies(of: target).contains("SignInTesting"), "\(target["name"] ?? "?")")
        }
    }

    @Test("an Apple-only source file is all one #if canImport branch with no #else, and small: the API is the same everywhere")
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
            #expect(!lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#else") }, "\(file) has an #else")
            #expect(lines.count <= 120, "\(file) has \(lines.count) lines; an Apple-only shell is reviewed at a glance")
        }
        // The check must see the shells, or it could never fail.
        #expect(appleOnly.count >= 3, "found \(appleOnly.sorted())")
    }
}
