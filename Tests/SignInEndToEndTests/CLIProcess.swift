import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the built `signin-demo` binary as a separate process, as a user would, on a data folder of its own.
struct CLIProcess: Sendable {
    struct Result: Sendable {
        let status: Int32
        let stdout: String
        let stderr: String
        /// Whether the run overran its time limit and was killed.
        var timedOut = false
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

    /// The data folder every run of this value uses; separate runs share it, as a user's would.
    let dataDirectory: URL
    /// Variables every run gets (for example a lower PBKDF2 cost, which keeps debug-build tests quick).
    let baseEnvironment: [String: String]

    init(environment: [String: String] = [:]) {
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("signin-e2e-\(UUID().uuidString)")
        baseEnvironment = environment
    }

    /// Removes the data folder.
    func cleanUp() {
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    /// Runs the CLI with `arguments` and `input` on standard input (not a terminal), and waits for it. The data
    /// folder is passed through `SIGNIN_DEMO_DATA_DIR`, so the arguments are exactly what a user types.
    /// - Parameter timeout: How long to wait at most; a run that overruns it is killed (`SIGKILL`) and its
    ///   result says ``Result/timedOut``. `nil` waits as long as it takes.
    func run(
        _ arguments: [String], input: String = "", environment extra: [String: String] = [:],
        timeout: Duration? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SIGNIN_DEMO_DATA_DIR"] = dataDirectory.path
        environment.merge(baseEnvironment) { _, new in new }
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let io = FileManager.default.temporaryDirectory.appendingPathComponent("signin-io-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: io, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: io) }
        let inURL = io.appendingPathComponent("in")
        let outURL = io.appendingPathComponent("out")
        let errURL = io.appendingPathComponent("err")
        try Data(input.utf8).write(to: inURL)
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        var timedOut = false
        if let timeout {
            let (seconds, attoseconds) = timeout.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            if exited.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
            }
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self), timedOut: timedOut)
    }

    /// Runs `script` in `/bin/sh` with the CLI as `$0` and this value's data folder and environment: for what
    /// Foundation cannot pass (invalid UTF-8 arguments) or set up (a closed or full standard output). Standard
    /// output goes nowhere; standard error is returned.
    func runThroughShell(_ script: String) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, Self.executable.path]
        var environment = ProcessInfo.processInfo.environment
        environment["SIGNIN_DEMO_DATA_DIR"] = dataDirectory.path
        environment.merge(baseEnvironment) { _, new in new }
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: "", stderr: String(decoding: stderr, as: UTF8.self))
    }
}
