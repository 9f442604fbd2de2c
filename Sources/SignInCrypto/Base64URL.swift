/// Base64url without padding (RFC 4648 §5), as JWTs use it.
///
/// Decoding is strict: only the canonical encoding of some bytes is accepted. A string with a character outside
/// the alphabet, padding, an impossible length, or a last character that carries stray low bits (so that two
/// different strings would decode to the same bytes) is refused. A signature or a key therefore has exactly one
/// textual form, and a token cannot be altered without changing what it decodes to.
public enum Base64URL {
    private static let alphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The value of each ASCII byte in the alphabet, `0xFF` for bytes outside it.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// Encodes bytes.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((input.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= input.count {
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            output.append(alphabet[Int(chunk >> 18 & 0x3F)])
            output.append(alphabet[Int(chunk >> 12 & 0x3F)])
            output.append(alphabet[Int(chunk >> 6 & 0x3F)])
            output.append(alphabet[Int(chunk & 0x3F)])
            index += 3
        }
        switch input.count - index {
        case 1:
            let chunk = UInt32(input[index]) << 16
            output.append(alphabet[Int(chunk >> 18 & 0x3F)])
            output.append(alphabet[Int(chunk >> 12 & 0x3F)])
        case 2:
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
            output.append(alphabet[Int(chunk >> 18 & 0x3F)])
            output.append(alphabet[Int(chunk >> 12 & 0x3F)])
            output.append(alphabet[Int(chunk >> 6 & 0x3F)])
        default:
            break
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes a canonical base64url string.
    /// - Returns: The bytes, or `nil` when the string holds a character outside the alphabet (padding
    ///   included), has an impossible length, or is not the canonical encoding of its bytes (its last character
    ///   carries bits that no encoder sets).
    public static func decode(_ string: some StringProtocol) -> [UInt8]? {
        decode(utf8: Array(string.utf8))
    }

    /// Decodes canonical base64url given as UTF-8 bytes; see ``decode(_:)``.
    public static func decode(utf8 input: [UInt8]) -> [UInt8]? {
        let remainder = input.count % 4
        guard remainder != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count * 3 / 4)
        var index = 0
        while index + 4 <= input.count {
            let a = values[Int(input[index])]
            let b = values[Int(input[index + 1])]
            let c = values[Int(input[index + 2])]
            let d = values[Int(input[index + 3])]
            guard (a | b | c | d) & 0xC0 == 0 else { return nil }
            let chunk = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
            output.append(UInt8(truncatingIfNeeded: chunk >> 16))
            output.append(UInt8(truncatingIfNeeded: chunk >> 8))
            output.append(UInt8(truncatingIfNeeded: chunk))
            index += 4
        }
        switch remainder {
        case 2:
            let a = values[Int(input[index])]
            let b = values[Int(input[index + 1])]
            // Two characters carry one byte: the last four bits of the second must be zero.
            guard (a | b) & 0xC0 == 0, b & 0x0F == 0 else { return nil }
            output.append(a << 2 | b >> 4)
        case 3:
            let a = values[Int(input[index])]
            let b = values[Int(input[index + 1])]
            let c = values[Int(input[index + 2])]
            // Three characters carry two bytes: the last two bits of the third must be zero.
            guard (a | b | c) & 0xC0 == 0, c & 0x03 == 0 else { return nil }
            output.append(a << 2 | b >> 4)
            output.append((b & 0x0F) << 4 | c >> 2)
        default:
            break
        }
        return output
    }
}
