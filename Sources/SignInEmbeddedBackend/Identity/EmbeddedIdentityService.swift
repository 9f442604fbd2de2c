import Foundation
import SignInCrypto
import SignInData
import SignInDomain

/// An in-process identity service that does what Firebase Authentication does for the app: verifies
/// identity tokens, creates or finds the account by (provider, subject), issues its own session tokens (a
/// JWT ID token with an expiry and an opaque refresh token), rotates refresh tokens, and verifies its ID
/// tokens for the app's API.
///
/// Each operation is one ``BackendStateStorage/update(_:)``: every check runs before anything changes, and
/// a refused request leaves the state exactly as it was.
public final class EmbeddedIdentityService: IdentityBackend {
    private let storage: any BackendStateStorage
    private let configuration: EmbeddedBackendConfiguration
    private let clock: any WallClock
    private let random: any RandomByteSource
    private let tracer: any FlowTracer

    /// Creates a service over the backend's state.
    public init(
        storage: any BackendStateStorage, configuration: EmbeddedBackendConfiguration = EmbeddedBackendConfiguration(),
        clock: any WallClock, random: any RandomByteSource, tracer: any FlowTracer = SilentFlowTracer()
    ) {
        self.storage = storage
        self.configuration = configuration
        self.clock = clock
        self.random = random
        self.tracer = tracer
    }

    /// The service's state, for tests and inspection.
    public func snapshot() throws(IdentityBackendError) -> IdentityServiceState {
        try storage.read { $0.identity }
    }

    /// The account with `uid`, if any.
    public func account(uid: String) throws(IdentityBackendError) -> EmbeddedAccount? {
        try storage.read { $0.identity.accounts[uid] }
    }

    // MARK: - accounts:signInWithIdp

    public func signInWithIdP(_ request: IdPSignInRequest) throws(IdentityBackendError) -> BackendSessionResponse {
        let component = "EmbeddedIdentityService.signInWithIdP"
        let now = clock.now()
        guard request.providerId == ProviderType.apple.rawValue else {
            throw IdentityBackendError(.unsupportedProvider, message: "\(request.providerId) is not enabled")
        }
        guard !request.idToken.value.isEmpty else { throw IdentityBackendError(.missingIdToken) }
        tracer.record(.backend, component, "verify the identity token: signature, alg, iss, aud, exp, iat, nonce")
        let newRefreshToken = "r." + random.token(byteCount: 32)
        let newUID = makeUIDCandidate()
        return try storage.update { state throws(IdentityBackendError) in
            let verifier = IdentityTokenVerifier(
                issuer: configuration.appleIssuer, audience: configuration.appleClientID,
                key: Base64URL.decode(state.apple.signingKey) ?? [], clockSkew: configuration.clockSkew)
            let claims = try verifier.verify(request.idToken.value, rawNonce: request.rawNonce?.value, now: now)
            state.identity.usedNonces = state.identity.usedNonces.filter { $0.value > now }
            if let nonce = claims.nonce, state.identity.usedNonces[nonce] != nil {
                throw IdentityBackendError(.nonceAlreadyUsed, message: "the nonce was already used")
            }

            // Every check has passed: from here on the request succeeds and may change the state.
            if let nonce = claims.nonce {
                state.identity.usedNonces[nonce] = Date(
                    timeIntervalSince1970: TimeInterval(claims.exp) + configuration.clockSkew)
            }
            let identity = LinkedIdentity(providerId: request.providerId, subject: claims.sub, email: claims.email)
            var isNewUser = false
            var account: EmbeddedAccount
            if let uid = state.identity.identities[identity.key], let existing = state.identity.accounts[uid] {
                account = existing
                tracer.record(.backend, component, "found the account \(uid) for \(request.providerId)")
            } else {
                isNewUser = true
                let uid = state.identity.accounts[newUID] == nil ? newUID : newUID + "x"
                account = EmbeddedAccount(
                    uid: uid, email: claims.email ?? request.email, emailVerified: claims.emailVerified ?? false,
                    displayName: request.fullName?.formatted, createdAt: now, identities: [identity])
                state.identity.identities[identity.key] = account.uid
                tracer.record(.backend, component, "created the account \(account.uid) for \(request.providerId)")
            }
            // The first-login profile is kept; later sign-ins, which carry none, fill only what is missing.
            if account.displayName == nil, let name = request.fullName?.formatted { account.displayName = name }
            if account.email == nil, let email = claims.email ?? request.email { account.email = email }
            state.identity.accounts[account.uid] = account
            return issueSession(
                for: account, provider: request.providerId, isNewUser: isNewUser, refreshToken: newRefreshToken,
                now: now, state: &state)
        }
    }

    // MARK: - Refresh and revocation

    public func refreshSession(refreshToken: Secret) throws(IdentityBackendError) -> BackendSessionResponse {
        let now = clock.now()
        let newRefreshToken = "r." + random.token(byteCount: 32)
        let response = try storage.update { state throws(IdentityBackendError) in
            let key = SHA256.hexDigest(refreshToken.value)
            guard let record = state.identity.refreshTokens[key] else {
                throw IdentityBackendError(.invalidRefreshToken, message: "unknown, used or revoked refresh token")
            }
            guard let account = state.identity.accounts[record.uid] else {
                state.identity.refreshTokens[key] = nil
                throw IdentityBackendError(.userNotFound, message: "the account no longer exists")
            }
            // Rotation: the token just used stops working.
            state.identity.refreshTokens[key] = nil
            return issueSession(
                for: account, provider: record.provider, isNewUser: false, refreshToken: newRefreshToken, now: now,
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
        let now = clock.now().timeIntervalSince1970
        return try storage.read { state throws(IdentityBackendError) in
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
            guard now < TimeInterval(claims.exp) else { throw IdentityBackendError(.idTokenExpired) }
            guard state.identity.accounts[claims.sub] != nil else { throw IdentityBackendError(.userNotFound) }
            return claims
        }
    }

    // MARK: - Sessions

    private func issueSession(
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
            providerIds: account.providerIds, isAnonymous: account.isAnonymous)
    }

    /// A fresh 28-character uid (Firebase's length). Collisions are astronomically unlikely; the caller
    /// still checks.
    private func makeUIDCandidate() -> String {
        random.string(count: 28, alphabet: Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"))
    }
}
