import SignInCrypto
public import SignInData

/// A key for HMAC-SHA256 token signatures that is known to be usable: at least 256 bits, as RFC 7518 §3.2
/// requires for HS256.
///
/// ``JWS`` signs and verifies only with this type, so a key that is missing, short or undecodable cannot reach
/// HMAC: it fails where it is read, with an error that stops the operation. (An empty HMAC key is a valid HMAC
/// key; a token forged with it would otherwise verify.)
public struct HS256Key: Hashable, Sendable {
    /// The shortest key accepted, in bytes.
    public static let minimumByteCount = 32

    /// The key bytes.
    public let bytes: [UInt8]

    /// A key from raw bytes; `nil` when shorter than ``minimumByteCount``.
    public init?(bytes: [UInt8]) {
        guard bytes.count >= Self.minimumByteCount else { return nil }
        self.bytes = bytes
    }

    /// The key stored as base64url text in the backend's state.
    /// - Parameters:
    ///   - text: The stored text.
    ///   - name: What the key is for, named in the error (`the session signing key`).
    /// - Throws: `IdentityBackendError/Code/invalidKey` when the text is missing, not canonical base64url,
    ///   or decodes to fewer than ``minimumByteCount`` bytes.
    public init(stored text: String?, name: String) throws(IdentityBackendError) {
        guard let text, !text.isEmpty else { throw Self.failure(name, "is missing") }
        guard let bytes = Base64URL.decode(text) else { throw Self.failure(name, "is not valid base64url") }
        guard let key = HS256Key(bytes: bytes) else {
            throw Self.failure(name, "has \(bytes.count) bytes, fewer than \(Self.minimumByteCount)")
        }
        self = key
    }

    private static func failure(_ name: String, _ problem: String) -> IdentityBackendError {
        IdentityBackendError(
            .invalidKey,
            message: "\(name) in the backend's state \(problem); nothing is signed or verified with it. "
                + "Restore the state from a backup, or move the data folder's backend/ away to start a new "
                + "installation.")
    }
}
