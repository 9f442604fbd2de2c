/// A P-256 (secp256r1) public key: the affine coordinates of its point, 32 bytes each, big-endian.
///
/// A key that exists is a point on the curve: the coordinates are below the field prime, and the platform's library
/// (OpenSSL on Linux, CryptoKit on Apple platforms) confirms that the point is on the curve when the key is made.
/// Where there is no such library the curve equation is not checked here, but nothing can be verified either: every
/// ``SignatureVerifier`` call throws ``SignatureCheckUnavailable/noPlatformCrypto``.
public struct P256PublicKey: Sendable, Hashable {
    /// The x coordinate, 32 bytes.
    public let x: [UInt8]
    /// The y coordinate, 32 bytes.
    public let y: [UInt8]

    /// A key from its point's coordinates.
    /// - Parameters:
    ///   - x: The x coordinate, exactly 32 big-endian bytes (as a JWK's `x` must be, RFC 7518 §6.2.1.2; a caller
    ///     that holds an integer pads it on the left first).
    ///   - y: The y coordinate, exactly 32 big-endian bytes.
    /// - Returns: `nil` when a coordinate is not 32 bytes or not below the field prime, or the point is not on the
    ///   curve.
    public init?(x: [UInt8], y: [UInt8]) {
        guard x.count == ECDSAP256.scalarLength, y.count == ECDSAP256.scalarLength,
            ECDSAP256.isLess(x, than: ECDSAP256.fieldPrime), ECDSAP256.isLess(y, than: ECDSAP256.fieldPrime),
            PlatformSignatures.isOnCurve(x: x, y: y) != false
        else { return nil }
        self.x = x
        self.y = y
    }

    /// The uncompressed SEC 1 encoding of the point: `04 || x || y`, 65 bytes.
    public var uncompressedPoint: [UInt8] { [0x04] + x + y }
}
