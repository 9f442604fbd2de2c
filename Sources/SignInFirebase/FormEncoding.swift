/// `application/x-www-form-urlencoded`, as the WHATWG URL standard defines it: letters, digits and `*-._` stay,
/// a space becomes `+`, every other byte of the UTF-8 becomes `%XX`. Used for the secure-token body, the API key
/// in the query, and `signInWithIdp`'s `postBody`.
enum FormEncoding {
    /// The pairs, encoded and joined with `&`.
    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    /// One name or value, encoded.
    static func escape(_ text: String) -> String {
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

    private static let hexDigits: [Character] = Array("0123456789ABCDEF")
}
