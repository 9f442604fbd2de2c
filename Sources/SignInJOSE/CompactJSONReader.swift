import Foundation
import SignInData

/// Reads a token part (a JWT header or payload) without `JSONDecoder` when it is the plain kind every token this
/// backend issues is: one object, each key once, whose values are strings, integers, booleans, `null` or lists of
/// strings. Anything else (a fraction, an exponent, a nested object, a repeated key, an escape of a lone surrogate,
/// a value of an unexpected type for a known key) is left to `JSONDecoder`, so that the fast path never accepts
/// what the decoder would refuse, nor reads anything differently: a test and the `jwt-claims` fuzz target compare
/// the two on the same bytes.
public enum TokenJSON {
    /// The value of `bytes`, read by the fast path when it can, else by `JSONDecoder`; `nil` when it is not one.
    static func decode<T: FlatJSONDecodable>(_ type: T.Type, from bytes: [UInt8]) -> T? {
        if let object = FlatJSONObject(bytes), let value = T(flat: object) { return value }
        return try? JSONDecoder().decode(T.self, from: Data(bytes))
    }

    /// A JOSE header read from a token part; `nil` when the bytes are not one.
    public static func header(from bytes: [UInt8]) -> JOSEHeader? { decode(JOSEHeader.self, from: bytes) }

    /// Session-token claims read from a token part; `nil` when the bytes are not claims.
    public static func sessionClaims(from bytes: [UInt8]) -> SessionTokenClaims? {
        decode(SessionTokenClaims.self, from: bytes)
    }

    /// Whether, on `bytes`, the fast path agrees with `JSONDecoder` for every token part it reads (a JOSE header,
    /// identity-token claims, session-token claims): whatever it reads, the decoder reads the same. For tests and
    /// the fuzz targets.
    public static func fastPathAgreesWithDecoder(on bytes: [UInt8]) -> Bool {
        func agrees<T: FlatJSONDecodable & Equatable>(_ type: T.Type) -> Bool {
            guard let fast = FlatJSONObject(bytes).flatMap(T.init(flat:)) else { return true }
            return fast == (try? JSONDecoder().decode(T.self, from: Data(bytes)))
        }
        return agrees(JOSEHeader.self) && agrees(IdentityTokenClaims.self) && agrees(SessionTokenClaims.self)
    }
}

/// A type the fast path can read: built from a ``FlatJSONObject``, or `nil` to leave the bytes to `JSONDecoder`.
protocol FlatJSONDecodable: Decodable {
    init?(flat object: FlatJSONObject)
}

/// A value of a flat object.
enum FlatJSONValue: Equatable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null
    case strings([String])
    /// A nested object (at most ``FlatJSONObject/maximumDepth`` deep).
    case object([String: FlatJSONValue])
}

extension FlatJSONValue {
    /// The same value as a claim's.
    var claimValue: JSONValue {
        switch self {
        case .string(let text): .string(text)
        case .integer(let whole): .integer(whole)
        case .bool(let flag): .bool(flag)
        case .null: .null
        case .strings(let list): .array(list.map(JSONValue.string))
        case .object(let members): .object(members.mapValues(\.claimValue))
        }
    }
}

/// One JSON object whose values are all ``FlatJSONValue``s, each key once.
struct FlatJSONObject {
    private(set) var values: [String: FlatJSONValue] = [:]

    /// A required string; `nil` (leave it to the decoder) when it is missing or not a string.
    func string(_ key: String) -> String? {
        if case .string(let text) = values[key] { return text }
        return nil
    }

    /// An optional string: `.some(nil)` when it is absent or `null`, `nil` when it is another type.
    func optionalString(_ key: String) -> String?? {
        optional(key) { if case .string(let text) = $0 { text } else { nil } }
    }

    /// A required integer, or `nil`.
    func integer(_ key: String) -> Int? {
        if case .integer(let number) = values[key] { return number }
        return nil
    }

    /// An optional boolean: `.some(nil)` when absent or `null`, `nil` when another type.
    func optionalBool(_ key: String) -> Bool?? {
        optional(key) { if case .bool(let flag) = $0 { flag } else { nil } }
    }

