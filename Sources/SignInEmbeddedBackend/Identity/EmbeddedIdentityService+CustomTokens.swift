import Foundation
import SignInCrypto
public import SignInData
public import SignInDomain
import SignInEmbeddedStore
import SignInJOSE

/// Custom tokens (Firebase's `accounts:signInWithCustomToken`): the team's own server signs in one of its users by
/// minting a short-lived token for the user's uid, which the app exchanges for a session. The embedded backend plays
/// both parts: ``mintCustomToken(uid:claims:)`` is the team's server (HS256 with a key of its own, made on first use
/// and kept in the state), ``signInWithCustomToken(_:)`` the exchange. With
/// ``EmbeddedBackendConfiguration/acceptsEmulatorCustomTokens`` (what `signin-demo serve` sets), it also accepts the
/// unsigned tokens the Firebase Admin SDKs make for an emulator.
extension EmbeddedIdentityService: CustomTokenBackend {
    /// Every custom token's `aud`, as Firebase's.
    public static let customTokenAudience =
        "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"
    /// The `iss` of the unsigned custom tokens the Admin SDKs make for an emulator.
    public static let emulatorCustomTokenIssuer = "firebase-auth-emulator@example.com"
    /// The longest a custom token may live, as Firebase's: one hour.
    public static let customTokenLifetime = 3600
    /// Where the custom-token key is kept among the issuers' keys.
    static let customTokenKeyName = "custom-token"

    /// A custom token's claims.
    struct CustomTokenClaims: Codable {
        var iss: String?
        var sub: String?
        var aud: String?
        var uid: String?
        var iat: Int?
        var exp: Int?
        var claims: [String: JSONValue]?
        /// The tenant the token signs in to, when the team's server names one (Firebase's `tenant_id`).
        var tenantID: String?

        enum CodingKeys: String, CodingKey {
            case iss, sub, aud, uid, iat, exp, claims
            case tenantID = "tenant_id"
        }
    }

    /// A custom token for `uid`, as the team's server mints it, with developer `claims` for the ID token it is
    /// exchanged for. It lives an hour.
    /// - Throws: `INVALID_LOCAL_ID` for an empty or too long uid; `FORBIDDEN_CLAIM` for a claim of the ID token's
    ///   own; the storage's errors.
    public func mintCustomToken(uid: String, claims: [String: JSONValue] = [:]) throws(IdentityBackendError) -> String {
        guard !uid.isEmpty, uid.count <= Self.maximumUIDLength else {
            throw IdentityBackendError(.invalidLocalID, message: "a uid is 1 to \(Self.maximumUIDLength) characters")
        }
        if let reserved = claims.keys.sorted().first(where: Self.reservedClaims.contains) {
            throw IdentityBackendError(.forbiddenClaim, message: reserved)
        }
        let now = Int(clock.now().timeIntervalSince1970)
        let random = random
        let key = try storage.update { state throws(IdentityBackendError) in
            if let key = try state.issuerKey(Self.customTokenKeyName) { return key }
            return try state.makeIssuerKey(Self.customTokenKeyName, random: random)
        }
        let payload = CustomTokenClaims(
            iss: Self.customTokenIssuer, sub: Self.customTokenIssuer, aud: Self.customTokenAudience, uid: uid, iat: now,
            exp: now + Self.customTokenLifetime, claims: claims.isEmpty ? nil : claims)
        guard let bytes = try? JSONEncoder().encode(payload) else {
            throw IdentityBackendError(.invalidCustomToken, message: "the claims cannot be written")
        }
        return JWS.signHS256(
            header: JOSEHeader(kid: Self.customTokenKeyName).compactJSON, payload: Array(bytes), key: key)
    }

    /// The issuer of the tokens ``mintCustomToken(uid:claims:)`` makes: the team's server of this backend.
    static var customTokenIssuer: String { "custom-token-minter@signin-demo.invalid" }

