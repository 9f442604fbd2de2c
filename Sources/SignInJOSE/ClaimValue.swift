import Foundation

/// A claim's value as JSON has it: what an administrator's custom claims hold (a role, a level, a list of groups),
/// written into ID tokens as they were given.
public indirect enum ClaimValue: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([ClaimValue])
    case object([String: ClaimValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let whole = try? container.decode(Int.self) {
            self = .integer(whole)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let list = try? container.decode([ClaimValue].self) {
            self = .array(list)
        } else {
            self = .object(try container.decode([String: ClaimValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .integer(let whole): try container.encode(whole)
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let list): try container.encode(list)
        case .object(let members): try container.encode(members)
        }
    }

    /// The claims of a JSON object's text, or `nil` when the text is not a JSON object.
    public static func object(fromJSON text: String) -> [String: ClaimValue]? {
        try? JSONDecoder().decode([String: ClaimValue].self, from: Data(text.utf8))
    }
}
