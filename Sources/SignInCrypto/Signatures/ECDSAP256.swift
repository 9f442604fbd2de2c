/// The numbers of the P-256 curve (FIPS 186-4 §D.1.2.3, SEC 2 secp256r1) and the two encodings of its ECDSA
/// signatures: IEEE P1363 `r || s` (what JWS ES256 carries, RFC 7518 §3.4) and DER (RFC 3279 §2.2.3).
enum ECDSAP256 {
    /// The field prime p, big-endian.
    static let fieldPrime: [UInt8] = bytes(
        "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")
    /// The group order n, big-endian.
    static let order: [UInt8] = bytes("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")

    /// The length of a coordinate, of r and of s, in bytes.
    static let scalarLength = 32

    /// Whether the 32-byte big-endian `value` is less than the 32-byte big-endian `bound` (an unsigned comparison).
    static func isLess(_ value: [UInt8], than bound: [UInt8]) -> Bool {
        value.count == bound.count && value.lexicographicallyPrecedes(bound)
    }

    /// Whether `scalar` (32 bytes) is in [1, n-1], the range ECDSA's r and s must be in (SEC 1 §4.1.4 step 1).
    static func isValidScalar(_ scalar: [UInt8]) -> Bool {
        scalar.count == scalarLength && scalar.contains { $0 != 0 } && isLess(scalar, than: order)
    }

    /// `r || s` (32 bytes each) from a DER ECDSA-Sig-Value; `nil` unless it is strict DER with both integers below
    /// 2^256. (Whether they are below n is left to ``isValidScalar(_:)``.)
    static func rawSignature(fromDER der: [UInt8]) -> [UInt8]? {
        guard let (r, s) = DER.twoUnsignedIntegers(der), r.count <= scalarLength, s.count <= scalarLength else {
            return nil
        }
        return leftPadded(r) + leftPadded(s)
    }

    /// The DER ECDSA-Sig-Value of `r || s` (64 bytes).
    static func derSignature(fromRaw raw: [UInt8]) -> [UInt8] {
        DER.sequence(DER.integer(Array(raw.prefix(scalarLength))) + DER.integer(Array(raw.dropFirst(scalarLength))))
    }

    /// `magnitude` with zero bytes in front to make 32 (it has at most 32).
    static func leftPadded(_ magnitude: [UInt8]) -> [UInt8] {
        [UInt8](repeating: 0, count: max(0, scalarLength - magnitude.count)) + magnitude
    }

    private static func bytes(_ hex: String) -> [UInt8] { Hex.decode(hex) ?? [] }
}
