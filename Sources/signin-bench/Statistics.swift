import Foundation

/// Per-operation times of one figure, and the numbers printed for it: the median and the 99th percentile (with the
/// minimum and maximum when there are few samples), never one batch mean.
struct Samples {
    private(set) var seconds: [Double] = []

    mutating func add(_ duration: Duration) {
        seconds.append(Self.seconds(duration))
    }

    mutating func add(seconds value: Double) {
        seconds.append(value)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    var count: Int { seconds.count }

    /// The value at quantile `q` (0…1), nearest rank.
    func quantile(_ q: Double) -> Double {
        guard !seconds.isEmpty else { return .nan }
        let sorted = seconds.sorted()
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    var median: Double { quantile(0.5) }
    var p99: Double { quantile(0.99) }
    var minimum: Double { seconds.min() ?? .nan }
    var maximum: Double { seconds.max() ?? .nan }

    /// `median 12.3 µs  p99 19.0 µs  (n = 5000)`, or min–max below 100 samples, where a p99 says nothing.
    var summary: String {
        if count >= 100 {
            return "median \(Self.format(median))  p99 \(Self.format(p99))  (n = \(count))"
        }
        return "median \(Self.format(median))  min–max \(Self.format(minimum))–\(Self.format(maximum))  (n = \(count))"
    }

    /// A time with a unit that keeps three significant digits readable.
    static func format(_ seconds: Double) -> String {
        switch seconds {
        case ..<1e-6: String(format: "%.0f ns", seconds * 1e9)
        case ..<1e-3: String(format: "%.1f µs", seconds * 1e6)
        case ..<1: String(format: "%.2f ms", seconds * 1e3)
        default: String(format: "%.2f s", seconds)
        }
    }
}

/// Times `body` once per call, `count` times, after `warmUp` untimed calls.
func sample(
    count: Int, warmUp: Int = 0, isolation: isolated (any Actor)? = #isolation, _ body: (Int) async throws -> Void
) async rethrows -> Samples {
    for index in 0..<warmUp { try await body(-1 - index) }
    var samples = Samples()
    for index in 0..<count {
        let start = ContinuousClock.now
        try await body(index)
        samples.add(ContinuousClock.now - start)
    }
    return samples
}

/// One printed line: a label padded to a column, then the figures.
func line(_ label: String, _ figures: String) {
    let padded = label.count < 64 ? label + String(repeating: " ", count: 64 - label.count) : label + " "
    print("  \(padded)\(figures)")
}

/// What the figures were measured on.
enum Machine {
    static var description: String {
        let cpu =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
        var system = utsname()
        uname(&system)
        let kernel = withUnsafeBytes(of: &system.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let os = withUnsafeBytes(of: &system.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let memory = ProcessInfo.processInfo.physicalMemory >> 30
        return "\(cpu ?? "unknown CPU"), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) GiB, "
            + "\(os) \(kernel)"
    }

    static var date: String {
        ISO8601DateFormatter().string(from: Date())
    }
}