    /// An optional integer: `.some(nil)` when absent or `null`, `nil` when another type.
    func optionalInteger(_ key: String) -> Int?? {
        optional(key) { if case .integer(let number) = $0 { number } else { nil } }
    }

    /// The value of `key` as `pick` reads it: `.some(nil)` when absent or `null`, `nil` when `pick` refuses it.
    private func optional<T>(_ key: String, _ pick: (FlatJSONValue) -> T?) -> T?? {
        guard let value = values[key], value != .null else { return .some(nil) }
        return pick(value).map { .some($0) } ?? .none
    }

    func value(_ key: String) -> FlatJSONValue? { values[key] }

    /// The object `key`, or `nil`.
    func object(_ key: String) -> FlatJSONObject? {
        if case .object(let values) = values[key] { return FlatJSONObject(values: values) }
        return nil
    }

    private init(values: [String: FlatJSONValue]) {
        self.values = values
    }

    /// How deep objects may nest: a token's `firebase.identities` is two levels down.
    static let maximumDepth = 3

    /// Parses `bytes`; `nil` unless they are exactly one such object (with white space around it).
    init?(_ bytes: [UInt8]) {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        guard let values = reader.object(depth: 1) else { return nil }
        reader.skipSpace()
        guard reader.isAtEnd else { return nil }
        self.values = values
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func take(_ word: String) -> Bool {
            let expected = Array(word.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected
            else { return false }
            index += expected.count
            return true
        }

        /// An object whose keys are all different, at nesting level `depth`.
        mutating func object(depth: Int) -> [String: FlatJSONValue]? {
            guard depth <= FlatJSONObject.maximumDepth, take(UInt8(ascii: "{")) else { return nil }
            var values: [String: FlatJSONValue] = [:]
            skipSpace()
            if take(UInt8(ascii: "}")) { return values }
            while true {
                skipSpace()
                guard let key = string() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                guard let value = value(depth: depth), values[key] == nil else { return nil }
                values[key] = value
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                return take(UInt8(ascii: "}")) ? values : nil
            }
        }

        mutating func value(depth: Int) -> FlatJSONValue? {
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(depth: depth + 1).map(FlatJSONValue.object)
            case UInt8(ascii: "\""): return string().map(FlatJSONValue.string)
            case UInt8(ascii: "t"): return take("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return take("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return take("null") ? .null : nil
            case UInt8(ascii: "["): return strings().map(FlatJSONValue.strings)
            default: return integer().map(FlatJSONValue.integer)
            }
        }

        /// An integer: `-`? then `0` or a non-zero digit and digits; no fraction or exponent; within `Int`.
        mutating func integer() -> Int? {
            let start = index
            _ = take(UInt8(ascii: "-"))
            let digitsStart = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            let digits = index - digitsStart
            guard digits > 0, digits == 1 || bytes[digitsStart] != 0x30 else { return nil }
            if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
                return nil
            }
            return Int(String(decoding: bytes[start..<index], as: UTF8.self))
        }

        mutating func strings() -> [String]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var list: [String] = []
            skipSpace()
            if take(UInt8(ascii: "]")) { return list }
            while true {
                skipSpace()
                guard let text = string() else { return nil }
                list.append(text)
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                return take(UInt8(ascii: "]")) ? list : nil
            }
        }

        /// A string: valid UTF-8, no raw control characters, the escapes of RFC 8259 §7 (a `\u` escape of a
        /// surrogate must be a high one followed by a low one).
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var out: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(validating: out, as: UTF8.self)
                case 0..<0x20:
                    return nil
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        guard let scalar = unicodeEscape() else { return nil }
                        out.append(contentsOf: Array(String(Character(scalar)).utf8))
                    default: return nil
                    }
                default:
                    out.append(byte)
                }
            }
            return nil
        }

        /// The scalar of `XXXX` (after `\u`), pairing a high surrogate with the `\uXXXX` low one that must follow.
        mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let first = hex4() else { return nil }
            switch first {
            case 0xD800...0xDBFF:
                guard take("\\u"), let second = hex4(), (0xDC00...0xDFFF).contains(second) else { return nil }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            case 0xDC00...0xDFFF:
                return nil
            default:
                return Unicode.Scalar(first)
            }
        }

        mutating func hex4() -> UInt32? {
            guard bytes.count - index >= 4 else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                index += 1
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
                default: return nil
                }
                value = value << 4 | digit
            }
            return value
        }
    }
}

