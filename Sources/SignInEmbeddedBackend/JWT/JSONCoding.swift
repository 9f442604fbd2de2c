import Foundation

/// Compact, key-sorted JSON for token parts.
enum JSONCoding {
    static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain value types cannot fail; an empty object keeps the API total.
        return (try? Array(encoder.encode(value))) ?? Array("{}".utf8)
    }
}
