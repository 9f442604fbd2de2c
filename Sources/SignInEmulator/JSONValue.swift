import Foundation
import SignInData
import SignInEmbeddedBackend

/// The HTTP face's request and response bodies: requests are decoded into a `JSONValue` (so that a field of the
/// wrong type can be told from a missing one), responses are built from one.
extension JSONValue {
    /// The most bytes a request body may have (1 MiB): Firebase's requests are a few kilobytes.
    static let maximumBodySize = 1 << 20

    /// The value `data` holds, or `nil` when it is not JSON (or larger than ``maximumBodySize``).
    static func decode(_ data: Data) -> JSONValue? {
        guard data.count <= maximumBodySize else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The value as compact JSON with sorted keys.
    var encoded: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, numbers and booleans cannot fail; an empty object keeps the face total.
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }

    /// An object with the `nil` values left out.
    static func object(omittingNil fields: [String: JSONValue?]) -> JSONValue {
        .object(fields.compactMapValues { $0 })
    }
}
