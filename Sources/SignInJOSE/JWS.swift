import SignInCrypto

/// JSON Web Signature in compact form with HMAC-SHA256 (RFC 7515), checked against its appendix A.1.
public enum JWS {
    /// The longest compact token accepted, in bytes. Real identity tokens are about 1 KB; anything much longer
    /// is refused before any decoding or hashing.
    public static let maximumLength = 16 * 1024

    /// The parts of a compact JWS, decoded from base64url but not yet verified.
    public struct Parts: Sendable {
        /// The protected header's bytes.
        public var header: [UInt8]
        /// The payload's bytes.
        public var payload: [UInt8]
        /// The signature's bytes.
        public var signature: [UInt8]
        /// `BASE64URL(header) || '.' || BASE64URL(payload)`: what the signature covers.
        public var signingInput: [UInt8]
    }

    /// Signs `header` and `payload` (exact bytes) with HS256 and returns the compact serialization.
    public static func signHS256(header: [UInt8], payload: [UInt8], key: HS256Key) -> String {
        let signingInput = Base64URL.encode(header) + "." + Base64URL.encode(payload)
        let signature = HMACSHA256.authenticationCode(for: Array(signingInput.utf8), key: key.bytes)
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// Splits and decodes a compact JWS; `nil` when it is longer than ``maximumLength`` or not three canonical
    /// base64url parts (the header and the payload not empty).
    public static func parse(_ compact: String) -> Parts? {
        let bytes = Array(compact.utf8)
        guard bytes.count <= maximumLength else { return nil }
        let pieces = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard pieces.count == 3, !pieces[0].isEmpty, !pieces[1].isEmpty,
            let header = Base64URL.decode(utf8: Array(pieces[0])),
            let payload = Base64URL.decode(utf8: Array(pieces[1])),
            let signature = Base64URL.decode(utf8: Array(pieces[2]))
        else { return nil }
        return Parts(
            header: header, payload: payload, signature: signature,
            signingInput: Array(bytes[..<(pieces[1].endIndex)]))
    }

    /// Whether `parts` carries a valid HS256 signature under `key`, compared in constant time.
    public static func verifyHS256(_ parts: Parts, key: HS256Key) -> Bool {
        let expected = HMACSHA256.authenticationCode(for: parts.signingInput, key: key.bytes)
        return ConstantTime.equals(expected, parts.signature)
    }
}
