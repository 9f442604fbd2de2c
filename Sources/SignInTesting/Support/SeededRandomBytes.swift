public import SignInCrypto
import SignInLocking

/// Deterministic "random" bytes from a seed (SplitMix64): the same seed gives the same keys, uids and
/// nonces, so tests can compare exact values. Never use it outside tests.
public final class SeededRandomBytes: RandomByteSource {
    private let state: Locked<UInt64>

    /// Creates a source.
    public init(seed: UInt64 = 0x5eed) {
        state = Locked(seed)
    }

    public func bytes(count: Int) -> [UInt8] {
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

/// Hands out exactly the bytes it was given, then repeats them: for tests of how bytes become characters.
public final class ScriptedRandomBytes: RandomByteSource {
    private let script: [UInt8]
    private let position = Locked(0)

    /// Creates a source.
    /// - Precondition: `script` is not empty.
    public init(_ script: [UInt8]) {
        precondition(!script.isEmpty, "a script needs at least one byte")
        self.script = script
    }

    public func bytes(count: Int) -> [UInt8] {
        position.withLock { position in
            (0..<count).map { _ in
                defer { position = (position + 1) % script.count }
                return script[position]
            }
        }
    }
}
