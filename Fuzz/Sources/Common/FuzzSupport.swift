// Shared by every fuzz target and by the seed maker (Fuzz/run compiles this folder into each of them).
import Foundation
import SignInCrypto
import SignInDomain
import Synchronization

/// Stops the fuzzer with a message when a property the code promises does not hold. libFuzzer sees the trap
/// as a crash and saves the input (`crash-…`), exactly as for a crash inside the code under test.
func fuzzFailure(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError("FUZZ PROPERTY VIOLATED: \(message)", file: file, line: line)
}

/// Checks a property of the code under test; see ``fuzzFailure(_:file:line:)``.
func fuzzCheck(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
    line: UInt = #line
) {
    if !condition() { fuzzFailure(message(), file: file, line: line) }
}

/// The bytes libFuzzer hands to `LLVMFuzzerTestOneInput`.
func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// A clock that never moves: every input is checked at the same instant, so that a crash replays.
struct FixedClock: WallClock {
    let date: Date
    func now() -> Date { date }
}

/// Deterministic bytes (SplitMix64): the same input always draws the same keys, uids and tokens.
final class SeededBytes: RandomByteSource {
    private let state: Mutex<UInt64>

    init(seed: UInt64) {
        state = Mutex(seed)
    }

    func bytes(count: Int) -> [UInt8] {
        state.withLock { state in
            var out: [UInt8] = []
            out.reserveCapacity(count)
            while out.count < count {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                z ^= z >> 31
                withUnsafeBytes(of: z) { out.append(contentsOf: $0.prefix(count - out.count)) }
            }
            return out
        }
    }
}

/// Measures `body` and fails when it takes longer than `limit`: an operation on stored data must stay
/// bounded whatever the data says (a hang that never returns is caught by libFuzzer's `-timeout` instead).
func bounded<T>(
    _ what: String, limit: Duration = FuzzFixture.operationTimeLimit, file: StaticString = #fileID, line: UInt = #line,
    _ body: () throws -> T
) rethrows -> T {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try body()
    let elapsed = clock.now - start
    fuzzCheck(elapsed <= limit, "\(what) took \(elapsed), more than \(limit)", file: file, line: line)
    return result
}
