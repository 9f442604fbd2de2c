import Testing

@testable import SignInWebAuthn

@Suite("CBOR: the canonical encoding, round trips, and hostile input refused")
struct CBORTests {
    typealias V = CBOR.Value

    @Test("every kind of value survives an encoding and a decoding")
    func roundTrips() throws {
        let values: [V] = [
            .int(0), .int(23), .int(24), .int(255), .int(256), .int(65_535), .int(65_536), .int(-1), .int(-24),
            .int(-25), .int(-257), .unsigned(UInt64.max), .negative(UInt64.max), .bytes([]), .bytes([0, 1, 2]),
            .bytes([UInt8](repeating: 7, count: 70_000)), .text(""), .text("nağme 字 😀"), .bool(false), .bool(true),
            .null, .array([]), .array([.int(1), .text("a"), .array([.null])]), .map([:]),
            .map([.int(1): .int(2), .text("k"): .map([.bytes([1]): .bool(true)]), .int(-3): .array([])]),
        ]
        for value in values {
            #expect(try CBOR.decode(CBOR.encode(value)) == value, "\(value)")
        }
    }

    @Test("integers and lengths take their shortest heads")
    func shortestHeads() {
        #expect(CBOR.encode(.int(23)) == [0x17])
        #expect(CBOR.encode(.int(24)) == [0x18, 0x18])
        #expect(CBOR.encode(.int(256)) == [0x19, 0x01, 0x00])
        #expect(CBOR.encode(.int(65_536)) == [0x1A, 0x00, 0x01, 0x00, 0x00])
        #expect(CBOR.encode(.int(1 << 32)) == [0x1B, 0, 0, 0, 1, 0, 0, 0, 0])
        #expect(CBOR.encode(.int(-1)) == [0x20])
        #expect(CBOR.encode(.int(-7)) == [0x26])
        #expect(CBOR.encode(.int(-25)) == [0x38, 0x18])
        #expect(CBOR.encode(.text("fmt")) == [0x63, 0x66, 0x6D, 0x74])
        #expect(CBOR.encode(.bytes([UInt8](repeating: 0, count: 32))).prefix(2) == [0x58, 0x20])
        #expect(
            CBOR.encode(.bool(false)) == [0xF4] && CBOR.encode(.bool(true)) == [0xF5] && CBOR.encode(.null) == [0xF6])
    }

    @Test("map keys are in CTAP2's order: the shorter encoding first, then bytewise")
    func canonicalMapOrder() {
        let map = V.map([
            .text("aa"): .int(1), .text("b"): .int(2), .int(10): .int(3), .int(-1): .int(4), .int(3): .int(5),
        ])
        #expect(
            CBOR.encode(map) == [0xA5, 0x03, 0x05, 0x0A, 0x03, 0x20, 0x04, 0x61, 0x62, 0x02, 0x62, 0x61, 0x61, 0x01])
        let attestation = V.map([
            .text("authData"): .bytes([]), .text("fmt"): .text("none"), .text("attStmt"): .map([:]),
        ])
        let encoded = CBOR.encode(attestation)
        // fmt (3 letters), then attStmt (7), then authData (8): as authenticators write it.
        #expect(encoded.prefix(5) == [0xA3, 0x63, 0x66, 0x6D, 0x74])
        #expect(encoded[10...17] == [0x67, 0x61, 0x74, 0x74, 0x53, 0x74, 0x6D, 0x74])
    }

    @Test("a value followed by more bytes is refused; decodePrefix hands the rest back")
    func trailingBytes() throws {
        #expect(throws: CBOR.DecodingError.trailingBytes) { try CBOR.decode([0x01, 0x00]) }
        #expect(throws: CBOR.DecodingError.trailingBytes) { try CBOR.decode([0xA0, 0xA0]) }
        let (value, rest) = try CBOR.decodePrefix([0x82, 0x01, 0x02, 0xFF, 0xEE][...])
        #expect(value == .array([.int(1), .int(2)]) && Array(rest) == [0xFF, 0xEE])
    }

    @Test("every strict prefix of a valid encoding is truncated")
    func truncated() {
        let value = V.map([
            .int(1): .bytes([UInt8](repeating: 9, count: 300)), .text("key"): .array([.int(70_000), .text("é")]),
        ])
        let encoded = CBOR.encode(value)
        for length in 0..<encoded.count {
            #expect(throws: CBOR.DecodingError.truncated) { try CBOR.decode(encoded.prefix(length)) }
        }
    }

    @Test("a length or a count beyond the input is refused before anything is allocated for it")
    func hugeLengths() {
        let huge: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        for major: UInt8 in [2, 3, 4, 5] {
            #expect(throws: CBOR.DecodingError.truncated) { try CBOR.decode([major << 5 | 27] + huge) }
            #expect(throws: CBOR.DecodingError.truncated) {
                try CBOR.decode([major << 5 | 26, 0xFF, 0xFF, 0xFF, 0xFF])
            }
            #expect(throws: CBOR.DecodingError.truncated) { try CBOR.decode([major << 5 | 25, 0x01, 0x00, 0x00]) }
        }
        // A map of 2 entries needs at least 4 bytes.
        #expect(throws: CBOR.DecodingError.truncated) { try CBOR.decode([0xA2, 0x01, 0x02]) }
    }

    @Test("nesting deeper than 16 is refused, however deep, without exhausting the stack")
    func deepNesting() throws {
        let fifteen = [UInt8](repeating: 0x81, count: 15) + [0x00]
        #expect(try CBOR.decode(fifteen) != .null)
        #expect(throws: CBOR.DecodingError.tooDeep) { try CBOR.decode([0x81] + fifteen) }
        #expect(throws: CBOR.DecodingError.tooDeep) { try CBOR.decode([0xA1, 0x00] + [0x81] + fifteen) }
        #expect(throws: CBOR.DecodingError.tooDeep) {
            try CBOR.decode([UInt8](repeating: 0x81, count: 1_000_000) + [0x00])
        }
        #expect(throws: CBOR.DecodingError.tooDeep) {
            try CBOR.decode([UInt8](repeating: 0xA1, count: 1_000_000) + [0x00])
        }
    }

    @Test("indefinite lengths are refused")
    func indefiniteLengths() {
        for input: [UInt8] in [
            [0x5F, 0x41, 0x00, 0xFF], [0x7F, 0x61, 0x61, 0xFF], [0x9F, 0xFF], [0xBF, 0xFF], [0x1F],
        ] {
            #expect(throws: CBOR.DecodingError.indefiniteLength, "\(input)") { try CBOR.decode(input) }
        }
    }

    @Test("tags, floats, undefined, other simple values, break and reserved encodings are refused")
    func unsupportedTypes() {
        let inputs: [[UInt8]] = [
            [0xC0, 0x60], [0xD8, 0x18, 0x40], [0xF9, 0x3C, 0x00], [0xFA, 0x3F, 0x80, 0x00, 0x00],
            [0xFB, 0x3F, 0xF0, 0, 0, 0, 0, 0, 0], [0xF7], [0xF0], [0xF8, 0x20], [0xFF], [0x1C], [0x5D], [0x9E],
        ]
        for input in inputs {
            #expect(throws: CBOR.DecodingError.unsupportedType, "\(input)") { try CBOR.decode(input) }
        }
    }

    @Test("an integer or a length written longer than it needs is refused")
    func notShortest() {
        let inputs: [[UInt8]] = [
            [0x18, 0x17], [0x19, 0x00, 0xFF], [0x1A, 0x00, 0x00, 0xFF, 0xFF],
            [0x1B, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF],
            [0x38, 0x00], [0x58, 0x00], [0x78, 0x01, 0x61], [0x98, 0x00], [0xB8, 0x00],
        ]
        for input in inputs {
            #expect(throws: CBOR.DecodingError.notShortestForm, "\(input)") { try CBOR.decode(input) }
        }
    }

    @Test("a map with a key twice is refused, even with different values")
    func duplicateKeys() {
        #expect(throws: CBOR.DecodingError.duplicateMapKey) { try CBOR.decode([0xA2, 0x01, 0x00, 0x01, 0x01]) }
        #expect(throws: CBOR.DecodingError.duplicateMapKey) {
            try CBOR.decode([0xA2, 0x63, 0x66, 0x6D, 0x74, 0x00, 0x63, 0x66, 0x6D, 0x74, 0x01])
        }
    }

    @Test("text that is not UTF-8 is refused")
    func invalidUTF8() {
        #expect(throws: CBOR.DecodingError.invalidUTF8) { try CBOR.decode([0x62, 0xC3, 0x28]) }
        #expect(throws: CBOR.DecodingError.invalidUTF8) { try CBOR.decode([0x63, 0xED, 0xA0, 0x80]) }
    }

    @Test("the integer accessors give nil, not a trap, for values beyond Int")
    func integerAccessors() {
        #expect(V.int(-7).intValue == -7 && V.int(Int.max).intValue == Int.max && V.int(Int.min).intValue == Int.min)
        #expect(V.unsigned(UInt64.max).intValue == nil && V.negative(UInt64.max).intValue == nil)
        #expect(V.text("1").intValue == nil && V.bytes([1]).textValue == nil && V.null.mapValue == nil)
    }
}
