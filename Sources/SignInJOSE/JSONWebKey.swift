public import SignInCrypto
import SignInData

/// A public JSON Web Key (RFC 7517) that can verify RS256 or ES256 signatures: an RSA key (RFC 7518 §6.3) or a P-256
/// key (§6.2), with the members that restrict its use.
///
/// A key is used only for the one algorithm its material allows, and only when its own `alg` and `use` do not say
/// otherwise: see ``canVerify(alg:)``.
public struct JSONWebKey: Sendable, Hashable {
    /// The public key itself.
    public enum Material: Sendable, Hashable {
        /// An RSA key (`"kty":"RSA"`): verifies RS256.
        case rsa(RSAPublicKey)
        /// A P-256 key (`"kty":"EC"`, `"crv":"P-256"`): verifies ES256.
        case p256(P256PublicKey)

        /// The one JWS algorithm this material verifies: `RS256` or `ES256`.
        public var algorithm: String {
            switch self {
            case .rsa: "RS256"
            case .p256: "ES256"
            }
        }
    }

    /// The key id (`kid`) that tokens name in their header.
    public let kid: String?
    /// The algorithm the key is for (`alg`), when the set says: if present it must be the material's algorithm.
    public let alg: String?
    /// What the key is for (`use`): `sig` or absent for a key that verifies; any other value (`enc`) never does.
    public let use: String?
    /// The public key.
    public let material: Material

    /// A key from its parts.
    /// - Parameters:
    ///   - kid: The key id.
    ///   - alg: The algorithm the key is for; a key whose `alg` is not its material's verifies nothing.
    ///   - use: `sig`, or `nil`; a key with another `use` verifies nothing.
    ///   - material: The public key.
    public init(kid: String? = nil, alg: String? = nil, use: String? = nil, material: Material) {
        self.kid = kid
        self.alg = alg
        self.use = use
        self.material = material
    }

    /// Whether this key may verify a signature under `alg`: `alg` is the material's algorithm (`RS256` for an RSA key,
    /// `ES256` for a P-256 key), the key's own `alg` is absent or the same, and its `use` is absent or `sig`.
    /// - Parameter alg: The token's algorithm.
    /// - Returns: `false` for any other algorithm, `HS256` and `none` included.
    public func canVerify(alg: String) -> Bool {
        alg == material.algorithm && (self.alg == nil || self.alg == alg) && (use == nil || use == "sig")
    }

    /// The key a JWK object describes; `nil` when it is not one this package can verify with: another `kty` (`oct`,
    /// `OKP`), another curve, an RSA modulus under 2048 bits, a point off the curve, a member that is not canonical
    /// base64url, an `alg` that is not the material's, a `use` other than `sig`, `key_ops` without `verify`, or a
    /// member of the wrong type.
    init?(members: [String: JSONValue]) {
        func text(_ name: String) -> String?? {
            switch members[name] {
            case nil: .some(nil)
            case .string(let value)?: .some(value)
            default: nil
            }
        }
        func bytes(_ name: String) -> [UInt8]? {
            guard case .string(let value)? = members[name] else { return nil }
            return Base64URL.decode(value)
        }
        guard case .string(let kty)? = members["kty"], let kid = text("kid"), let alg = text("alg"),
            let use = text("use")
        else { return nil }
        if let operations = members["key_ops"] {
            guard case .array(let list) = operations, list.contains(.string("verify")) else { return nil }
        }
        let material: Material
        switch kty {
        case "RSA":
            guard let modulus = bytes("n"), let exponent = bytes("e"),
                let key = RSAPublicKey(modulus: modulus, exponent: exponent)
            else { return nil }
            material = .rsa(key)
        case "EC":
            guard case .string("P-256")? = members["crv"], let x = bytes("x"), let y = bytes("y"),
                let key = P256PublicKey(x: x, y: y)
            else { return nil }
            material = .p256(key)
        default:
            return nil
        }
        let key = JSONWebKey(kid: kid, alg: alg, use: use, material: material)
        guard key.canVerify(alg: material.algorithm) else { return nil }
        self = key
    }

    /// The key as a JWK object, members in sorted order.
    var compactJSON: [UInt8] {
        var object = CompactJSONObject()
        object.add("alg", alg)
        switch material {
        case .rsa(let key):
            object.add("e", Base64URL.encode(key.exponent))
            object.add("kid", kid)
            object.add("kty", "RSA")
            object.add("n", Base64URL.encode(key.modulus))
            object.add("use", use)
        case .p256(let key):
            object.add("crv", "P-256")
            object.add("kid", kid)
            object.add("kty", "EC")
            object.add("use", use)
            object.add("x", Base64URL.encode(key.x))
            object.add("y", Base64URL.encode(key.y))
        }
        return object.finished
    }
}
