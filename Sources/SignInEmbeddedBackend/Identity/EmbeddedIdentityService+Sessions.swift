import Foundation
import SignInCrypto
import SignInData
import SignInDomain

extension EmbeddedIdentityService {
    // MARK: - Refresh and revocation

    public func refreshSession(refreshToken: Secret) throws(IdentityBackendError) -> BackendSessionResponse {
        let now = clock.now()
        let fresh = Fresh(self)
        let response = try storage.update { state throws(IdentityBackendError) in
            let key = SHA256.hexDigest(refreshToken.value)
            guard let record = state.identity.refreshTokens[key] else {
                throw IdentityBackendError(.invalidRefreshToken, message: "unknown, used or revoked refresh token")
            }
            guard let account = state.identity.accounts[record.uid] else {
                throw IdentityBackendError(.userNotFound, message: "the account no longer exists")
            }
            // Rotation: the token just used stops working.
            state.identity.refreshTokens[key] = nil
            return issueSession(
                for: account, provider: record.provider, isNewUser: false, refreshToken: fresh.refreshToken, now: now,
                state: &state)
        }
        tracer.record(.backend, "EmbeddedIdentityService.refreshSession", "rotated the refresh token")
        return response
    }

    public func revokeRefreshToken(_ refreshToken: Secret) throws(IdentityBackendError) {
        try storage.update { state in
            state.identity.refreshTokens[SHA256.hexDigest(refreshToken.value)] = nil
        }
        tracer.record(.backend, "EmbeddedIdentityService.revokeRefreshToken", "revoked the refresh token")
    }

    // MARK: - ID tokens for the app's API

    /// Verifies one of the service's ID tokens, as the app's API server does (Firebase's `verifyIdToken`):
    /// signature, `alg`, `iss`, `aud`, `exp`, and that the account still exists.
    public func verifySessionToken(_ token: String) throws(IdentityBackendError) -> SessionTokenClaims {
        let now = clock.now()
        return try storage.read { state throws(IdentityBackendError) in
            try checkSessionToken(token, state: state, now: now)
        }
    }

    func checkSessionToken(_ token: String, state: EmbeddedBackendState, now: Date) throws(IdentityBackendError)
        -> SessionTokenClaims
    {
        guard let parts = JWS.parse(token),
            let header = try? JSONDecoder().decode(JOSEHeader.self, from: Data(parts.header))
        else { throw IdentityBackendError(.malformedIdToken) }
        guard header.alg == "HS256" else { throw IdentityBackendError(.unsupportedAlgorithm) }
        guard JWS.verifyHS256(parts, key: Base64URL.decode(state.sessionKey) ?? []) else {
            throw IdentityBackendError(.invalidSignature)
        }
        guard let claims = try? JSONDecoder().decode(SessionTokenClaims.self, from: Data(parts.payload)) else {
            throw IdentityBackendError(.malformedIdToken)
        }
        guard claims.iss == configuration.sessionIssuer else { throw IdentityBackendError(.invalidIssuer) }
        guard claims.aud == configuration.projectID else { throw IdentityBackendError(.invalidAudience) }
        guard now.timeIntervalSince1970 < TimeInterval(claims.exp) else { throw IdentityBackendError(.idTokenExpired) }
        guard state.identity.accounts[claims.sub] != nil else { throw IdentityBackendError(.userNotFound) }
        return claims
    }

    /// The account behind a session's ID token, for the operations a signed-in user makes.
    func authenticate(_ idToken: Secret, state: EmbeddedBackendState, now: Date) throws(IdentityBackendError)
        -> EmbeddedAccount
    {
        do throws(IdentityBackendError) {
            let claims = try checkSessionToken(idToken.value, state: state, now: now)
            guard let account = state.identity.accounts[claims.sub] else { throw IdentityBackendError(.userNotFound) }
            return account
        } catch {
            throw IdentityBackendError(.invalidIDToken, message: "the session is not valid (\(error.code.rawValue))")
        }
    }

    // MARK: - Identity tokens from Apple and Google

