/// The subset of CBOR (RFC 8949) that WebAuthn and CTAP2 use: unsigned and negative integers, byte and text strings,
/// arrays, maps, and the simple values `false`, `true` and `null`, all of definite length.
///
/// Decoding is strict and bounded, because what it reads comes from a client: an indefinite length, a tag, a float,
/// another simple value, an integer or length not in its shortest form, a duplicate map key, text that is not UTF-8,
/// nesting deeper than ``maximumDepth``, a length beyond the bytes given, and bytes after the value are all refused
/// with a ``DecodingError``. Nothing is allocated for a length before the bytes it claims are known to be there, so a
/// hostile length costs nothing.
///
/// Encoding is CTAP2's canonical form (CTAP 2.1 §8): shortest heads, definite lengths, and map keys sorted by their
/// encodings, shorter first, then bytewise.
public enum CBOR {
    /// The deepest nesting accepted: a top-level value is at depth 1, each array or map adds one.
    public static let maximumDepth = 16

    /// A decoded CBOR data item.
    public enum Value: Sendable, Hashable {
        /// An unsigned integer (major type 0).
        case unsigned(UInt64)
        /// A negative integer (major type 1): the value is -1 - `n`.
        case negative(UInt64)
        /// A byte string (major type 2).
        case bytes([UInt8])
        /// A UTF-8 text string (major type 3).
        case text(String)
        /// An array (major type 4).
        case array([Value])
        /// A map (major type 5), whose keys are distinct.
        case map([Value: Value])
        /// `false` or `true` (major type 7, simple values 20 and 21).
        case bool(Bool)
        /// `null` (major type 7, simple value 22).
        case null

        /// The integer `value` as CBOR: ``unsigned(_:)`` when it is not negative, ``negative(_:)`` when it is.
        public static func int(_ value: Int) -> Value {
            value >= 0 ? .unsigned(UInt64(value)) : .negative(UInt64(-1 - value))
        }

        /// The value as an `Int` when it is an integer that fits one, else `nil`.
        public var intValue: Int? {
            switch self {
            case .unsigned(let n): n <= UInt64(Int.max) ? Int(n) : nil
            case .negative(let n): n <= UInt64(Int.max) ? -1 - Int(n) : nil
            default: nil
            }
        }

        /// The bytes of a byte string, else `nil`.
        public var bytesValue: [UInt8]? {
            if case .bytes(let bytes) = self { bytes } else { nil }
        }

        /// The text of a text string, else `nil`.
        public var textValue: String? {
            if case .text(let text) = self { text } else { nil }
        }

        /// The entries of a map, else `nil`.
        public var mapValue: [Value: Value]? {
            if case .map(let map) = self { map } else { nil }
        }
    }

    /// Why bytes are not a CBOR value this decoder accepts.
    public enum DecodingError: Error, Sendable, Hashable {
        /// The input ends inside a value, or a length claims more bytes than there are.
        case truncated
        /// An indefinite length (additional information 31).
        case indefiniteLength
        /// A tag (major type 6), a float, a simple value other than false, true and null, or a reserved encoding.
        case unsupportedType
        /// An integer or a length written with more bytes than its value needs.
        case notShortestForm
        /// A map holds the same key twice.
        case duplicateMapKey
        /// Arrays and maps nested deeper than ``CBOR/maximumDepth``.
        case tooDeep
        /// A text string that is not valid UTF-8.
        case invalidUTF8
        /// Bytes follow the value.
        case trailingBytes

        /// A short text for logs.
        public var reason: String {
            switch self {
            case .truncated: "the CBOR ends early or claims more bytes than it has"
            case .indefiniteLength: "an indefinite length in CBOR"
            case .unsupportedType: "a CBOR tag, float or simple value WebAuthn does not use"
            case .notShortestForm: "a CBOR integer or length not in its shortest form"
            case .duplicateMapKey: "a CBOR map with a duplicate key"
            case .tooDeep: "CBOR nested too deeply"
            case .invalidUTF8: "a CBOR text string that is not UTF-8"
            case .trailingBytes: "bytes after the CBOR value"
            }
        }
    }

    /// Decodes `bytes`, which must hold exactly one value.
    /// - Parameter bytes: The encoded value.
    /// - Returns: The value.
    /// - Throws: ``DecodingError`` when the bytes are not one value of the accepted subset, or bytes follow it.
    public static func decode(_ bytes: some Collection<UInt8>) throws(DecodingError) -> Value {
        let (value, rest) = try decodePrefix(ArraySlice(bytes))
        guard rest.isEmpty else { throw .trailingBytes }
        return value
    }

    /// Decodes the value at the start of `bytes` and returns it with the bytes after it (which are not looked at),
    /// as authenticator data needs for the credential public key that extensions may follow.
    /// - Parameter bytes: Bytes that begin with an encoded value.
    /// - Returns: The value and the bytes that follow it.
    /// - Throws: ``DecodingError`` when the bytes do not begin with a value of the accepted subset.
    public static func decodePrefix(_ bytes: ArraySlice<UInt8>) throws(DecodingError) -> (
        value: Value, rest: ArraySlice<UInt8>
    ) {
        var reader = Reader(bytes: bytes)
        let value = try reader.value(depth: 1)
        return (value, reader.bytes)
    }

