import Foundation
import SignInCrypto
public import SignInData
public import SignInDomain
import SignInEmbeddedIssuers
import SignInEmbeddedStore
public import SignInJOSE

extension EmbeddedIdentityService {
    // MARK: - Refresh and revocation

    /// Exchanges a refresh token for new tokens; the token sent stops working (rotation).
    ///
    /// Reuse of a rotated token: within ``EmbeddedBackendConfiguration/refreshTokenReuseGrace`` of its rotation it
    /// is taken for a race between two processes of the same app and answered
    /// `IdentityBackendError/Code/refreshTokenAlreadyRotated` (the client adopts the newer session; nothing is
    /// revoked). Later it is taken for theft: the whole chain of refreshes it belongs to is revoked, so that
    /// neither the thief nor the victim keeps a working refresh token, and the answer is
    /// `IdentityBackendError/Code/invalidRefreshToken`.
    /// It renews sessions, rotating the refresh token.
    public var canRefreshSessions: Bool { true }

    public func refreshSession(refreshToken: Secret) throws(IdentityBackendError) -> BackendSessionResponse {
        let now = clock.now()
        let fresh = Fresh(self)
        guard refreshToken.value.utf8.count <= 512 else {
            throw IdentityBackendError(.invalidRefreshToken, message: "unknown, used or revoked refresh token")
        }
        let key = SHA256.hexDigest(refreshToken.value)
        // A reuse found after the grace window changes the state (the chain is revoked) and then fails; the
        // update must keep that change, so it returns the failure instead of throwing it.
        let outcome: Result<BackendSessionResponse, IdentityBackendError> = try storage.update { state in
            pruneExpired(&state, now: now)
            guard let record = state.identity.refreshTokens[key] else {
                guard let rotated = state.identity.rotatedRefreshTokens[key],
                    now.timeIntervalSince(rotated.rotatedAt) < configuration.rotatedRefreshTokenRetention
                else {
                    return .failure(IdentityBackendError(.invalidRefreshToken, message: "unknown or revoked token"))
                }
                if now.timeIntervalSince(rotated.rotatedAt) <= configuration.refreshTokenReuseGrace {
                    return .failure(
                        IdentityBackendError(.refreshTokenAlreadyRotated, message: "exchanged moments ago"))
                }
                state.identity.refreshTokens.removeAll(RefreshTokenRecord.byFamily, rotated.family)
                return .failure(
                    IdentityBackendError(.invalidRefreshToken, message: "reused refresh token; its chain was revoked"))
            }
            guard let account = state.identity.accounts[record.uid] else {
                return .failure(IdentityBackendError(.userNotFound, message: "the account no longer exists"))
            }
            // A disabled account keeps its refresh token, which works again once the account is enabled.
            guard !account.isDisabled else {
                return .failure(IdentityBackendError(.userDisabled, message: "an administrator disabled the account"))
            }
            state.identity.refreshTokens[key] = nil
            guard record.issuedAt.timeIntervalSince1970 >= TimeInterval(account.validSince ?? 0) else {
                return .failure(IdentityBackendError(.invalidRefreshToken, message: "revoked by a password change"))
            }
            let family = record.family ?? fresh.family
            state.identity.rotatedRefreshTokens[key] = RotatedRefreshToken(
                uid: record.uid, family: family, rotatedAt: now)
            do throws(IdentityBackendError) {
                return .success(
                    try issueSession(
                        for: account, provider: record.provider, isNewUser: false, fresh: fresh, now: now,
                        authenticatedAt: record.authTime ?? record.issuedAt, family: family,
                        developerClaims: record.developerClaims ?? [:], secondFactor: record.secondFactor,
                        signInAttributes: record.signInAttributes, state: &state))
            } catch {
                return .failure(error)
            }
        }
        let response = try outcome.get()
        return response
    }

    public func revokeRefreshToken(_ refreshToken: Secret) throws(IdentityBackendError) {
        try storage.update { state in
            state.identity.refreshTokens[SHA256.hexDigest(refreshToken.value)] = nil
        }
    }

