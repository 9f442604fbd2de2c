import Foundation

/// A TOTP generator that shares no code with the package (its own SHA-1 and HMAC, RFC 3174 and RFC 2104), so that a
/// code the CLI accepts is one any authenticator app would show, not one our own generator agrees with itself on.
enum IndependentTOTP {
    /// RFC 6238's code of `secret` at `time`: SHA-1, 30-second steps.
    static func code(secret: [UInt8], time: Int64, digits: Int = 6) -> String {
        var counter = UInt64(time / 30).bigEndian
        let message = withUnsafeBytes(of: &counter) { Array($0) }
        let mac = hmacSHA1(key: secret, message: message)
        let offset = Int(mac[19] & 0x0F)
        let binary =
            (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8)
            | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let value = String(binary % modulus)
        return String(repeating: "0", count: digits - value.count) + value
    }

    /// The code now.
    static func now(_ secret: [UInt8]) -> String { code(secret: secret, time: Int64(Date().timeIntervalSince1970)) }

    static func hmacSHA1(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var key = key.count > 64 ? sha1(key) : key
        key += [UInt8](repeating: 0, count: 64 - key.count)
        let inner = sha1(key.map { $0 ^ 0x36 } + message)
        return sha1(key.map { $0 ^ 0x5C } + inner)
    }

    static func sha1(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var data = message + [0x80]
        while data.count % 64 != 56 { data.append(0) }
        let length = UInt64(message.count) * 8
        for shift in stride(from: 56, through: 0, by: -8) {
            data.append(UInt8(truncatingIfNeeded: length >> UInt64(shift)))
        }
        for chunk in stride(from: 0, to: data.count, by: 64) {
            var w = [UInt32](repeating: 0, count: 80)
            for i in 0..<16 {
                w[i] = data[chunk + 4 * i..<chunk + 4 * i + 4].reduce(0) { $0 << 8 | UInt32($1) }
            }
            for i in 16..<80 {
                let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
                w[i] = x << 1 | x >> 31
            }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for i in 0..<80 {
                let (f, k): (UInt32, UInt32) =
                    switch i {
                    case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                    case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                    case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                    default: (b ^ c ^ d, 0xCA62_C1D6)
                    }
                let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, temp)
            }
            h[0] &+= a
            h[1] &+= b
            h[2] &+= c
            h[3] &+= d
            h[4] &+= e
        }
        return h.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * $0)) } }
    }
}
