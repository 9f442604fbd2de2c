public import Foundation

/// The payload of a JWT that a client reads without verifying it (a client holds no key): to learn a token's
/// expiry, subject or sign-in provider, never to decide access.
public enum UnverifiedJWT {
    /// The decoded payload of `token`, or `nil` when it is not three base64url parts (at most 16 KiB).
    public static func payload(of token: String) -> Data? {
        guard token.utf8.count <= 16 * 1024 else { return nil }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        return Base64URLText.decode(parts[1])
    }
}

/// Base64url without padding (RFC 4648 §5), as tokens' text uses it; lenient about padding on input. (The strict,
/// canonical codec that signatures need is `SignInCrypto`'s.) Both directions work on bytes: no Foundation string
/// bridging, no Unicode property lookups.
public enum Base64URLText {
    private static let alphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The value of each ASCII byte in the alphabet; `0xFF` outside it.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// The encoding of `data`.
    public static func encode(_ data: Data) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((data.count * 4 + 2) / 3)
        var bits: UInt32 = 0
        var count = 0
        for byte in data {
            bits = bits << 8 | UInt32(byte)
            count += 8
            while count >= 6 {
                count -= 6
                output.append(alphabet[Int(bits >> UInt32(count) & 0x3F)])
            }
        }
        if count > 0 { output.append(alphabet[Int(bits << UInt32(6 - count) & 0x3F)]) }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes `text` encodes, with or without padding; `nil` when it is not base64url.
    public static func decode(_ text: some StringProtocol) -> Data? {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count * 3 / 4)
        var bits: UInt32 = 0
        var count = 0
        var padding = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "=") {
                padding = true
                continue
            }
            let value = values[Int(byte)]
            guard value != 0xFF, !padding else { return nil }
            bits = bits << 6 | UInt32(value)
            count += 6
            if count >= 8 {
                count -= 8
                output.append(UInt8(truncatingIfNeeded: bits >> UInt32(count)))
            }
        }
        // A single character left over (6 bits) cannot be part of a byte: not base64url.
        guard count < 6 else { return nil }
        return Data(output)
    }
}