    public func signInWithCustomToken(_ token: Secret) throws(IdentityBackendError) -> BackendSessionResponse {
        let now = clock.now()
        let fresh = Fresh(self)
        return try storage.update { state throws(IdentityBackendError) in
            let (uid, developerClaims) = try checkCustomToken(token.value, state: state, now: now)
            var isNewUser = false
            let account: EmbeddedAccount
            if let existing = state.identity.accounts[uid] {
                account = existing
            } else {
                // Firebase creates the account of a uid it has not seen: the team's server vouches for it.
                isNewUser = true
                account = EmbeddedAccount(uid: uid, createdAt: now)
                state.identity.accounts[account.uid] = account
            }
            return try issueSession(
                for: account, provider: ProviderType.customToken.rawValue, isNewUser: isNewUser, fresh: fresh, now: now,
                developerClaims: developerClaims, state: &state)
        }
    }

    /// A custom token's claims once its signature (or, for an emulator, its unsigned form), audience, lifetime,
    /// uid, developer claims and tenant are checked: its uid and developer claims.
    ///
    /// With ``EmbeddedBackendConfiguration/acceptsEmulatorCustomTokens``, a token may also be unsigned, as Google's
    /// emulator takes them: a JWT with `alg: none` and no signature, or a JSON object of claims. Anyone can write
    /// one, so its issuer proves nothing and is not checked; its audience and lifetime are, when it has them.
    func checkCustomToken(_ token: String, state: EmbeddedBackendState, now: Date) throws(IdentityBackendError)
        -> (uid: String, claims: [String: JSONValue])
    {
        func refuse(_ why: String) -> IdentityBackendError { IdentityBackendError(.invalidCustomToken, message: why) }
        let claims: CustomTokenClaims
        if configuration.acceptsEmulatorCustomTokens, token.first == "{" {
            guard let object = try? JSONDecoder().decode(CustomTokenClaims.self, from: Data(token.utf8)) else {
                throw refuse("the claims are missing or malformed")
            }
            claims = object
        } else {
            guard let parts = JWS.parse(token), let header = TokenJSON.header(from: parts.header) else {
                throw refuse("not a compact JWT")
            }
            guard let decoded = try? JSONDecoder().decode(CustomTokenClaims.self, from: Data(parts.payload)) else {
                throw refuse("the claims are missing or malformed")
            }
            switch header.alg {
            case "HS256":
                guard let key = try state.issuerKey(Self.customTokenKeyName), JWS.verifyHS256(parts, key: key),
                    decoded.iss == Self.customTokenIssuer
                else { throw refuse("not signed by this backend's custom-token key") }
            case "none" where configuration.acceptsEmulatorCustomTokens:
                guard parts.signature.isEmpty else { throw refuse("an unsigned custom token has no signature") }
            default:
                throw refuse("this alg is not accepted")
            }
            guard decoded.aud == Self.customTokenAudience || (header.alg == "none" && decoded.aud == nil) else {
                // A signed token for another audience is Firebase's `CREDENTIAL_MISMATCH`; an unsigned one is
                // malformed, as Google's emulator says.
                throw header.alg == "none"
                    ? refuse("the token is not for Identity Toolkit")
                    : IdentityBackendError(.credentialMismatch, message: "the token is not for Identity Toolkit")
            }
            let seconds = Int(now.timeIntervalSince1970)
            let skew = Int(configuration.clockSkew)
            if header.alg == "HS256" || decoded.exp != nil || decoded.iat != nil {
                guard let exp = decoded.exp, let iat = decoded.iat, exp > seconds - skew, iat <= seconds + skew,
                    exp - iat <= Self.customTokenLifetime
                else { throw refuse("expired, not yet valid, or living more than an hour") }
            }
            claims = decoded
        }
        guard let uid = claims.uid, !uid.isEmpty else {
            throw IdentityBackendError(.missingIdentifier, message: "the token names no uid")
        }
        guard uid.count <= Self.maximumUIDLength else {
            throw refuse("a uid is 1 to \(Self.maximumUIDLength) characters")
        }
        if let reserved = (claims.claims ?? [:]).keys.sorted().first(where: Self.reservedClaims.contains) {
            throw IdentityBackendError(.forbiddenClaim, message: reserved)
        }
        if let tenant = claims.tenantID, tenant != configuration.tenantID {
            throw IdentityBackendError(.tenantIdMismatch, message: "the token is for another tenant")
        }
        return (uid, claims.claims ?? [:])
    }
}
