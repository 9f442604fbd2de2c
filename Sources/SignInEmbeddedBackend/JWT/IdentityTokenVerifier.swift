import Foundation
import SignInCrypto
import SignInData

/// Verifies an identity token the way a backend must: structure, `alg`, signature, `iss`, `aud`, `exp`
/// and `iat` with a small clock skew, and the nonce against the SHA-256 of the raw nonce. Replays are
/// the caller's check, because they need state.
public struct IdentityTokenVerifier: Sendable {
    /// The expected `iss`.
    public var issuer: String
    /// The expected `aud` (the app's client id).
    public var audience: String
    /// The issuer's HS256 key.
    public var key: [UInt8]
    /// How far clocks may disagree, in seconds.
    public var clockSkew: TimeInterval

    /// Creates a verifier.
    public init(issuer: String, audience: String, key: [UInt8], clockSkew: TimeInterval = 60) {
        self.issuer = issuer
        self.audience = audience
        self.key = key
        self.clockSkew = clockSkew
    }

    /// Verifies `token` at `now`.
    /// - Parameters:
    ///   - token: The compact JWT.
    ///   - rawNonce: The raw nonce the client kept; required when the token has a `nonce` claim.
    ///   - now: The verification time.
    /// - Returns: The verified claims.
    /// - Throws: ``IdentityBackendError`` with a code for each way the token can be wrong.
    public func verify(_ token: String, rawNonce: String?, now: Date) throws(IdentityBackendError)
        -> IdentityTokenClaims
    {
        guard let parts = JWS.parse(token),
            let header = try? JSONDecoder().decode(JOSEHeader.self, from: Data(parts.header))
        else { throw IdentityBackendError(.malformedIdToken, message: "not a compact JWT") }
        guard header.alg == "HS256" else {
            throw IdentityBackendError(.unsupportedAlgorithm, message: "alg \(header.alg) is not accepted")
        }
        guard JWS.verifyHS256(parts, key: key) else {
            throw IdentityBackendError(.invalidSignature, message: "the signature does not verify")
        }
        guard let claims = try? JSONDecoder().decode(IdentityTokenClaims.self, from: Data(parts.payload)) else {
            throw IdentityBackendError(.malformedIdToken, message: "the claims are missing or malformed")
        }
        guard claims.iss == issuer else {
            throw IdentityBackendError(.invalidIssuer, message: "unexpected issuer")
        }
        guard claims.aud.contains(audience) else {
            throw IdentityBackendError(.invalidAudience, message: "unexpected audience")
        }
        let seconds = now.timeIntervalSince1970
        guard seconds < TimeInterval(claims.exp) + clockSkew else {
            throw IdentityBackendError(.idTokenExpired, message: "the token has expired")
        }
        guard TimeInterval(claims.iat) <= seconds + clockSkew else {
            throw IdentityBackendError(.idTokenNotYetValid, message: "the token was issued in the future")
        }
        switch (claims.nonce, rawNonce) {
        case (nil, nil):
            break
        case (let expected?, let raw?):
            guard ConstantTime.equals(Array(SHA256.hexDigest(raw).utf8), Array(expected.lowercased().utf8)) else {
                throw IdentityBackendError(.nonceMismatch, message: "the raw nonce does not match")
            }
        default:
            throw IdentityBackendError(.nonceMismatch, message: "the nonce is missing on one side")
        }
        return claims
    }
}
