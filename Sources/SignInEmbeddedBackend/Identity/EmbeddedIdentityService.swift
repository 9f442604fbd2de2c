import Foundation
import SignInCrypto
import SignInData
import SignInDomain

/// An in-process identity service that does what Firebase Authentication does for the app: verifies
/// identity tokens, creates or finds the account by (provider, subject), and issues its own session
/// tokens (a JWT ID token with an expiry and an opaque refresh token).
///
/// Every operation checks everything before it changes anything, and an actor runs one operation at a
/// time, so a refused request leaves the accounts exactly as they were.
public actor EmbeddedIdentityService: IdentityBackend {
    private var state: IdentityServiceState
    private let configuration: EmbeddedBackendConfiguration
    private let appleVerifier: IdentityTokenVerifier
    private let sessionKey: [UInt8]
    private let clock: any WallClock
    private let random: any RandomByteSource
    private let tracer: any FlowTracer

    /// Creates a service.
    /// - Parameters:
    ///   - state: The accounts and tokens to start from.
    ///   - configuration: Issuers, audiences, lifetimes.
    ///   - appleKey: The key that verifies Apple identity tokens.
    ///   - sessionKey: The key that signs the service's own ID tokens.
    ///   - clock: The time for every check.
    ///   - random: Makes uids and refresh tokens.
    ///   - tracer: Receives the labelled steps.
    public init(
        state: IdentityServiceState = IdentityServiceState(),
        configuration: EmbeddedBackendConfiguration = EmbeddedBackendConfiguration(),
        appleKey: [UInt8], sessionKey: [UInt8], clock: any WallClock, random: any RandomByteSource,
        tracer: any FlowTracer = SilentFlowTracer()
    ) {
        self.state = state
        self.configuration = configuration
        self.appleVerifier = IdentityTokenVerifier(
            issuer: configuration.appleIssuer, audience: configuration.appleClientID, key: appleKey,
            clockSkew: configuration.clockSkew)
        self.sessionKey = sessionKey
        self.clock = clock
        self.random = random
        self.tracer = tracer
    }

    /// The service's state, for persistence and tests.
    public var snapshot: IdentityServiceState { state }

    /// The account with `uid`, if any.
    public func account(uid: String) -> EmbeddedAccount? { state.accounts[uid] }

    // MARK: - accounts:signInWithIdp

    public func signInWithIdP(_ request: IdPSignInRequest) throws -> BackendSessionResponse {
        let component = "EmbeddedIdentityService.signInWithIdP"
        let now = clock.now()
        guard request.providerId == ProviderType.apple.rawValue else {
            throw IdentityBackendError(.unsupportedProvider, message: "\(request.providerId) is not enabled")
        }
        guard !request.idToken.value.isEmpty else { throw IdentityBackendError(.missingIdToken) }
        tracer.record(.backend, component, "verify the identity token: signature, alg, iss, aud, exp, iat, nonce")
        let claims = try appleVerifier.verify(request.idToken.value, rawNonce: request.rawNonce?.value, now: now)
        forgetExpiredNonces(now: now)
        if let nonce = claims.nonce, state.usedNonces[nonce] != nil {
            throw IdentityBackendError(.nonceAlreadyUsed, message: "the nonce was already used")
        }

        // Every check has passed: from here on the request succeeds and may change the state.
        if let nonce = claims.nonce {
            state.usedNonces[nonce] = Date(timeIntervalSince1970: TimeInterval(claims.exp) + configuration.clockSkew)
        }
        let identity = LinkedIdentity(providerId: request.providerId, subject: claims.sub, email: claims.email)
        var isNewUser = false
        var account: EmbeddedAccount
        if let uid = state.identities[identity.key], let existing = state.accounts[uid] {
            account = existing
            tracer.record(.backend, component, "found the account \(uid) for \(request.providerId)")
        } else {
            isNewUser = true
            account = EmbeddedAccount(
                uid: makeUID(), email: claims.email ?? request.email, emailVerified: claims.emailVerified ?? false,
                displayName: request.fullName?.formatted, createdAt: now, identities: [identity])
            state.identities[identity.key] = account.uid
            tracer.record(.backend, component, "created the account \(account.uid) for \(request.providerId)")
        }
        // The first-login profile is kept; later sign-ins, which carry none, fill only what is missing.
        if account.displayName == nil, let name = request.fullName?.formatted { account.displayName = name }
        if account.email == nil, let email = claims.email ?? request.email { account.email = email }
        state.accounts[account.uid] = account
        return issueSession(for: account, provider: request.providerId, isNewUser: isNewUser, now: now)
    }

    // MARK: - Sessions

    private func issueSession(for account: EmbeddedAccount, provider: String, isNewUser: Bool, now: Date)
        -> BackendSessionResponse
    {
        let issuedAt = Int(now.timeIntervalSince1970)
        let lifetime = Int(configuration.sessionLifetime)
        let claims = SessionTokenClaims(
            iss: configuration.sessionIssuer, aud: configuration.projectID, sub: account.uid, iat: issuedAt,
            exp: issuedAt + lifetime, signInProvider: provider, email: account.email)
        let idToken = JWS.signHS256(
            header: JSONCoding.encode(JOSEHeader(kid: "session")), payload: JSONCoding.encode(claims), key: sessionKey)
        let refreshToken = "r." + random.token(byteCount: 32)
        state.refreshTokens[SHA256.hexDigest(refreshToken)] = RefreshTokenRecord(uid: account.uid, issuedAt: now)
        tracer.record(.backend, "EmbeddedIdentityService", "issued an ID token (\(lifetime) s) and a refresh token")
        return BackendSessionResponse(
            localId: account.uid, email: account.email, displayName: account.displayName, idToken: Secret(idToken),
            refreshToken: Secret(refreshToken), expiresIn: lifetime, isNewUser: isNewUser,
            providerIds: account.providerIds, isAnonymous: account.isAnonymous)
    }

    private func makeUID() -> String {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        while true {
            let uid = random.string(count: 28, alphabet: alphabet)
            if state.accounts[uid] == nil { return uid }
        }
    }

    private func forgetExpiredNonces(now: Date) {
        state.usedNonces = state.usedNonces.filter { $0.value > now }
    }
}
