import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedStore
import SignInJOSE

/// Pending tokens (Firebase's `pendingToken`): when a link is refused because another account has the identity, the
/// answer carries a token that signs in to that account with `accounts:signInWithIdp`, so that the user can switch to
/// it without the identity token, whose nonce is spent once used. It names the identity, lives five minutes, works
/// once, and is signed with the session key, so that only this backend makes one.
extension EmbeddedIdentityService {
    /// How long a pending token works, in seconds.
    public static let pendingTokenLifetime = 300

    struct PendingTokenClaims: Codable {
        var kind = "pending-idp"
        var aud: String
        var providerId: String
        var sub: String
        var exp: Int
        var jti: String
    }

    /// A pending token for the identity `providerId`/`subject`.
    func makePendingToken(
        providerId: String, subject: String, now: Date, state: EmbeddedBackendState
    ) throws(IdentityBackendError) -> Secret {
        let claims = PendingTokenClaims(
            aud: configuration.projectID, providerId: providerId, sub: subject,
            exp: Int(now.timeIntervalSince1970) + Self.pendingTokenLifetime, jti: random.token(byteCount: 16))
        return try signPending(
            claims, kid: "pending", state: state,
            failure: IdentityBackendError(.invalidIdPResponse, message: "the pending token cannot be written"))
    }

    /// A token of this backend's own making that stands for a step still to come (a refused link's pending token, a
    /// sign-in's pending credential): its claims as JSON, signed with the session key under the key id `kid`.
    func signPending(
        _ claims: some Encodable, kid: String, state: EmbeddedBackendState, failure: IdentityBackendError
    ) throws(IdentityBackendError) -> Secret {
        guard let payload = try? JSONEncoder().encode(claims) else { throw failure }
        let key = try state.sessionSigningKey()
        return Secret(JWS.signHS256(header: JOSEHeader(kid: kid).compactJSON, payload: Array(payload), key: key))
    }

    /// The claims of a token ``signPending(_:kid:state:failure:)`` made, or `nil` when it is not one (another
    /// signature or algorithm, or other claims). Its kind, audience, expiry and use are the caller's to check.
    func pendingClaims<Claims: Decodable>(_ token: Secret, as type: Claims.Type, state: EmbeddedBackendState)
        throws(IdentityBackendError) -> Claims?
    {
        guard let parts = JWS.parse(token.value), TokenJSON.header(from: parts.header)?.alg == "HS256",
            JWS.verifyHS256(parts, key: try state.sessionSigningKey())
        else { return nil }
        return try? JSONDecoder().decode(type, from: Data(parts.payload))
    }

    /// The identity a pending token names, once it is checked (signature, project, expiry, provider, not used
    /// before), and the token recorded as used.
    func acceptPendingToken(_ token: Secret, providerId: String, state: inout EmbeddedBackendState, now: Date)
        throws(IdentityBackendError) -> LinkedIdentity
    {
        func refuse(_ why: String) -> IdentityBackendError { IdentityBackendError(.invalidIdPResponse, message: why) }
        guard let claims = try pendingClaims(token, as: PendingTokenClaims.self, state: state),
            claims.kind == "pending-idp", claims.aud == configuration.projectID
        else { throw refuse("not a pending token of this backend") }
        guard claims.exp > Int(now.timeIntervalSince1970) else { throw refuse("the pending token has expired") }
        guard claims.providerId == providerId else { throw refuse("the pending token is for another provider") }
        let replayKey = SHA256.hexDigest("pending-token\n" + claims.jti)
        guard (state.identity.usedNonces[replayKey].map { $0 > now } ?? false) == false else {
            throw IdentityBackendError(.nonceAlreadyUsed, message: "the pending token was already used")
        }
        state.identity.usedNonces[replayKey] = Date(timeIntervalSince1970: TimeInterval(claims.exp))
        return LinkedIdentity(providerId: providerId, subject: claims.sub)
    }
}
