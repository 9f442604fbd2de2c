import Foundation
import SignInData

/// The claims of an access token that the client reads when the token is a JWT, unverified: its expiry and its
/// subject. The client cannot verify the token (only the API holds the key); it reads these only to know when to
/// stop using the token and to recognise its own user offline, never to decide access. A token that is not a JWT
/// (an opaque string) has no claims, and that is fine.
struct AccessTokenClaims: Hashable, Sendable {
    /// `exp`: the expiry, in seconds since 1970.
    var expiry: Double?
    /// `sub`: the subject (a user id, or in many FastAPI services the email).
    var subject: String?

    /// The claims of `token`, or `nil` when it is not a JWT with a JSON object as its payload (at most 16 KiB).
    static func read(_ token: String) -> AccessTokenClaims? {
        guard let payload = UnverifiedJWT.payload(of: token), let object = JSONValue.object(from: payload) else {
            return nil
        }
        var claims = AccessTokenClaims()
        switch object["exp"] {
        case .integer(let value)?: claims.expiry = Double(value)
        case .number(let value)? where value.isFinite: claims.expiry = value
        default: break
        }
        switch object["sub"] {
        case .string(let value)?: claims.subject = value
        case .integer(let value)?: claims.subject = String(value)
        default: break
        }
        return claims
    }
}
