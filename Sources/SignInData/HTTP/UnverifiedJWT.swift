import Foundation

/// The payload of a JWT that a client reads without verifying it (a client holds no key): to learn a token's
/// expiry, subject or sign-in provider, never to decide access.
public enum UnverifiedJWT {
    /// The decoded payload of `token`, or `nil` when it is not three base64url parts (at most 16 KiB).
    public static func payload(of token: String) -> Data? {
        guard token.utf8.count <= 16 * 1024 else { return nil }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        return Base64URLText.decode(parts[1])
    }
}

/// Base64url without padding (RFC 4648 §5), as tokens' text uses it; lenient about padding on input. (The strict,
/// canonical codec that signatures need is `SignInCrypto`'s.)
public enum Base64URLText {
    /// The encoding of `data`.
    public static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes `text` encodes, with or without padding; `nil` when it is not base64url.
    public static func decode(_ text: some StringProtocol) -> Data? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "=") })
        else { return nil }
        var base64 = text.replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "-", with: "+")
            .replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