    /// Ends every session of `account`: its refresh tokens and reset codes go, and every ID token issued so far
    /// is refused from now on (its `validSince` moves past them). Tokens issued afterwards start at `validSince`.
    func revokeEverySession(of account: inout EmbeddedAccount, now: Date, state: inout EmbeddedBackendState) {
        // The next whole second: a token issued in this very second, before the change, is refused too.
        account.validSince = Int(now.timeIntervalSince1970.rounded(.down)) + 1
        state.identity.accounts[account.uid] = account
        let uid = account.uid
        state.identity.refreshTokens.removeAll(RefreshTokenRecord.byAccount, uid)
        state.identity.passwordResetCodes.removeAll(ResetCodeRecord.byAccount, uid)
    }

    /// Ends every session of the signed-in account and gives the caller a new one (Firebase's `accounts:update` with
    /// `validSince`, "sign out everywhere else"): every token issued before, the caller's included, is refused, and
    /// every refresh token and mailed code of the account stops working.
    public func revokeOtherSessions(idToken: Secret) throws(IdentityBackendError) -> BackendSessionResponse {
        let now = clock.now()
        let fresh = Fresh(self)
        return try storage.update { state throws(IdentityBackendError) in
            var (account, claims) = try authenticate(idToken, state: state, now: now)
            revokeEverySession(of: &account, now: now, state: &state)
            return try issueSession(
                for: account, provider: claims.signInProvider, isNewUser: false, fresh: fresh, now: now,
                authenticatedAt: Date(timeIntervalSince1970: TimeInterval(claims.authTime)), state: &state)
        }
    }

    // MARK: - ID tokens for the app's API

    /// Verifies one of the service's ID tokens, as the app's API server does (Firebase's `verifyIdToken` with
    /// `checkRevoked`): signature, `alg`, `iss`, `aud`, `exp`, that the account still exists, and that the token
    /// was issued after the account's `validSince`.
    public func verifySessionToken(_ token: String) throws(IdentityBackendError) -> SessionTokenClaims {
        let now = clock.now()
        return try storage.read { state throws(IdentityBackendError) in
            try checkSessionToken(token, state: state, now: now).claims
        }
    }

    func checkSessionToken(_ token: String, state: EmbeddedBackendState, now: Date) throws(IdentityBackendError)
        -> (account: EmbeddedAccount, claims: SessionTokenClaims)
    {
        guard let parts = JWS.parse(token),
            let header = TokenJSON.header(from: parts.header)
        else { throw IdentityBackendError(.malformedIdToken) }
        guard try hasSessionSignature(parts, header: header, state: state) else {
            throw IdentityBackendError(.invalidSignature)
        }
        guard let claims = TokenJSON.sessionClaims(from: parts.payload) else {
            throw IdentityBackendError(.malformedIdToken)
        }
        guard claims.iss == configuration.sessionIssuer else { throw IdentityBackendError(.invalidIssuer) }
        guard claims.aud == configuration.projectID else { throw IdentityBackendError(.invalidAudience) }
        guard claims.tenant == configuration.tenantID else { throw IdentityBackendError(.tenantIdMismatch) }
        guard now.timeIntervalSince1970 < TimeInterval(claims.exp) else { throw IdentityBackendError(.idTokenExpired) }
        guard TimeInterval(claims.iat) <= now.timeIntervalSince1970 + configuration.clockSkew else {
            throw IdentityBackendError(.idTokenNotYetValid)
        }
        guard let account = state.identity.accounts[claims.sub] else { throw IdentityBackendError(.userNotFound) }
        try Self.requireEnabled(account)
        guard claims.iat >= account.validSince ?? 0 else {
            throw IdentityBackendError(.tokenExpired, message: "revoked: issued before the account's validSince")
        }
        return (account, claims)
    }

