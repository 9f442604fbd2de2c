import Foundation

/// A JSON value, read without knowing its shape in advance: the API's field names are configured at run time,
/// and its numbers may arrive as strings.
enum JSONValue: Decodable, Hashable, Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
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

    /// The JSON object `data` holds, or `nil` when it is not one.
    static func object(from data: Data) -> [String: JSONValue]? {
        guard case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: data) else { return nil }
        return object
    }

    /// The text of a string.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// Whole seconds from a number or a numeric string (`3600`, `3600.0`, `"3600"`), rounded down; `nil` for
    /// anything else, a value that is not finite, or one beyond ±2⁵³.
    var seconds: Int? {
        let number: Double
        switch self {
        case .integer(let value): return value
        case .number(let value): number = value
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if let value = Int(trimmed) { return value }
            guard let value = Double(trimmed) else { return nil }
            number = value
        default: return nil
        }
        guard number.isFinite, abs(number) <= 9_007_199_254_740_992 else { return nil }
        return Int(number.rounded(.down))
    }
}
