/// SHA-1 (FIPS 180-4 §6.1), for what still names it: HMAC-SHA1 under the one-time codes of RFC 4226 and RFC 6238,
/// which every authenticator app computes by default. Not for anything that needs collision resistance.
///
/// Pure Swift on every platform: a one-time code hashes a 64-byte key block and an 8-byte counter, so the platform's
/// library would save nothing worth a second code path. Checked against the FIPS 180-4 examples.
public enum SHA1 {
    /// The 20-byte digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
            0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476, 0xc3d2_e1f0
        )
        var message = bytes
        let bitLength = UInt64(bytes.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            message.append(UInt8(truncatingIfNeeded: bitLength >> shift))
        }
        var words = [UInt32](repeating: 0, count: 80)
        for blockStart in stride(from: 0, to: message.count, by: 64) {
            for index in 0..<16 {
                let offset = blockStart + index * 4
                words[index] =
                    UInt32(message[offset]) << 24 | UInt32(message[offset + 1]) << 16
                    | UInt32(message[offset + 2]) << 8 | UInt32(message[offset + 3])
            }
            for index in 16..<80 {
                let mixed = words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16]
                words[index] = mixed << 1 | mixed >> 31
            }
            var (a, b, c, d, e) = state
            for index in 0..<80 {
                let (f, k): (UInt32, UInt32)
                switch index {
                case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5a82_7999)
                case 20..<40: (f, k) = (b ^ c ^ d, 0x6ed9_eba1)
                case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8f1b_bcdc)
                default: (f, k) = (b ^ c ^ d, 0xca62_c1d6)
                }
                let next = (a << 5 | a >> 27) &+ f &+ e &+ k &+ words[index]
                e = d
                d = c
                c = b << 30 | b >> 2
                b = a
                a = next
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
        }
        return [state.0, state.1, state.2, state.3, state.4].flatMap { word in
            [
                UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
                UInt8(truncatingIfNeeded: word),
            ]
        }
    }
}

/// HMAC-SHA1 (RFC 2104), checked against RFC 2202.
public enum HMACSHA1 {
    /// The 20-byte authentication code of `message` under `key`.
    public static func authenticationCode(for message: [UInt8], key: [UInt8]) -> [UInt8] {
        let blockSize = 64
        var keyBlock = key.count > blockSize ? SHA1.hash(key) : key
        keyBlock.append(contentsOf: repeatElement(0, count: blockSize - keyBlock.count))
        let inner = SHA1.hash(keyBlock.map { $0 ^ 0x36 } + message)
        return SHA1.hash(keyBlock.map { $0 ^ 0x5c } + inner)
    }
}
