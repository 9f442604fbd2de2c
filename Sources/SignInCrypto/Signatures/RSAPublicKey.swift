/// An RSA public key: its modulus and public exponent, as big-endian unsigned bytes.
///
/// Only keys that are sensible for signatures today can be made: a modulus of 2048 to 8192 bits (RFC 7518 §3.3 asks
/// for at least 2048 for RS256; 8192 bounds the cost of a verification an attacker can make us do) that is odd, and an
/// odd exponent greater than 1 of at most 64 bits (OpenSSL refuses longer ones for moduli over 3072 bits). Leading
/// zero bytes are stripped from both, so one key has one value.
public struct RSAPublicKey: Sendable, Hashable {
    /// The smallest modulus accepted, in bits.
    public static let minimumModulusBits = 2048
    /// The largest modulus accepted, in bits.
    public static let maximumModulusBits = 8192
    /// The longest exponent accepted, in bytes.
    public static let maximumExponentBytes = 8

    /// The modulus n, big-endian, without leading zero bytes: `modulus.count` is the length of every signature.
    public let modulus: [UInt8]
    /// The public exponent e, big-endian, without leading zero bytes.
    public let exponent: [UInt8]

    /// A key from its modulus and exponent.
    /// - Parameters:
    ///   - modulus: n as big-endian unsigned bytes; leading zero bytes (a DER or JWK sign byte) are ignored.
    ///   - exponent: e as big-endian unsigned bytes; leading zero bytes are ignored.
    /// - Returns: `nil` when the modulus is under ``minimumModulusBits`` or over ``maximumModulusBits`` bits or even,
    ///   or the exponent is even (zero included), 1, or longer than ``maximumExponentBytes`` bytes.
    public init?(modulus: [UInt8], exponent: [UInt8]) {
        let modulus = Array(modulus.drop { $0 == 0 })
        let exponent = Array(exponent.drop { $0 == 0 })
        guard let first = modulus.first, let last = modulus.last, last & 1 == 1 else { return nil }
        let bits = modulus.count * 8 - first.leadingZeroBitCount
        guard (Self.minimumModulusBits...Self.maximumModulusBits).contains(bits) else { return nil }
        guard let lastExponentByte = exponent.last, lastExponentByte & 1 == 1, exponent != [1],
            exponent.count <= Self.maximumExponentBytes
        else { return nil }
        self.modulus = modulus
        self.exponent = exponent
    }

    /// The modulus's length in bits.
    public var modulusBits: Int { modulus.count * 8 - (modulus.first?.leadingZeroBitCount ?? 8) }
}
