import Foundation
import SignInCrypto
public import SignInData
public import SignInDomain
import SignInEmbeddedStore
import SignInJOSE

/// Session cookies (Firebase's admin `projects/{id}:createSessionCookie`): a team's server trades a fresh ID token for
/// a longer-lived token of the same claims, under the cookie issuer
/// (``EmbeddedBackendConfiguration/sessionCookieIssuer``), to keep a web session in an HTTP-only cookie.
extension EmbeddedIdentityService {
    /// The shortest and longest lifetimes of a session cookie, in seconds: five minutes and two weeks, Firebase's.
    public static let sessionCookieLifetimes: ClosedRange<Int> = 300...1_209_600

    /// A session cookie for the session of `idToken`, living `lifetime` seconds (two weeks by default): the ID
    /// token's claims, issued now by the cookie issuer, signed as the ID tokens are
    /// (``EmbeddedBackendConfiguration/sessionTokenAlgorithm``: with RS256, its keys are the ID tokens' published keys).
    /// - Throws: `INVALID_DURATION` for a lifetime outside ``sessionCookieLifetimes``, and the ID token's refusals.
    public func createSessionCookie(idToken: Secret, lifetime: Int?) throws(IdentityBackendError) -> Secret {
        let now = clock.now()
        let lifetime = lifetime ?? Self.sessionCookieLifetimes.upperBound
        guard Self.sessionCookieLifetimes.contains(lifetime) else {
            throw IdentityBackendError(.invalidDuration, message: "a session cookie lives 5 minutes to 2 weeks")
        }
        return try storage.update { state throws(IdentityBackendError) in
            var claims = try authenticate(idToken, state: state, now: now).claims
            let issuedAt = Int(now.timeIntervalSince1970.rounded(.down))
            claims.iss = configuration.sessionCookieIssuer
            claims.iat = issuedAt
            claims.exp = issuedAt + lifetime
            return Secret(try signSessionToken(claims.compactJSON, state: &state, now: now))
        }
    }
}
