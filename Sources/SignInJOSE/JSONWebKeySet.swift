import Foundation
import SignInData

/// A JSON Web Key Set (RFC 7517 §5): the public keys an issuer publishes at its `jwks_uri`, of which a token's header
/// (`alg`, `kid`) picks the ones that may verify it.
///
/// Only RS256 and ES256 keys are kept; keys of other kinds are skipped, so that an issuer that also publishes an
/// Ed25519 or encryption key still works. A signature is never checked with a key of the wrong kind, nor under
/// `HS256` (whose "secret" would be a public key everyone has) or `none`.
public struct JSONWebKeySet: Sendable, Hashable {
    /// The largest document read, in bytes: a real key set is a few kilobytes.
    public static let maximumLength = 64 * 1024
    /// The most entries the `keys` array may have.
    public static let maximumKeyCount = 64

    /// The keys that can verify RS256 or ES256 signatures, in the document's order.
    public let keys: [JSONWebKey]

    /// Reads a JWKS document: `{"keys":[...]}`.
    ///
    /// Entries that are not usable keys (another `kty` such as `oct` or `OKP`, another curve such as P-384, an RSA
    /// modulus under 2048 bits, `"use":"enc"`, an `alg` that does not match the key, members that are not canonical
    /// base64url or a point off the curve) are skipped, not fatal. Other members of the document and of each key
    /// (`x5c`, `x5t`, …) are ignored.
    /// - Parameter json: The document's bytes.
    /// - Returns: `nil` when the document is longer than ``maximumLength``, is not a JSON object, has no `keys` array,
    ///   or that array has more than ``maximumKeyCount`` entries.
    public init?(json: [UInt8]) {
        guard json.count <= Self.maximumLength,
            let document = try? JSONDecoder().decode([String: JSONValue].self, from: Data(json)),
            case .array(let entries)? = document["keys"], entries.count <= Self.maximumKeyCount
        else { return nil }
        keys = entries.compactMap { entry in
            guard case .object(let members) = entry else { return nil }
            return JSONWebKey(members: members)
        }
    }

    /// A set of the keys given.
    /// - Parameter keys: The keys, in order.
    public init(keys: [JSONWebKey]) {
        self.keys = keys
    }

    /// The keys that may verify a token whose header says `alg` and `kid`.
    /// - Parameters:
    ///   - alg: The header's algorithm: only `RS256` (RSA keys) and `ES256` (P-256 keys) have candidates; `HS256`,
    ///     `none` and every other name have none.
    ///   - kid: The header's key id: when present only the keys with that `kid` (none if no key has it, never a
    ///     fallback to the others); when absent every key of the matching kind.
    /// - Returns: The candidates in the set's order, each one that ``JSONWebKey/canVerify(alg:)``.
    public func candidates(alg: String, kid: String?) -> [JSONWebKey] {
        guard alg == "RS256" || alg == "ES256" else { return [] }
        return keys.filter { key in key.canVerify(alg: alg) && (kid == nil || key.kid == kid) }
    }

    /// The set as a JWKS document (`{"keys":[...]}`, each key's members in sorted order): for tests and for serving a
    /// key set. ``init(json:)`` reads it back to the same keys.
    public var json: [UInt8] {
        var document = Array(#"{"keys":["#.utf8)
        for (index, key) in keys.enumerated() {
            if index > 0 { document.append(UInt8(ascii: ",")) }
            document += key.compactJSON
        }
        return document + Array("]}".utf8)
    }
}
