import Foundation

/// Base64url without padding (RFC 4648 §5), as JWTs use it.
public enum Base64URL {
    /// Encodes bytes.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes a base64url string; `nil` when it holds a character outside the alphabet or has an
    /// impossible length.
    public static func decode(_ string: String) -> [UInt8]? {
        guard string.utf8.allSatisfy({ Self.isAlphabet($0) }), string.utf8.count % 4 != 1 else { return nil }
        var base64 = string.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64.append(String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4))
        return Data(base64Encoded: base64).map { Array($0) }
    }

    private static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
