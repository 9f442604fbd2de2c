public import Foundation
public import SignInDomain

/// The checks a client makes on an ID token it received straight from the token endpoint, before handing it to the
/// identity backend (OpenID Connect Core §3.1.3.7): the issuer, the audience and authorized party, the expiry and
/// the nonce. The issuer is the registered one, or for a multi-tenant provider (``IssuerTemplate``) its template
/// filled with the token's `tid`. The signature is the backend's to check against the provider's keys: the client holds no key, and the
/// token came over the provider's own TLS connection.
public enum OpenIDIDTokenCheck {
    /// Checks `idToken` for `request`.
    /// - Parameters:
    ///   - idToken: The token from the token endpoint.
    ///   - request: The sign-in it answers.
    ///   - now: The time to check the expiry against.
    ///   - clockSkew: How far clocks may disagree, in seconds.
    /// - Throws: `AuthError/invalidIdentityToken(_:)`: `IdentityTokenRejection/malformed`,
    ///   `IdentityTokenRejection/wrongIssuer`, `IdentityTokenRejection/wrongAudience` (also for an `azp` that
    ///   is not this app, or missing when there are several audiences), `IdentityTokenRejection/expired`,
    ///   `IdentityTokenRejection/notYetValid`, `IdentityTokenRejection/nonceMismatch`.
    public static func check(
        _ idToken: Secret, for request: OpenIDAuthorizationRequest, now: Date, clockSkew: TimeInterval = 60
    ) throws(AuthError) {
        guard let payload = UnverifiedJWT.payload(of: idToken.value),
            let claims = try? JSONSerialization.jsonObject(with: payload) as? [String: Any],
            let issuer = claims["iss"] as? String, let expiry = (claims["exp"] as? NSNumber)?.doubleValue
        else { throw .invalidIdentityToken(.malformed) }
        // A multi-tenant provider's token names its tenant's issuer, which must be the one its own `tid` names.
        guard
            issuer == request.provider.issuer
                || request.metadata.issuerTemplate?.accepts(issuer, tenantID: claims["tid"] as? String) == true
        else { throw .invalidIdentityToken(.wrongIssuer) }
        let audiences: [String]
        switch claims["aud"] {
        case let single as String: audiences = [single]
        case let several as [String]: audiences = several
        default: throw .invalidIdentityToken(.malformed)
        }
        let clientID = request.provider.clientID
        let authorizedParty = claims["azp"] as? String
        guard audiences.contains(clientID), audiences.count == 1 || authorizedParty != nil,
            authorizedParty == nil || authorizedParty == clientID
        else { throw .invalidIdentityToken(.wrongAudience) }
        let seconds = now.timeIntervalSince1970
        guard seconds < expiry + clockSkew else { throw .invalidIdentityToken(.expired) }
        if let issuedAt = (claims["iat"] as? NSNumber)?.doubleValue, issuedAt > seconds + clockSkew {
            throw .invalidIdentityToken(.notYetValid)
        }
        guard let nonce = claims["nonce"] as? String, nonce.lowercased() == request.hashedNonce.lowercased() else {
            throw .invalidIdentityToken(.nonceMismatch)
        }
    }
}