    /// The canonical CTAP2 encoding of `value`.
    public static func encode(_ value: Value) -> [UInt8] {
        var output: [UInt8] = []
        append(value, to: &output)
        return output
    }

    private static func append(_ value: Value, to output: inout [UInt8]) {
        switch value {
        case .unsigned(let n):
            appendHead(major: 0, argument: n, to: &output)
        case .negative(let n):
            appendHead(major: 1, argument: n, to: &output)
        case .bytes(let bytes):
            appendHead(major: 2, argument: UInt64(bytes.count), to: &output)
            output += bytes
        case .text(let text):
            appendHead(major: 3, argument: UInt64(text.utf8.count), to: &output)
            output += text.utf8
        case .array(let items):
            appendHead(major: 4, argument: UInt64(items.count), to: &output)
            for item in items { append(item, to: &output) }
        case .map(let map):
            appendHead(major: 5, argument: UInt64(map.count), to: &output)
            let entries = map.map { (key: encode($0.key), value: $0.value) }.sorted {
                isCanonicallyBefore($0.key, $1.key)
            }
            for entry in entries {
                output += entry.key
                append(entry.value, to: &output)
            }
        case .bool(let flag):
            output.append(flag ? 0xF5 : 0xF4)
        case .null:
            output.append(0xF6)
        }
    }

    /// CTAP2's key order: the shorter encoding first, then the bytewise smaller.
    private static func isCanonicallyBefore(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
    }

    /// Appends the head of a data item: its major type and its argument in the fewest bytes.
    private static func appendHead(major: UInt8, argument: UInt64, to output: inout [UInt8]) {
        let type = major << 5
        switch argument {
        case 0..<24:
            output.append(type | UInt8(argument))
        case 24...0xFF:
            output += [type | 24, UInt8(argument)]
        case 0x100...0xFFFF:
            output.append(type | 25)
            output += bigEndian(argument, count: 2)
        case 0x1_0000...0xFFFF_FFFF:
            output.append(type | 26)
            output += bigEndian(argument, count: 4)
        default:
            output.append(type | 27)
            output += bigEndian(argument, count: 8)
        }
    }

    private static func bigEndian(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// A cursor over the bytes being decoded.
    private struct Reader {
        var bytes: ArraySlice<UInt8>

        mutating func value(depth: Int) throws(DecodingError) -> Value {
            guard depth <= CBOR.maximumDepth else { throw .tooDeep }
            guard let initial = bytes.popFirst() else { throw .truncated }
            let major = initial >> 5
            let info = initial & 0x1F
            if major == 7 {
                switch info {
                case 20: return .bool(false)
                case 21: return .bool(true)
                case 22: return .null
                default: throw .unsupportedType
                }
            }
            guard major != 6 else { throw .unsupportedType }
            guard info != 31 else { throw .indefiniteLength }
            let argument = try self.argument(info: info)
            switch major {
            case 0:
                return .unsigned(argument)
            case 1:
                return .negative(argument)
            case 2:
                return .bytes(Array(try take(argument)))
            case 3:
                guard let text = String(validating: try take(argument), as: UTF8.self) else { throw .invalidUTF8 }
                return .text(text)
            case 4:
                // Every item takes at least one byte: a count beyond the bytes left is refused before anything is
                // allocated for it.
                guard argument <= UInt64(bytes.count) else { throw .truncated }
                var items: [Value] = []
                for _ in 0..<argument { items.append(try value(depth: depth + 1)) }
                return .array(items)
            default:
                guard argument <= UInt64(bytes.count / 2) else { throw .truncated }
                var map: [Value: Value] = [:]
                for _ in 0..<argument {
                    let key = try value(depth: depth + 1)
                    let item = try value(depth: depth + 1)
                    guard map.updateValue(item, forKey: key) == nil else { throw .duplicateMapKey }
                }
                return .map(map)
            }
        }

        /// The argument that follows an initial byte with additional information `info` (0...30), which must be
        /// written in the fewest bytes.
        mutating func argument(info: UInt8) throws(DecodingError) -> UInt64 {
            let count: Int
            switch info {
            case 0..<24: return UInt64(info)
            case 24: count = 1
            case 25: count = 2
            case 26: count = 4
            case 27: count = 8
            default: throw .unsupportedType
            }
            var argument: UInt64 = 0
            for byte in try take(UInt64(count)) { argument = argument << 8 | UInt64(byte) }
            let smallest: UInt64 =
                switch count {
                case 1: 24
                case 2: 0x100
                case 4: 0x1_0000
                default: 0x1_0000_0000
                }
            guard argument >= smallest else { throw .notShortestForm }
            return argument
        }

        /// The next `count` bytes, which must be there.
        mutating func take(_ count: UInt64) throws(DecodingError) -> ArraySlice<UInt8> {
            guard count <= UInt64(bytes.count) else { throw .truncated }
            let end = bytes.startIndex + Int(count)
            defer { bytes = bytes[end...] }
            return bytes[..<end]
        }
    }
}