    /// The account behind a session's ID token, for the operations a signed-in user makes.
    func authenticate(_ idToken: Secret, state: EmbeddedBackendState, now: Date) throws(IdentityBackendError)
        -> (account: EmbeddedAccount, claims: SessionTokenClaims)
    {
        do throws(IdentityBackendError) {
            return try checkSessionToken(idToken.value, state: state, now: now)
        } catch  where [.invalidKey, .userDisabled, .userNotFound, .tokenExpired].contains(error.code) {
            // A damaged key stops everything. A disabled account, a deleted one (`USER_NOT_FOUND`) and a revoked
            // session (`TOKEN_EXPIRED`) are said as such, as Firebase does, so that the client signs out with the
            // right words.
            throw error
        } catch {
            throw IdentityBackendError(.invalidIDToken, message: "the session is not valid (\(error.code.rawValue))")
        }
    }

    /// Refuses a sensitive operation when the session's sign-in is older than
    /// ``EmbeddedBackendConfiguration/recentSignInWindow``. A guest account (no linked provider) has nothing to
    /// sign in again with and nothing but the session to prove; it is exempt.
    func requireRecentSignIn(_ claims: SessionTokenClaims, account: EmbeddedAccount, now: Date)
        throws(IdentityBackendError)
    {
        guard !account.identities.isEmpty else { return }
        let age = now.timeIntervalSince1970 - TimeInterval(claims.authTime)
        guard age <= configuration.recentSignInWindow else {
            throw IdentityBackendError(
                .credentialTooOld, message: "signed in \(Int(age)) s ago; sign in again with \(claims.signInProvider)")
        }
    }

    // MARK: - Identity tokens from Apple and Google

    /// Fetches, before a state update, the published keys a real issuer's token for `request` needs (nothing for a
    /// simulated issuer, or a request without a token).
    func preparePublishedKeys(for request: IdPSignInRequest) throws(IdentityBackendError) {
        guard !request.idToken.value.isEmpty, let issuer = tokenIssuers[request.providerId],
            case .published(let first) = issuer.keys
        else { return }
        try keySets.prepare(
            issuer: Self.keyIssuer(of: request.idToken.value, issuer, first: first), token: request.idToken.value)
    }