extension JOSEHeader: FlatJSONDecodable {
    init?(flat object: FlatJSONObject) {
        guard let alg = object.string("alg"), let typ = object.optionalString("typ"),
            let kid = object.optionalString("kid")
        else { return nil }
        self.init(alg: alg, typ: typ, kid: kid)
    }
}

extension IdentityTokenClaims: FlatJSONDecodable {
    init?(flat object: FlatJSONObject) {
        guard let iss = object.string("iss"), let sub = object.string("sub"),
            let iat = object.integer("iat"), let exp = object.integer("exp"),
            let nonce = object.optionalString("nonce"), let email = object.optionalString("email"),
            let name = object.optionalString("name"), let azp = object.optionalString("azp"),
            let emailVerified = Self.flexibleBool(object, "email_verified"),
            let isPrivateEmail = Self.flexibleBool(object, "is_private_email")
        else { return nil }
        let audience: [String]
        switch object.value("aud") {
        case .string(let single): audience = [single]
        case .strings(let list): audience = list
        default: return nil
        }
        self.init(
            iss: iss, aud: "", sub: sub, iat: iat, exp: exp, nonce: nonce, email: email, emailVerified: emailVerified,
            isPrivateEmail: isPrivateEmail)
        self.aud = audience
        self.name = name
        self.azp = azp
        for (key, value) in object.values where !Self.standardNames.contains(key) {
            if case .string(let text) = value { providerClaims[key] = text }
        }
    }

    /// A boolean sent as `true` or as `"true"` (any other string is false), as the decoder reads it.
    private static func flexibleBool(_ object: FlatJSONObject, _ key: String) -> Bool?? {
        switch object.value(key) {
        case nil, .null: .some(nil)
        case .bool(let flag): .some(flag)
        case .string(let text): .some(text == "true")
        default: .none
        }
    }
}

extension SessionTokenClaims: FlatJSONDecodable {
    init?(flat object: FlatJSONObject) {
        guard let iss = object.string("iss"), let aud = object.string("aud"),
            let sub = object.string("sub"), let iat = object.integer("iat"), let exp = object.integer("exp"),
            let authTime = object.integer("auth_time"), let email = object.optionalString("email"),
            let name = object.optionalString("name"), let picture = object.optionalString("picture"),
            let phoneNumber = object.optionalString("phone_number"), let sessionID = object.optionalString("sid"),
            let emailVerified = object.optionalBool("email_verified"),
            let firebase = object.object("firebase"), let provider = firebase.string("sign_in_provider"),
            let secondFactor = firebase.optionalString("sign_in_second_factor"),
            let secondFactorIdentifier = firebase.optionalString("second_factor_identifier"),
            let tenant = firebase.optionalString("tenant")
        else { return nil }
        var identities: [String: [String]] = [:]
        switch firebase.value("identities") {
        case nil, .null?: break
        case .object(let values)?:
            for (key, value) in values {
                guard case .strings(let ids) = value else { return nil }
                identities[key] = ids
            }
        default: return nil
        }
        self.init(
            iss: iss, aud: aud, sub: sub, iat: iat, exp: exp, authTime: authTime, signInProvider: provider,
            email: email, emailVerified: emailVerified, name: name, identities: identities, sessionID: sessionID)
        self.picture = picture
        self.phoneNumber = phoneNumber
        self.signInSecondFactor = secondFactor
        self.secondFactorIdentifier = secondFactorIdentifier
        self.tenant = tenant
        switch firebase.value("sign_in_attributes") {
        case nil, .null?: break
        case .object(let members)?: signInAttributes = members.mapValues(\.claimValue)
        default: return nil
        }
        for (key, value) in object.values where !Self.standardNames.contains(key) {
            customClaims[key] = value.claimValue
        }
    }
}
