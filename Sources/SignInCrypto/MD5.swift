#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// MD5 (RFC 1321), only to check the password hashes other systems made (an import's `MD5` and `HMAC_MD5`), which
/// is all it is still fit for. Pure Swift, checked against the examples of RFC 1321.
public enum MD5 {
    /// The shift of each of the 64 steps, four per round.
    static let shifts: [UInt32] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]
    /// The step constants: the integer part of 2³² × |sin(i)| for i = 1…64, as RFC 1321 §3.4 defines them.
    static let constants: [UInt32] = (1...64).map {
        UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0))) * 4_294_967_296))
    }

    /// The 16-byte digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var state: [UInt32] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476]
        var message = bytes
        let bitLength = UInt64(bytes.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 0, through: 56, by: 8) {
            message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        var words = [UInt32](repeating: 0, count: 16)
        for blockStart in stride(from: 0, to: message.count, by: 64) {
            for index in 0..<16 {
                let offset = blockStart + 4 * index
                let low = UInt32(message[offset]) | UInt32(message[offset + 1]) << 8
                let high = UInt32(message[offset + 2]) << 16 | UInt32(message[offset + 3]) << 24
                words[index] = low | high
            }
            var a = state[0]
            var b = state[1]
            var c = state[2]
            var d = state[3]
            for step in 0..<64 {
                let mixed: UInt32
                let word: Int
                switch step {
                case 0..<16:
                    mixed = (b & c) | (~b & d)
                    word = step
                case 16..<32:
                    mixed = (d & b) | (~d & c)
                    word = (5 * step + 1) % 16
                case 32..<48:
                    mixed = b ^ c ^ d
                    word = (3 * step + 5) % 16
                default:
                    mixed = c ^ (b | ~d)
                    word = (7 * step) % 16
                }
                let sum = a &+ mixed &+ constants[step] &+ words[word]
                let shift = shifts[step / 16 * 4 + step % 4]
                a = d
                d = c
                c = b
                b = b &+ (sum << shift | sum >> (32 - shift))
            }
            state[0] &+= a
            state[1] &+= b
            state[2] &+= c
            state[3] &+= d
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(8 * $0)) } }
    }
}