    /// Verifies an identity provider's token for `request`, refuses a used nonce, and records the nonce. The
    /// record is kept only if the whole update succeeds.
    func acceptIdentityToken(_ request: IdPSignInRequest, state: inout EmbeddedBackendState, now: Date)
        throws(IdentityBackendError) -> IdentityTokenClaims
    {
        guard !request.idToken.value.isEmpty else { throw IdentityBackendError(.missingIdToken) }
        let verifier: IdentityTokenVerifier
        switch request.providerId {
        case ProviderType.apple.rawValue:
            verifier = IdentityTokenVerifier(
                issuer: configuration.appleIssuer, audience: configuration.appleClientID,
                key: Base64URL.decode(state.apple.signingKey) ?? [], clockSkew: configuration.clockSkew)
        case ProviderType.google.rawValue:
            verifier = IdentityTokenVerifier(
                issuer: configuration.googleIssuer, audience: configuration.googleClientID,
                key: Base64URL.decode(state.google?.signingKey ?? "") ?? [], clockSkew: configuration.clockSkew)
        default:
            throw IdentityBackendError(.unsupportedProvider, message: "\(request.providerId) is not enabled")
        }
        let claims = try verifier.verify(request.idToken.value, rawNonce: request.rawNonce?.value, now: now)
        state.identity.usedNonces = state.identity.usedNonces.filter { $0.value > now }
        if let nonce = claims.nonce {
            guard state.identity.usedNonces[nonce] == nil else {
                throw IdentityBackendError(.nonceAlreadyUsed, message: "the nonce was already used")
            }
            state.identity.usedNonces[nonce] = Date(
                timeIntervalSince1970: TimeInterval(claims.exp) + configuration.clockSkew)
        }
        return claims
    }

    func fillProfile(_ account: inout EmbeddedAccount, claims: IdentityTokenClaims, request: IdPSignInRequest) {
        if account.displayName == nil, let name = request.fullName?.formatted ?? claims.name {
            account.displayName = name
        }
        if account.email == nil, let email = claims.email ?? request.email { account.email = email }
    }

    // MARK: - Sessions

    func issueSession(
        for account: EmbeddedAccount, provider: String, isNewUser: Bool, refreshToken: String, now: Date,
        state: inout EmbeddedBackendState
    ) -> BackendSessionResponse {
        let issuedAt = Int(now.timeIntervalSince1970)
        let lifetime = Int(configuration.sessionLifetime)
        let claims = SessionTokenClaims(
            iss: configuration.sessionIssuer, aud: configuration.projectID, sub: account.uid, iat: issuedAt,
            exp: issuedAt + lifetime, signInProvider: provider, email: account.email)
        let idToken = JWS.signHS256(
            header: JSONCoding.encode(JOSEHeader(kid: "session")), payload: JSONCoding.encode(claims),
            key: Base64URL.decode(state.sessionKey) ?? [])
        state.identity.refreshTokens[SHA256.hexDigest(refreshToken)] = RefreshTokenRecord(
            uid: account.uid, issuedAt: now, provider: provider)
        tracer.record(.backend, "EmbeddedIdentityService", "issued an ID token (\(lifetime) s) and a refresh token")
        return BackendSessionResponse(
            localId: account.uid, email: account.email, displayName: account.displayName, idToken: Secret(idToken),
            refreshToken: Secret(refreshToken), expiresIn: lifetime, isNewUser: isNewUser,
            providerIds: account.providerIds, isAnonymous: account.isAnonymous,
            providerUserIds: account.providerUserIds)
    }

    // MARK: - Input checks

    func normalize(_ email: String) -> String {
        (EmailAddress.normalized(email) ?? email).lowercased()
    }

    func checkedEmail(_ email: String) throws(IdentityBackendError) -> String {
        guard let valid = EmailAddress.normalized(email) else {
            throw IdentityBackendError(.invalidEmail, message: "not a valid email address")
        }
        return valid.lowercased()
    }

    func checkPolicy(_ password: Secret) throws(IdentityBackendError) {
        if let rule = PasswordPolicy.violation(of: password.value) {
            throw IdentityBackendError(.weakPassword, message: rule.rawValue)
        }
    }

    /// A hash to check unknown emails against, with the current cost, so that they take as long as known ones.
    var dummyHash: PasswordHash {
        PasswordHash(
            algorithm: PasswordHasher.algorithm, iterations: configuration.passwordIterations,
            salt: "AAAAAAAAAAAAAAAAAAAAAA", hash: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
    }
}

/// Random values drawn before an update, so that the update itself stays quick and deterministic.
struct Fresh {
    let refreshToken: String
    private let uidCandidate: String
    private let spare: String

    init(_ service: EmbeddedIdentityService) {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        refreshToken = "r." + service.random.token(byteCount: 32)
        uidCandidate = service.random.string(count: 28, alphabet: alphabet)
        spare = service.random.string(count: 28, alphabet: alphabet)
    }

    /// A 28-character uid (Firebase's length) not in use. A collision of 28 random base-62 characters is
    /// astronomically unlikely; the spare covers it.
    func uid(avoiding state: EmbeddedBackendState) -> String {
        state.identity.accounts[uidCandidate] == nil ? uidCandidate : spare
    }
}