    /// The issuer whose published keys are to verify `token`: the one its `iss` names when the registration allows
    /// it (a provider with one issuer per tenant publishes keys per tenant), else the registration's first, whose
    /// keys cannot verify a token for an issuer the registration does not allow anyway (the `iss` check refuses it).
    static func keyIssuer(of token: String, _ issuer: IdentityTokenIssuer, first: String) -> String {
        guard let payload = JWS.parse(token)?.payload,
            let claims = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any],
            let named = claims["iss"] as? String, issuer.issuers.contains(named)
        else { return first }
        return named
    }

    /// Verifies an identity provider's token for `request`, refuses a used nonce, and records the nonce under its
    /// canonical key. The record is kept only if the whole update succeeds. A real issuer's keys are those
    /// ``preparePublishedKeys(for:)`` fetched.
    func acceptIdentityToken(_ request: IdPSignInRequest, state: inout EmbeddedBackendState, now: Date)
        throws(IdentityBackendError) -> IdentityTokenClaims
    {
        guard !request.idToken.value.isEmpty else { throw IdentityBackendError(.missingIdToken) }
        guard let issuer = tokenIssuers[request.providerId] else {
            // The lenient mode takes an unsigned token for any provider id, as Google's emulator does (its tests sign
            // in with `facebook.com` or `saml.…`): it adds no one it would not already let in.
            if configuration.acceptsUnsignedProviderTokens, UnsignedProviderToken.isProviderID(request.providerId),
                let unsigned = try UnsignedProviderToken.claims(of: request.idToken.value, now: now)
            {
                return unsigned
            }
            throw IdentityBackendError(.unsupportedProvider, message: "\(request.providerId) is not enabled")
        }
        if configuration.acceptsUnsignedProviderTokens,
            let unsigned = try UnsignedProviderToken.claims(of: request.idToken.value, now: now)
        {
            return unsigned
        }
        let keys: IdentityTokenKeys
        var accepted = issuer.issuers
        switch issuer.keys {
        case .simulated(let key):
            guard let key = try key(state) else {
                throw IdentityBackendError(
                    .invalidSignature, message: "\(request.providerId)'s issuer has signed no token yet")
            }
            keys = .hs256(key)
        case .published(let first):
            keys = .published(
                try keySets.keys(issuer: Self.keyIssuer(of: request.idToken.value, issuer, first: first)))
            // A multi-tenant provider (`…/common/v2.0`) announces its template: each tenant's token is accepted
            // when its `iss` is the template filled with its own `tid`.
            if let template = keySets.template(issuer: first) { accepted.insert(template) }
        }
        let verifier = IdentityTokenVerifier(
            issuers: accepted, audience: issuer.audience, keys: keys, clockSkew: configuration.clockSkew,
            requiresNonce: true)
        let claims = try verifier.verify(request.idToken.value, rawNonce: request.rawNonce?.value, now: now)
        pruneExpired(&state, now: now)
        if let nonce = claims.nonce {
            // The verifier accepted the nonce, so it has a canonical form. A nonce kept past its expiry (pruning
            // runs once a minute) no longer counts.
            guard let replayKey = IdentityTokenVerifier.replayKey(for: nonce),
                (state.identity.usedNonces[replayKey].map { $0 > now } ?? false) == false
            else { throw IdentityBackendError(.nonceAlreadyUsed, message: "the nonce was already used") }
            state.identity.usedNonces[replayKey] = Date(
                timeIntervalSince1970: TimeInterval(claims.exp) + configuration.clockSkew)
        }
        return claims
    }

    /// Fills what the account lacks from a provider's profile: the name, and the email unless another account
    /// has it.
    func fillProfile(
        _ account: inout EmbeddedAccount, claims: IdentityTokenClaims, request: IdPSignInRequest,
        state: EmbeddedBackendState
    ) {
        if account.displayName == nil, let name = Self.boundedName(request.fullName?.formatted ?? claims.name) {
            account.displayName = name
        }
        if account.screenName == nil, let handle = claims.providerClaims["screen_name"] {
            account.screenName = Self.boundedName(handle)
        }
        if account.photoURL == nil, let picture = claims.providerClaims["picture"],
            let photo = try? Self.checkedPhotoURL(picture)
        {
            account.photoURL = photo
        }
        if account.email == nil, !projectSettings.allowsDuplicateEmails, let email = claims.email ?? request.email,
            let claimed = try? claimEmail(email, for: account.uid, in: state)
        {
            account.email = claimed
        }
    }

    // MARK: - One account per email

    /// The account that `email` names, if any: an account's own email and the email of its password both name it.
    /// A lookup, not a scan: the accounts table finds accounts by the emails they own.
    func emailOwner(_ email: String, in state: EmbeddedBackendState) -> String? {
        emailOwners(email, in: state).min()
    }

    /// Every account that `email` names (one at most, unless the state was damaged).
    func emailOwners(_ email: String, in state: EmbeddedBackendState) -> [String] {
        state.identity.accounts.keys(EmbeddedAccount.byEmail, EmbeddedAccount.lookupEmail(email))
    }

    /// The one place that decides whether an account may have `email`: an email names at most one account.
    /// - Returns: The email as it should be kept (trimmed).
    /// - Throws: ``IdentityBackendError/Code/emailExists`` when another account has it.
    func claimEmail(_ email: String, for uid: String, in state: EmbeddedBackendState) throws(IdentityBackendError)
        -> String
    {
        let kept = EmailAddress.normalized(email) ?? email
        if emailOwners(kept, in: state).contains(where: { $0 != uid }) {
            throw IdentityBackendError(.emailExists, message: "the email already belongs to an account")
        }
        return kept
    }

    // MARK: - Sessions

    /// Issues a session: an ID token and a new refresh token in `family` (a new chain when `nil`).
    ///
    /// The token's `iat` is never before the account's `validSince`, so that a session issued in the same second
    /// as a password change, after it, is valid.
    func issueSession(
        for account: EmbeddedAccount, provider: String, isNewUser: Bool, fresh: Fresh, now: Date,
        authenticatedAt: Date? = nil, family: String? = nil, developerClaims: [String: JSONValue] = [:],
        secondFactor: String? = nil, signIn: SignInEvent? = nil, signInAttributes: [String: JSONValue]? = nil,
        state: inout EmbeddedBackendState
    ) throws(IdentityBackendError) -> BackendSessionResponse {
        var account = account
        let signInAttributes = signInAttributes ?? signIn?.samlAttributes
        var developerClaims = developerClaims
        // A sign-in (not a refresh, nor a re-issue after a change that proves nothing) meets the project's blocking
        // functions first.
        if let signIn, !projectSettings.blockingFunctions.isEmpty {
            let outcome = try runBlockingFunctions(for: account, isNewUser: isNewUser, event: signIn, now: now)
            account = outcome.account
            developerClaims.merge(outcome.sessionClaims) { _, new in new }
        }
        try Self.requireEnabled(account)
        let issuedAt = max(Int(now.timeIntervalSince1970.rounded(.down)), account.validSince ?? 0)
        let lifetime = Int(configuration.sessionLifetime)
        let authTime = authenticatedAt ?? now
        // Firebase's lastLoginAt is the sign-in the session stands on; lastRefreshAt is every issue of tokens.
        var touched = account
        touched.lastSignInAt = authTime
        touched.lastRefreshAt = now
        state.identity.accounts[account.uid] = touched
        var claims = SessionTokenClaims(
            iss: configuration.sessionIssuer, aud: configuration.projectID, sub: account.uid, iat: issuedAt,
            exp: issuedAt + lifetime, authTime: Int(authTime.timeIntervalSince1970.rounded(.down)),
            signInProvider: provider, email: account.email,
            // Said when there is an email, or when the email is verified without one (a blocking function's word).
            emailVerified: account.email != nil || account.emailVerified ? account.emailVerified : nil,
            name: account.displayName, identities: Self.firebaseIdentities(of: account),
            sessionID: family ?? fresh.family)
        claims.picture = account.photoURL
        claims.phoneNumber = account.phoneNumber
        claims.signInSecondFactor = secondFactor.map { id in
            if id == Self.recoveryCodeFactor { return "recovery_code" }
            return account.secondFactors?.first { $0.id == id }?.phoneNumber == nil ? "totp" : "phone"
        }
        claims.secondFactorIdentifier = secondFactor
        claims.tenant = configuration.tenantID
        claims.signInAttributes = signInAttributes
        // Stored as checked when they were set: a JSON object naming no claim of the token's own.
        // A custom token's developer claims are this token's (and its sign-in's), over the account's.
        claims.customClaims = (account.customAttributes.flatMap(JSONValue.object(fromJSON:)) ?? [:])
            .merging(developerClaims) { _, developer in developer }
        let idToken = try signSessionToken(claims.compactJSON, state: &state, now: now)
        state.identity.refreshTokens[SHA256.hexDigest(fresh.refreshToken)] = RefreshTokenRecord(
            uid: account.uid, issuedAt: Date(timeIntervalSince1970: TimeInterval(issuedAt)), provider: provider,
            authTime: authTime, family: claims.sessionID,
            developerClaims: developerClaims.isEmpty ? nil : developerClaims, secondFactor: secondFactor,
            signInAttributes: signInAttributes)
        // A user who signs in again and again keeps only the newest sessions: the oldest chain goes first.
        state.identity.refreshTokens.removeOldest(
            RefreshTokenRecord.byAccount, account.uid, keeping: configuration.maximumSessionsPerAccount)
        return BackendSessionResponse(
            localId: account.uid, email: account.email, displayName: account.displayName, idToken: Secret(idToken),
            refreshToken: Secret(fresh.refreshToken), expiresIn: lifetime, isNewUser: isNewUser,
            providerIds: account.providerIds, isAnonymous: account.isAnonymous,
            providerUserIds: account.providerUserIds, signInProvider: provider, photoURL: account.photoURL)
    }

    /// Refuses an account an administrator disabled: it may not sign in, refresh or make any call.
    static func requireEnabled(_ account: EmbeddedAccount) throws(IdentityBackendError) {
        guard !account.isDisabled else {
            throw IdentityBackendError(.userDisabled, message: "an administrator disabled the account")
        }
    }

    /// An account's identities as Firebase's ID tokens list them (`firebase.identities`): each linked identity
    /// provider's user ids, and `email` with the account's email (a password identity is listed there, not as
    /// `password`). A guest has none.
    static func firebaseIdentities(of account: EmbeddedAccount) -> [String: [String]] {
        var identities: [String: [String]] = [:]
        for identity in account.identities where identity.providerId != "password" {
            identities[identity.providerId, default: []].append(identity.subject)
        }
        if let email = account.email { identities["email"] = [email] }
        return identities
    }

    /// Issues the session that replaces the caller's after a change to its account (a link, an unlink, a
    /// re-authentication): the same chain of refreshes, whose earlier refresh tokens stop working, and the same
    /// sign-in time unless `authenticatedAt` says the user just proved who they are. A change that proves an identity
    /// (a link with a provider's token) passes `signIn`, so that the blocking functions hear of it as of a sign-in.
    func reissueSession(
        for account: EmbeddedAccount, provider: String, replacing claims: SessionTokenClaims,
        authenticatedAt: Date? = nil, secondFactor: String? = nil, fresh: Fresh, now: Date,
        signIn: SignInEvent? = nil, state: inout EmbeddedBackendState
    ) throws(IdentityBackendError) -> BackendSessionResponse {
        if let family = claims.sessionID {
            state.identity.refreshTokens.removeAll(RefreshTokenRecord.byFamily, family)
        }
        return try issueSession(
            for: account, provider: provider, isNewUser: false, fresh: fresh, now: now,
            authenticatedAt: authenticatedAt ?? Date(timeIntervalSince1970: TimeInterval(claims.authTime)),
            family: claims.sessionID, secondFactor: secondFactor ?? claims.secondFactorIdentifier, signIn: signIn,
            state: &state)
    }

    // MARK: - Pruning

    /// How often expired records are looked for: often enough to keep the state small, rarely enough that an
    /// operation does not pay a scan of every record. Every lookup checks expiry itself.
    static let pruneInterval: TimeInterval = 60

    /// Forgets what has expired (used nonces, reset codes, Apple authorization codes, rotated refresh tokens past
    /// their retention, stale password attempts), at most once per ``pruneInterval``; removes in place.
    func pruneExpired(_ state: inout EmbeddedBackendState, now: Date) {
        if let last = state.identity.lastPrunedAt, now.timeIntervalSince(last) < Self.pruneInterval, now >= last {
            return
        }
        state.identity.lastPrunedAt = now
        let retention = configuration.rotatedRefreshTokenRetention
        let throttle = configuration.passwordThrottle
        state.identity.usedNonces.removeAll(atOrBefore: now)
        state.identity.passwordResetCodes.removeAll(atOrBefore: now)
        state.identity.rotatedRefreshTokens.removeAll(atOrBefore: now.addingTimeInterval(-retention))
        // A locked record is kept until its lockout is that far in the past too (lookups check it themselves).
        state.identity.passwordAttempts.removeAll(atOrBefore: now.addingTimeInterval(-throttle.forgetAfter))
        state.identity.smsCounters.removeAll(atOrBefore: now)
        state.apple.issuedCodes.removeAll(
            atOrBefore: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)))
    }

    // MARK: - Password guesses

    /// Counts a password attempt for the email behind `key`, or refuses it while the email is locked.
    func countPasswordAttempt(_ key: String, state: inout EmbeddedBackendState, now: Date) throws(IdentityBackendError)
    {
        let throttle = configuration.passwordThrottle
        pruneExpired(&state, now: now)
        var record =
            state.identity.passwordAttempts[key].flatMap { throttle.isCurrent($0, now: now) ? $0 : nil }
            ?? PasswordAttempts(count: 0, lastAttemptAt: now)
        if let lockedUntil = record.lockedUntil, lockedUntil > now {
            throw IdentityBackendError(
                .tooManyAttempts, message: "locked for \(Int(lockedUntil.timeIntervalSince(now).rounded(.up))) s")
        }
        record.count += 1
        record.lastAttemptAt = now
        record.lockedUntil = throttle.lockout(afterAttempt: record.count).map { now.addingTimeInterval($0) }
        state.identity.passwordAttempts[key] = record
    }

    // MARK: - Input checks

    func normalize(_ email: String) -> String {
        EmbeddedAccount.lookupEmail(email)
    }

    func checkedEmail(_ email: String) throws(IdentityBackendError) -> String {
        guard let valid = EmailAddress.normalized(email) else {
            throw IdentityBackendError(.invalidEmail, message: "not a valid email address")
        }
        return valid.lowercased()
    }

    func checkPolicy(_ password: Secret) throws(IdentityBackendError) {
        if let rule = PasswordPolicy.violation(of: password.value, minimumLength: configuration.minimumPasswordLength) {
            throw IdentityBackendError(.weakPassword, message: rule.rawValue)
        }
    }

    /// The longest display name kept, in characters; a longer one (from a provider's profile) is cut.
    static let maximumNameLength = 256

    /// The longest photo URL kept, in bytes.
    static let maximumPhotoURLLength = 2048

    /// A photo URL as it is kept: trimmed, `nil` for an empty one (which removes the photo).
    /// - Throws: `INVALID_PHOTO_URL` for one that is not an `http` or `https` URL of at most 2,048 bytes.
    static func checkedPhotoURL(_ text: String) throws(IdentityBackendError) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.utf8.count <= maximumPhotoURLLength, let url = URL(string: trimmed),
            let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host?.isEmpty == false,
            url.user == nil, url.password == nil
        else {
            throw IdentityBackendError(
                .invalidPhotoURL, message: "a photo URL is an http or https URL with no user name")
        }
        return trimmed
    }

    static func boundedName(_ name: String?) -> String? {
        guard let name, !name.isEmpty else { return nil }
        return name.count <= maximumNameLength ? name : String(name.prefix(maximumNameLength))
    }

    /// A hash to check unknown emails against, with the current cost, so that they take as long as known ones.
    var dummyHash: PasswordHash {
        PasswordHash(
            algorithm: PasswordHasher.algorithm,
            iterations: min(
                max(configuration.passwordIterations, PasswordHasher.iterationRange.lowerBound),
                PasswordHasher.iterationRange.upperBound),
            salt: "AAAAAAAAAAAAAAAAAAAAAA", hash: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
    }
}

/// Random values drawn before an update, so that the update itself stays quick and deterministic.
struct Fresh {
    let refreshToken: String
    /// A new chain of refreshes, for a new sign-in.
    let family: String
    private let uidCandidate: String
    private let spare: String

    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    init(_ service: EmbeddedIdentityService) {
        let alphabet = Self.alphabet
        refreshToken =
            "r." + (service.configuration.tenantID.map { $0 + "." } ?? "") + service.random.token(byteCount: 32)
        family = service.random.token(byteCount: 16)
        uidCandidate = service.random.string(count: 28, alphabet: alphabet)
        spare = service.random.string(count: 28, alphabet: alphabet)
    }

    /// A 28-character uid (Firebase's length) not in use. A collision of 28 random base-62 characters is
    /// astronomically unlikely; the spare covers it.
    func uid(avoiding state: EmbeddedBackendState) -> String {
        state.identity.accounts[uidCandidate] == nil ? uidCandidate : spare
    }
}
