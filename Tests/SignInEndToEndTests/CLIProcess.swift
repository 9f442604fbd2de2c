import Foundation

/// Runs the built `signin-demo` binary as a separate process, as a user would.
struct CLIProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The directory holding the build products: the test bundle's own directory.
    static var productsDirectory: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        return Bundle.main.bundleURL
    }

    static var executable: URL { productsDirectory.appendingPathComponent("signin-demo") }

    /// Runs the CLI with `arguments` and `input` on standard input (not a terminal), and waits for it.
    static func run(_ arguments: [String], input: String = "") throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("signin-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inURL = directory.appendingPathComponent("in")
        let outURL = directory.appendingPathComponent("out")
        let errURL = directory.appendingPathComponent("err")
        try Data(input.utf8).write(to: inURL)
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
