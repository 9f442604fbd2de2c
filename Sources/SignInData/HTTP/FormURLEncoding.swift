import Foundation

/// `application/x-www-form-urlencoded`, as the WHATWG URL standard defines it, both ways: the Secure Token API's
/// body, `signInWithIdp`'s `postBody`, and a URL's query. Letters, digits and `*-._` stay, a space is `+`, every
/// other byte of the UTF-8 is `%XX`.
public enum FormURLEncoding {
    /// The pairs, encoded and joined with `&`.
    public static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    /// One name or value, encoded.
    public static func escape(_ text: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                encoded.append("+")
            default:
                encoded.append("%")
                encoded.append(hexDigits[Int(byte >> 4)])
                encoded.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return encoded
    }

    /// The pairs of `text`, by name. The first of repeated names wins; a pair whose name or value is not valid
    /// percent-encoded UTF-8 is left out, as is a pair with an empty name.
    public static func decode(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts.first.flatMap(unescape), !name.isEmpty,
                let value = parts.count > 1 ? unescape(parts[1]) : ""
            else { continue }
            if fields[name] == nil { fields[name] = value }
        }
        return fields
    }

    private static func unescape(_ part: Substring) -> String? {
        part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    private static let hexDigits: [Character] = Array("0123456789ABCDEF")
}
