import Foundation

/// `application/x-www-form-urlencoded` text, as the Secure Token API's body and `signInWithIdp`'s `postBody`
/// carry it: `name=value` pairs joined by `&`, `+` for a space, `%XX` for a byte.
enum FormURLEncoded {
    /// The pairs of `text`, by name. The first of repeated names wins; a pair whose name or value is not valid
    /// percent-encoded UTF-8 is left out, as is a pair with an empty name.
    static func decode(_ text: String) -> [String: String] {
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

    /// The pairs of a body, or `nil` when it is not UTF-8 (or larger than ``JSONValue/maximumBodySize``).
    static func decode(_ body: Data) -> [String: String]? {
        guard body.count <= JSONValue.maximumBodySize, let text = String(data: body, encoding: .utf8) else {
            return nil
        }
        return decode(text)
    }

    private static func unescape(_ part: Substring) -> String? {
        part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
