#if canImport(CryptoKit)
    import CryptoKit
#endif

/// SHA-256 (FIPS 180-4). Uses CryptoKit where it exists, the system's OpenSSL on Linux
/// (``HashingImplementation/current``), and ``SoftwareSHA256`` where there is neither.
public enum SHA256 {
    /// The digest of `bytes`: 32 bytes.
    public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        #if canImport(CryptoKit)
            return Array(CryptoKit.SHA256.hash(data: Array(bytes)))
        #else
            if let library = LibCrypto.shared { return library.sha256Hash(Array(bytes)) }
            var hasher = SoftwareSHA256()
            hasher.update(Array(bytes))
            return hasher.finalize()
        #endif
    }

    /// The digest of the UTF-8 bytes of `string`.
    public static func hash(_ string: String) -> [UInt8] {
        hash(Array(string.utf8))
    }

    /// The lowercase hex digest of the UTF-8 bytes of `string`: what goes in Apple's `nonce`.
    public static func hexDigest(_ string: String) -> String {
        Hex.encode(hash(string))
    }
}

/// A pure-Swift SHA-256 (FIPS 180-4 §6.2), incremental, for platforms without CryptoKit. Checked
/// against the FIPS 180-4 examples on every platform.
public struct SoftwareSHA256: Sendable {
    static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    private var buffer: [UInt8] = []
    private var totalLength: UInt64 = 0

    /// A hasher in its initial state.
    public init() {
        buffer.reserveCapacity(64)
    }

    /// A hasher that continues from a state reached after `length` bytes (a multiple of 64), as HMAC and
    /// PBKDF2 do with their precomputed key blocks.
    init(resumingFrom words: [UInt32], length: UInt64) {
        state = (words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[7])
        totalLength = length
        buffer.reserveCapacity(64)
    }

    /// The digest of `bytes` in one call.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = SoftwareSHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Adds bytes to the message.
    public mutating func update(_ bytes: [UInt8]) {
        totalLength &+= UInt64(bytes.count)
        var index = 0
        if !buffer.isEmpty {
            let take = min(64 - buffer.count, bytes.count)
            buffer.append(contentsOf: bytes[0..<take])
            index = take
            if buffer.count == 64 {
                buffer.withUnsafeBufferPointer { compress($0.baseAddress!) }
                buffer.removeAll(keepingCapacity: true)
            }
        }
        bytes.withUnsafeBufferPointer { pointer in
            while index + 64 <= bytes.count {
                compress(pointer.baseAddress! + index)
                index += 64
            }
        }
        if index < bytes.count {
            buffer.append(contentsOf: bytes[index...])
        }
    }

    /// Pads the message and returns the 32-byte digest.
    public mutating func finalize() -> [UInt8] {
        let bitLength = totalLength &* 8
        var padding: [UInt8] = [0x80]
        let remainder = (buffer.count + 1) % 64
        let zeros = remainder <= 56 ? 56 - remainder : 64 + 56 - remainder
        padding.append(contentsOf: repeatElement(0, count: zeros))
        for shift in stride(from: 56, through: 0, by: -8) {
            padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        let savedLength = totalLength
        update(padding)
        totalLength = savedLength
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7] {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// Compresses one 64-byte block into the state, with the same round function PBKDF2's loop uses.
    private mutating func compress(_ block: UnsafePointer<UInt8>) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 72) { memory in
            let s = memory.baseAddress!
            let w = s + 8
            (s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) = state
            for t in 0..<16 {
                // Two statements: one long expression of shifts and ORs can exceed the type checker's time limit.
                let high: UInt32 = UInt32(block[t &* 4]) &<< 24 | UInt32(block[t &* 4 &+ 1]) &<< 16
                let low: UInt32 = UInt32(block[t &* 4 &+ 2]) &<< 8 | UInt32(block[t &* 4 &+ 3])
                w[t] = high | low
            }
            Self.roundConstants.withUnsafeBufferPointer { SHA256Block.compress(s, w, $0.baseAddress!) }
            state = (s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
        }
    }
}
