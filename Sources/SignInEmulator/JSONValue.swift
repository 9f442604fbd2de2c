import Foundation
import SignInData
import SignInEmbeddedBackend

/// The HTTP face's request and response bodies: requests are decoded into a `JSONValue` (so that a field of the
/// wrong type can be told from a missing one), responses are built from one.
extension JSONValue {
    /// The most bytes a request body may have (1 MiB): Firebase's requests are a few kilobytes.
    static let maximumBodySize = 1 << 20

    /// The value `data` holds, or `nil` when it is not JSON (or larger than ``maximumBodySize``), or when an object
    /// in it names a key twice: readers disagree about which one counts (this decoder keeps the first, Python's
    /// `json` the last), so that two components could read one body differently.
    static func decode(_ data: Data) -> JSONValue? {
        guard data.count <= maximumBodySize, let value = try? JSONDecoder().decode(JSONValue.self, from: data),
            !hasDuplicateKeys(Array(data))
        else { return nil }
        return value
    }

    /// Whether an object in `bytes`, which hold valid JSON, names a key twice (compared after unescaping:
    /// `"a"` and `"\u0061"` are one key).
    static func hasDuplicateKeys(_ bytes: [UInt8]) -> Bool {
        enum Frame {
            case object(Set<String>)
            case array
        }
        var frames: [Frame] = []
        var expectingKey = false
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                frames.append(.object([]))
                expectingKey = true
            case UInt8(ascii: "["):
                frames.append(.array)
                expectingKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = frames.popLast()
                expectingKey = false
            case UInt8(ascii: ","):
                if case .object? = frames.last { expectingKey = true }
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard expectingKey, case .object(var keys)? = frames.last else { break }
                expectingKey = false
                let quoted = Data(bytes[start...min(index, bytes.count - 1)])
                let key =
                    (try? JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed) as? String)
                    ?? String(decoding: quoted, as: UTF8.self)
                guard keys.insert(key).inserted else { return true }
                frames[frames.count - 1] = .object(keys)
            default:
                break
            }
            index += 1
        }
        return false
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
