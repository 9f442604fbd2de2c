import Foundation
import SignInCrypto

/// Ours against OpenSSL's (through Python's `hashlib`) on the same machine, in the same run, alternating, so that
/// both see the same load. Python's figure is timed inside Python, without its start-up.
enum OpenSSLComparison {
    /// Python 3 with OpenSSL's `hashlib`, or `nil` when there is none.
    static func python() -> String? {
        for candidate in ["/usr/bin/python3", "/usr/local/bin/python3"] + pathCandidates()
        where FileManager.default.isExecutableFile(atPath: candidate) {
            if let version = run(
                candidate, ["-c", "import hashlib, ssl; print(ssl.OPENSSL_VERSION)"], environment: [:]),
                version.hasPrefix("OpenSSL")
            {
                return candidate
            }
        }
        return nil
    }

    private static func pathCandidates() -> [String] {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
    }

    /// The OpenSSL version Python uses.
    static func version(_ python: String) -> String {
        run(python, ["-c", "import ssl; print(ssl.OPENSSL_VERSION)"], environment: [:])?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "OpenSSL"
    }

    /// Seconds Python's `hashlib` takes for `statement` (timed inside Python), or `nil` if it failed.
    static func openssl(_ python: String, setup: String, statement: String, environment: [String: String]) -> Double? {
        let program =
            "import hashlib, time\n\(setup)\nt = time.perf_counter()\n\(statement)\nprint(time.perf_counter() - t)"
        return run(python, ["-c", program], environment: environment).flatMap {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Alternates ours and OpenSSL's `rounds` times; prints both medians and their ratio.
    static func compare(
        _ label: String, rounds: Int, python: String, environment: [String: String] = [:], setup: String,
        statement: String, ours: () -> Void
    ) {
        var mine = Samples()
        var theirs = Samples()
        for _ in 0..<rounds {
            let start = ContinuousClock.now
            ours()
            mine.add(ContinuousClock.now - start)
            guard let seconds = openssl(python, setup: setup, statement: statement, environment: environment) else {
                line(label, "skipped: Python's hashlib failed")
                return
            }
            theirs.add(seconds: seconds)
        }
        line(
            label,
            "ours \(Samples.format(mine.median)), OpenSSL \(Samples.format(theirs.median)): "
                + String(format: "%.2f× OpenSSL's time", mine.median / theirs.median)
                + " (medians of \(rounds) alternating runs)")
    }

    private static func run(_ executable: String, _ arguments: [String], environment: [String: String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
