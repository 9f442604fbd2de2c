/// The little of ASN.1 DER (ITU-T X.690) that signatures need: unsigned INTEGERs in a SEQUENCE, as an ECDSA-Sig-Value
/// (RFC 3279 §2.2.3) and a PKCS#1 RSAPublicKey (RFC 8017 appendix A.1.1) are written.
///
/// Reading is strict: only the one DER encoding of a value is accepted (minimal lengths, minimal integers, no trailing
/// bytes), so that a signature has exactly one encoding and a BER variant of a valid one is refused.
enum DER {
    /// The encoding of an INTEGER holding the unsigned big-endian `magnitude`: leading zero bytes dropped, one zero
    /// byte put back when the top bit is set (else it would read as negative).
    static func integer(_ magnitude: [UInt8]) -> [UInt8] {
        var content = Array(magnitude.drop { $0 == 0 })
        if content.first.map({ $0 & 0x80 != 0 }) ?? true { content.insert(0, at: 0) }
        return [0x02] + length(content.count) + content
    }

    /// The encoding of a SEQUENCE holding `content` (its members' encodings, one after the other).
    static func sequence(_ content: [UInt8]) -> [UInt8] {
        [0x30] + length(content.count) + content
    }

    /// The minimal length octets for `count`.
    static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var rest = count
        while rest > 0 {
            bytes.insert(UInt8(truncatingIfNeeded: rest), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    /// The unsigned magnitudes of a SEQUENCE of exactly two INTEGERs that fills `bytes`; `nil` unless it is the DER
    /// encoding of one with both integers non-negative.
    static func twoUnsignedIntegers(_ bytes: [UInt8]) -> (first: [UInt8], second: [UInt8])? {
        var reader = Reader(bytes: bytes[...])
        guard let content = reader.element(tag: 0x30), reader.isAtEnd else { return nil }
        var members = Reader(bytes: content)
        guard let first = members.unsignedInteger(), let second = members.unsignedInteger(), members.isAtEnd
        else { return nil }
        return (first, second)
    }

    /// A cursor over DER bytes.
    private struct Reader {
        var bytes: ArraySlice<UInt8>

        var isAtEnd: Bool { bytes.isEmpty }

        /// The content of the next element if its tag is `tag` and its length is minimal and within the bytes left.
        mutating func element(tag: UInt8) -> ArraySlice<UInt8>? {
            guard bytes.count >= 2, bytes[bytes.startIndex] == tag else { return nil }
            var index = bytes.startIndex + 1
            let first = bytes[index]
            index += 1
            var count = 0
            if first < 0x80 {
                count = Int(first)
            } else {
                // Long form: one to three length bytes (16 MiB is far beyond any signature or key), no leading
                // zero byte, and only for lengths that the short form cannot say.
                let lengthBytes = Int(first & 0x7F)
                guard (1...3).contains(lengthBytes), bytes.endIndex - index >= lengthBytes, bytes[index] != 0
                else { return nil }
                for _ in 0..<lengthBytes {
                    count = count << 8 | Int(bytes[index])
                    index += 1
                }
                guard count >= 0x80 else { return nil }
            }
            guard bytes.endIndex - index >= count else { return nil }
            let content = bytes[index..<index + count]
            bytes = bytes[(index + count)...]
            return content
        }

        /// The magnitude of the next INTEGER, without its sign byte; `nil` when it is not a minimal, non-negative
        /// INTEGER.
        mutating func unsignedInteger() -> [UInt8]? {
            guard let content = element(tag: 0x02), let first = content.first, first & 0x80 == 0 else { return nil }
            if first == 0 && content.count > 1 {
                // A leading zero byte is allowed only before a byte whose top bit is set.
                guard content[content.startIndex + 1] & 0x80 != 0 else { return nil }
                return Array(content.dropFirst())
            }
            return first == 0 ? [] : Array(content)
        }
    }
}
