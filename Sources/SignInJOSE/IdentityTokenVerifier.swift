public import Foundation
import SignInCrypto
public import SignInData

/// The keys an identity token may be signed with: which decides the algorithms accepted.
public enum IdentityTokenKeys: Sendable, Hashable {
    /// A simulated issuer's shared key: `HS256` only.
    case hs256(HS256Key)
    /// A real issuer's published keys (its JWK Set): `RS256` with an RSA key, `ES256` with a P-256 key, the key
    /// chosen by the token's `kid`. Never `HS256` (whose "key" would be the public key everyone has) nor `none`.
    case published(JSONWebKeySet)
}

/// Verifies an identity token the way a backend must: structure and size, `alg`, signature, `iss`, `aud` (and
/// `azp` when there are several audiences), `exp` and `iat` with a small clock skew, and the nonce against the
/// SHA-256 of the raw nonce. Replays are the caller's check, because they need state; ``replayKey(for:)`` gives
/// the canonical key to record.
public struct IdentityTokenVerifier: Sendable {
    /// The accepted `iss` values: one for most providers, one per tenant for a multi-tenant provider, or a
    /// multi-tenant template (`IssuerTemplate`), which accepts its tenant's issuer when the token's `tid`
    /// names that tenant.
    public var issuers: Set<String>
    /// The expected `aud` (the app's client id).
    public var audience: String
    /// The issuer's keys, which decide the algorithms accepted.
    public var keys: IdentityTokenKeys
    /// How far clocks may disagree, in seconds.
    public var clockSkew: TimeInterval
    /// Whether every token must carry a nonce (providers that support nonces: Apple, Google). A token without
    /// one could be replayed for as long as it lives.
    public var requiresNonce: Bool

    /// Creates a verifier for tokens that name any of `issuers`.
    /// - Parameters:
    ///   - issuers: The accepted `iss` values.
    ///   - audience: The expected `aud`.
    ///   - keys: The issuer's keys.
    ///   - clockSkew: How far clocks may disagree, in seconds.
    ///   - requiresNonce: Whether every token must carry a nonce.
    public init(
        issuers: Set<String>, audience: String, keys: IdentityTokenKeys, clockSkew: TimeInterval = 60,
        requiresNonce: Bool
    ) {
        self.issuers = issuers
        self.audience = audience
        self.keys = keys
        self.clockSkew = clockSkew
        self.requiresNonce = requiresNonce
    }

    /// Verifies `token` at `now`.
    /// - Parameters:
    ///   - token: The compact JWT.
    ///   - rawNonce: The raw nonce the client kept; required when the token has a `nonce` claim, and always
    ///     when ``requiresNonce``.
    ///   - now: The verification time.
    /// - Returns: The verified claims.
    /// - Throws: `IdentityBackendError` with a code for each way the token can be wrong.
    public func verify(_ token: String, rawNonce: String?, now: Date) throws(IdentityBackendError)
        -> IdentityTokenClaims
    {
        guard let parts = JWS.parse(token),
            let header = TokenJSON.decode(JOSEHeader.self, from: parts.header)
        else { throw IdentityBackendError(.malformedIdToken, message: "not a compact JWT") }
        try verifySignature(parts, header: header)
        guard let claims = TokenJSON.decode(IdentityTokenClaims.self, from: parts.payload) else {
            throw IdentityBackendError(.malformedIdToken, message: "the claims are missing or malformed")
        }
        let tenant = claims.providerClaims["tid"]
        guard
            issuers.contains(claims.iss)
                || issuers.contains(where: { IssuerTemplate($0)?.accepts(claims.iss, tenantID: tenant) == true })
        else { throw IdentityBackendError(.invalidIssuer, message: "unexpected issuer") }
        // OpenID Connect Core §3.1.3.7: the audience must contain this client; a token for several audiences
        // must name this client as its authorized party, and an `azp` that is present must be this client.
        guard claims.aud.contains(audience), claims.aud.count == 1 || claims.azp != nil,
            claims.azp == nil || claims.azp == audience
        else {
            throw IdentityBackendError(.invalidAudience, message: "unexpected audience or authorized party")
        }
        let seconds = now.timeIntervalSince1970
        guard seconds < TimeInterval(claims.exp) + clockSkew else {
            throw IdentityBackendError(.idTokenExpired, message: "the token has expired")
        }
        guard TimeInterval(claims.iat) <= seconds + clockSkew else {
            throw IdentityBackendError(.idTokenNotYetValid, message: "the token was issued in the future")
        }
        switch (claims.nonce, rawNonce) {
        case (nil, nil) where !requiresNonce:
            break
        case (nil, _):
            throw IdentityBackendError(.nonceMismatch, message: "the token has no nonce")
        case (_, nil):
            throw IdentityBackendError(.nonceMismatch, message: "the request has no raw nonce")
        case (let expected?, let raw?):
            guard let expectedKey = Self.replayKey(for: expected),
                ConstantTime.equals(Array(SHA256.hexDigest(raw).utf8), Array(expectedKey.utf8))
            else {
                throw IdentityBackendError(.nonceMismatch, message: "the raw nonce does not match")
            }
        }
        return claims
    }

    /// Checks the signature with the key the header names, under the only algorithms ``keys`` allow.
    private func verifySignature(_ parts: JWS.Parts, header: JOSEHeader) throws(IdentityBackendError) {
        switch keys {
        case .hs256(let key):
            guard header.alg == "HS256" else {
                throw IdentityBackendError(.unsupportedAlgorithm, message: "this alg is not accepted")
            }
            guard JWS.verifyHS256(parts, key: key) else {
                throw IdentityBackendError(.invalidSignature, message: "the signature does not verify")
            }
        case .published(let keySet):
            guard header.alg == "RS256" || header.alg == "ES256" else {
                throw IdentityBackendError(
                    .unsupportedAlgorithm, message: "only RS256 and ES256 are accepted from this provider")
            }
            let candidates = keySet.candidates(alg: header.alg, kid: header.kid)
            guard !candidates.isEmpty else {
                throw IdentityBackendError(
                    .invalidSignature, message: "the provider's published keys have no \(header.alg) key with this kid")
            }
            do throws(SignatureCheckUnavailable) {
                for key in candidates where try JWS.verify(parts, alg: header.alg, key: key) { return }
            } catch {
                throw IdentityBackendError(
                    .invalidIdPResponse, message: "this machine has no library to check RS256 and ES256 signatures")
            }
            throw IdentityBackendError(.invalidSignature, message: "the signature does not verify")
        }
    }

    /// The canonical form of a token's `nonce` claim, the key under which a used nonce is recorded: the
    /// SHA-256 hex in lower case, so that one nonce written in upper and in lower case is one key. `nil` when
    /// the claim is not a SHA-256 hex digest.
    public static func replayKey(for nonce: String) -> String? {
        let canonical = nonce.lowercased()
        let isHexDigit = { (byte: UInt8) in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        }
        guard canonical.utf8.count == 64, canonical.utf8.allSatisfy(isHexDigit) else { return nil }
        return canonical
    }
}
