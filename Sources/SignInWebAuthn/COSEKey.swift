public import SignInCrypto

/// A credential public key as a COSE_Key (RFC 9052 §7, RFC 9053 §7.1.1): only ES256 on P-256 is accepted.
///
/// Reading requires `kty` 2 (EC2), `alg` -7 (ES256), `crv` 1 (P-256), and `x` and `y` of 32 bytes each that make a
/// point on the curve (checked by the platform's library, see `P256PublicKey`). Other labels are ignored.
public struct COSEKey: Sendable, Hashable {
    /// The COSE algorithm identifier of ES256: ECDSA with SHA-256.
    public static let es256 = -7

    /// The key's point.
    public let publicKey: P256PublicKey

    /// The COSE algorithm the key signs with: always ``es256``.
    public var algorithm: Int { Self.es256 }

    /// The key of `publicKey`.
    public init(publicKey: P256PublicKey) {
        self.publicKey = publicKey
    }

    /// Reads an encoded COSE_Key.
    /// - Parameter bytes: The CBOR encoding of the key's map, nothing after it.
    /// - Throws: ``WebAuthnFailure/malformed(_:)`` when the bytes are not one CBOR map,
    ///   ``WebAuthnFailure/unsupportedAlgorithm`` for any key type, algorithm or curve but EC2, ES256 and P-256, and
    ///   ``WebAuthnFailure/invalidPublicKey`` for coordinates that are not a point of P-256.
    public init(encoded bytes: [UInt8]) throws(WebAuthnFailure) {
        let value: CBOR.Value
        do throws(CBOR.DecodingError) {
            value = try CBOR.decode(bytes)
        } catch {
            throw .malformed("the COSE key: \(error.reason)")
        }
        try self.init(cbor: value)
    }

    /// Reads a decoded COSE_Key.
    /// - Parameter value: The key's map.
    /// - Throws: As ``init(encoded:)``.
    public init(cbor value: CBOR.Value) throws(WebAuthnFailure) {
        guard let map = value.mapValue else { throw .malformed("the COSE key is not a map") }
        guard map[.int(1)]?.intValue == 2, map[.int(3)]?.intValue == Self.es256, map[.int(-1)]?.intValue == 1 else {
            throw .unsupportedAlgorithm
        }
        guard let x = map[.int(-2)]?.bytesValue, let y = map[.int(-3)]?.bytesValue,
            let key = P256PublicKey(x: x, y: y)
        else { throw .invalidPublicKey }
        publicKey = key
    }

    /// The key as a CBOR map: `{1: 2, 3: -7, -1: 1, -2: x, -3: y}`.
    public var cborValue: CBOR.Value {
        .map([
            .int(1): .int(2), .int(3): .int(Self.es256), .int(-1): .int(1),
            .int(-2): .bytes(publicKey.x), .int(-3): .bytes(publicKey.y),
        ])
    }

    /// The canonical CBOR encoding of the key, as authenticator data carries it and a relying party stores it.
    public func encoded() -> [UInt8] {
        CBOR.encode(cborValue)
    }
}
