import Foundation
import SignInData
import SignInEmbeddedBackend

/// The fields of a request body, read with their JSON types checked: a field that is missing or `null` is
/// `nil`, a field of another type is `INVALID_JSON`, and fields nobody asks for are ignored (Firebase's
/// `tenantId` among them).
struct RequestFields: Sendable {
    private let fields: [String: JSONValue]

    /// The fields of a JSON object.
    init(_ fields: [String: JSONValue]) {
        self.fields = fields
    }

    /// The fields of a JSON body.
    /// - Throws: `INVALID_JSON` when the body is missing, is not JSON, or is JSON but not an object.
    init(jsonBody body: Data?) throws(HTTPFaceError) {
        guard let body, case .object(let fields)? = JSONValue.decode(body) else {
            throw .invalidJSON("the body must be a JSON object")
        }
        self.init(fields)
    }

    /// The names of the fields that are present and not `null`, sorted.
    var names: [String] {
        fields.filter { $0.value != .null }.keys.sorted()
    }

    /// The fields of an `application/x-www-form-urlencoded` body, all of them strings.
    init(form: [String: String]) {
        self.init(form.mapValues { .string($0) })
    }

    /// The string `name`.
    func string(_ name: String) throws(HTTPFaceError) -> String? {
        switch fields[name] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        default: throw .invalidJSON("\(name) must be a string")
        }
    }

    /// The string `name`, `nil` when it is empty too: Firebase takes an empty field for a missing one.
    func text(_ name: String) throws(HTTPFaceError) -> String? {
        guard let value = try string(name), !value.isEmpty else { return nil }
        return value
    }

    /// The boolean `name`.
    func bool(_ name: String) throws(HTTPFaceError) -> Bool? {
        switch fields[name] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        default: throw .invalidJSON("\(name) must be a boolean")
        }
    }

    /// The enum value `name`: its name as a string, or its number in Google's protocol buffers (`numbered`, by number),
    /// as Google's APIs take either.
    /// - Throws: `INVALID_JSON` for another type, or a number `numbered` does not have.
    func enumValue(_ name: String, numbered: [Int: String]) throws(HTTPFaceError) -> String? {
        switch fields[name] {
        case .integer(let number)?:
            guard let value = numbered[number] else { throw .invalidJSON("\(name) has no value \(number)") }
            return value
        default: return try text(name)
        }
    }

    /// The whole number `name`: a JSON integer, or a string of digits (Google's APIs send 64-bit numbers as strings).
    func integer(_ name: String) throws(HTTPFaceError) -> Int? {
        switch fields[name] {
        case nil, .null?: return nil
        case .integer(let value)?: return value
        case .number(let value)? where value.rounded() == value && abs(value) < 9e15: return Int(value)
        case .string(let text)? where Int(text) != nil: return Int(text)
        default: throw .invalidJSON("\(name) must be a whole number")
        }
    }

    /// The object `name`, as fields of its own.
    func object(_ name: String) throws(HTTPFaceError) -> RequestFields? {
        switch fields[name] {
        case nil, .null?: return nil
        case .object(let value)?: return RequestFields(value)
        default: throw .invalidJSON("\(name) must be an object")
        }
    }

    /// The list of objects `name`, each as fields of its own; none when it is missing.
    /// Whether `name` is there, as JSON's `null`.
    func isNull(_ name: String) -> Bool {
        if case .null? = fields[name] { true } else { false }
    }

    func objects(_ name: String) throws(HTTPFaceError) -> [RequestFields] {
        switch fields[name] {
        case nil, .null?: return []
        case .array(let values)?:
            var objects: [RequestFields] = []
            for value in values {
                guard case .object(let object) = value else { throw .invalidJSON("\(name) must list objects") }
                objects.append(RequestFields(object))
            }
            return objects
        default: throw .invalidJSON("\(name) must be a list of objects")
        }
    }

    /// The list of strings `name`.
    func strings(_ name: String) throws(HTTPFaceError) -> [String]? {
        switch fields[name] {
        case nil, .null?: return nil
        case .array(let values)?:
            var strings: [String] = []
            for value in values {
                guard case .string(let string) = value else { throw .invalidJSON("\(name) must list strings") }
                strings.append(string)
            }
            return strings
        default: throw .invalidJSON("\(name) must be a list of strings")
        }
    }

    /// The object `name` whose values are all strings.
    func stringMap(_ name: String) throws(HTTPFaceError) -> [String: String]? {
        switch fields[name] {
        case nil, .null?: return nil
        case .object(let values)?:
            var strings: [String: String] = [:]
            for (key, value) in values {
                guard case .string(let string) = value else { throw .invalidJSON("\(name) must map names to strings") }
                strings[key] = string
            }
            return strings
        default: throw .invalidJSON("\(name) must be an object")
        }
    }
}
