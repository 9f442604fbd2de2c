/// Base32 (RFC 4648 §6), the encoding of one-time-code secrets in `otpauth://` URIs and in authenticator apps.
public enum Base32 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    /// The encoding of `bytes` in upper case, without the `=` padding (as `otpauth://` URIs carry it).
    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 8 + 4) / 5)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                output.append(alphabet[Int(buffer >> UInt32(bits) & 31)])
            }
        }
        if bits > 0 { output.append(alphabet[Int(buffer << UInt32(5 - bits) & 31)]) }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes `text` encodes, as a person may type it: either case, spaces and hyphens between groups, with or
    /// without the `=` padding. `nil` for any other character, an impossible length, or bits left over that are not
    /// zero (a string that is not the encoding of anything).
    public static func decode(_ text: String) -> [UInt8]? {
        var symbols: [UInt32] = []
        var padding = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "-"):
                guard padding == 0 else { return nil }
            case UInt8(ascii: "="):
                padding += 1
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                guard padding == 0 else { return nil }
                symbols.append(UInt32(byte - UInt8(ascii: "A")))
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                guard padding == 0 else { return nil }
                symbols.append(UInt32(byte - UInt8(ascii: "a")))
            case UInt8(ascii: "2")...UInt8(ascii: "7"):
                guard padding == 0 else { return nil }
                symbols.append(UInt32(byte - UInt8(ascii: "2")) + 26)
            default:
                return nil
            }
        }
        // Lengths a group of 8 symbols can end with: 2, 4, 5, 7 (1, 2, 3, 4 bytes) or 0.
        guard [0, 2, 4, 5, 7].contains(symbols.count % 8) else { return nil }
        if padding > 0 { guard (symbols.count + padding) % 8 == 0 else { return nil } }
        var output: [UInt8] = []
        output.reserveCapacity(symbols.count * 5 / 8)
        var buffer: UInt32 = 0
        var bits = 0
        for symbol in symbols {
            buffer = (buffer << 5 | symbol) & 0xfff
            bits += 5
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        guard buffer & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return output
    }
}
