import Foundation
import SignInData

/// Reading a team's API, whose field names are configured at run time and whose numbers may arrive as strings.
extension JSONValue {
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
