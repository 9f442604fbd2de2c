import Foundation
import SignInEmbeddedBackend

/// A JSON value, for the HTTP face's request and response bodies: requests are decoded into it (so that a
/// field of the wrong type can be told from a missing one), responses are built from it.
enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number read from a request.
    case number(Double)
    /// A whole number written in a response.
    case integer(Int)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

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

extension JSONValue: Codable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value.isFinite ? value : 0)
        case .integer(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral {
    init(stringLiteral value: String) {
        self = .string(value)
    }

    init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}
