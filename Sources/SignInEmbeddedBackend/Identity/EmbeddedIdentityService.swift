import Foundation
public import SignInCrypto
public import SignInData
public import SignInDomain
import SignInEmbeddedIssuers
public import SignInEmbeddedStore
import SignInJOSE
import SignInLocking

/// An in-process identity service that does what Firebase Authentication does for the app: verifies
/// identity tokens from Apple and Google, creates or finds the account by (provider, subject), keeps guests
/// and email/password accounts (PBKDF2 hashes), links and unlinks providers, issues its own session tokens (a
/// JWT ID token with an expiry and an opaque refresh token that rotates), mails password-reset links to an
/// outbox, deletes accounts, and verifies its ID tokens for the app's API.
///
/// Each operation is one `BackendStateStorage.update(_:)`: every check runs before anything changes, and a
/// refused request leaves the state exactly as it was. The defences (see `SECURITY.md`): tokens issued before an
/// account's `validSince` are refused; deleting, unlinking and changing the password need a recent sign-in;
/// identity tokens need a nonce, used once; password guesses are throttled per email; a reused refresh token
/// revokes its chain; an email belongs to one account.
public final class EmbeddedIdentityService: SessionBackend, PasswordBackend, PasswordResetBackend,
    PasswordResetCodeBackend, PasswordChangeBackend, GuestBackend, IdentityProviderBackend, LinkingBackend,
    AccountDeletionBackend
{
    let storage: any BackendStateStorage
    let configuration: EmbeddedBackendConfiguration
    let clock: any WallClock
    let random: any RandomByteSource
    let outbox: any MailOutbox
    let smsOutbox: any MailOutbox
    /// The identity providers whose tokens it accepts, by provider id.
    let tokenIssuers: [String: IdentityTokenIssuer]
    /// Where every password hash waits for a core, in turns shared among clients.
    public let hashing: PasswordHashingGate
    /// The published keys of the real OpenID Connect issuers, fetched before a state update that needs them.
    let keySets: PublishedKeySets
    /// Where the calls to the project's blocking functions go.
    let blockingFunctions: any BlockingFunctionTransport
    /// The RSA keys that sign ID tokens, read from the state once each, by key id.
    let rsaSigningKeys = Locked<[String: RSASigningKey]>([:])
    private let settings: Locked<EmbeddedProjectSettings>
    /// When each client asked for its reset mails of the last hour, by client.
    /// With the table's size at which it is next pruned of clients that have not asked within the window.
    private let resetRequests = Locked<(byClient: [String: [Date]], pruneAt: Int)>(([:], 1024))

    /// Creates a service over the backend's state.
    public init(
        storage: any BackendStateStorage, configuration: EmbeddedBackendConfiguration = EmbeddedBackendConfiguration(),
        clock: any WallClock, random: any RandomByteSource, outbox: any MailOutbox = InMemoryMailOutbox(),
        smsOutbox: any MailOutbox = InMemoryMailOutbox(), hashing: PasswordHashingGate = PasswordHashingGate(),
        keySets: PublishedKeySets? = nil,
        blockingFunctions: any BlockingFunctionTransport = URLSessionBlockingFunctionTransport()
    ) {
        self.keySets = keySets ?? PublishedKeySets(fetcher: URLSessionKeySetFetcher(), clock: clock)
        self.blockingFunctions = blockingFunctions
        self.storage = storage
        self.configuration = configuration
        self.clock = clock
        self.random = random
        self.outbox = outbox
        self.smsOutbox = smsOutbox
        self.hashing = hashing
        self.tokenIssuers = IdentityTokenIssuer.all(configuration)
        self.settings = Locked(configuration.projectSettings)
    }

    /// The project's settings now: those of the configuration until ``updateProjectSettings(_:)`` changes them.
    public var projectSettings: EmbeddedProjectSettings { settings.withLock { $0 } }

    /// Changes the project's settings from the next request on, for as long as the service lives.
    public func updateProjectSettings(_ change: (inout EmbeddedProjectSettings) -> Void) {
        settings.withLock { change(&$0) }
    }

    /// Refuses every call for a user while sign-in is off (``EmbeddedProjectSettings/signInEnabled``).
    /// - Throws: `PROJECT_DISABLED`.
    public func requireSignInEnabled() throws(IdentityBackendError) {
        guard projectSettings.signInEnabled else {
            throw IdentityBackendError(.projectDisabled, message: "sign-in is turned off for this project")
        }
    }

    /// Refuses an email and password while ``EmbeddedProjectSettings/passwordSignInEnabled`` is off.
    /// - Throws: `OPERATION_NOT_ALLOWED` when `signingUp`, else `PASSWORD_LOGIN_DISABLED`.
    public func requirePasswordSignIn(signingUp: Bool = false) throws(IdentityBackendError) {
        guard projectSettings.passwordSignInEnabled else {
            throw signingUp
                ? IdentityBackendError(.unsupportedProvider, message: "password sign-up is turned off")
                : IdentityBackendError(.passwordLoginDisabled, message: "password sign-in is turned off")
        }
    }

    /// A new hash of `password` with the configured cost, made when the gate gives the current client a turn.
    func hashPassword(_ password: Secret) -> PasswordHash {
        hashing.run {
            PasswordHasher.hash(password.value, iterations: configuration.passwordIterations, random: random)
        }
    }

    /// The answer to an email and password that do not sign in: one answer for both reasons under email
    /// enumeration protection, Firebase's older two without it.
    private func loginRefusal(emailHasAccount: Bool) -> IdentityBackendError {
        if projectSettings.emailEnumerationProtection {
            IdentityBackendError(.invalidLoginCredentials, message: "wrong email or password")
        } else if emailHasAccount {
            IdentityBackendError(.invalidPassword, message: "wrong password")
        } else {
            IdentityBackendError(.emailNotFound, message: "no account signs in with this email")
        }
    }

    /// The service's state, for tests and inspection.
    public func snapshot() throws(IdentityBackendError) -> IdentityServiceState {
        try storage.read { $0.identity.detached() }
    }

    /// The account with `uid`, if any.
    public func account(uid: String) throws(IdentityBackendError) -> EmbeddedAccount? {
        try storage.read { $0.identity.accounts[uid] }
    }

    // MARK: - accounts:signInWithIdp

    public func signInWithIdP(_ request: IdPSignInRequest) throws(IdentityBackendError) -> BackendSessionResponse {
        if request.pendingToken == nil { try preparePublishedKeys(for: request) }
        let now = clock.now()
        let fresh = Fresh(self)
        return try storage.update { state throws(IdentityBackendError) in
            if let pendingToken = request.pendingToken {
                // A refused link's pending token: the account that has the identity, signed in.
                let identity = try acceptPendingToken(
                    pendingToken, providerId: request.providerId, state: &state, now: now)
                guard let uid = state.identity.identities[identity.key], let account = state.identity.accounts[uid]
                else { throw IdentityBackendError(.userNotFound, message: "no account has this identity any more") }
                return try finishFirstStep(
                    for: account, provider: request.providerId, isNewUser: false, fresh: fresh, now: now, state: &state)
            }
            let claims = try acceptIdentityToken(request, state: &state, now: now)
            let identity = LinkedIdentity(providerId: request.providerId, subject: claims.sub, email: claims.email)
            var isNewUser = false
            var account: EmbeddedAccount
            var stored: EmbeddedAccount?
            if let uid = state.identity.identities[identity.key], let existing = state.identity.accounts[uid] {
                account = existing
                stored = existing
                // The identity's email is the provider's latest word (the account's own email stays as it is).
                if let email = claims.email,
                    let index = account.identities.firstIndex(where: { $0.key == identity.key }),
                    account.identities[index].email != email
                {
                    account.identities[index].email = email
                }
            } else if !request.autoCreate {
                throw IdentityBackendError(.userNotFound, message: "no account has this \(request.providerId) identity")
            } else if !projectSettings.allowsDuplicateEmails, let email = claims.email,
                let ownerUID = emailOwners(email, in: state).first, let owner = state.identity.accounts[ownerUID]
            {
                // One account per email: the provider signs in to the account that has its email only when it vouches
                // for the email; otherwise the user must sign in to that account and link there (needConfirmation).
                guard claims.emailVerified == true else {
                    throw IdentityBackendError(
                        .emailExists,
                        message: "the identity's email belongs to another account, and the provider "
                            + "does not vouch for it", email: owner.email ?? email)
                }
                account = takeOver(
                    owner, with: identity, email: email, claims: claims, request: request, now: now,
                    state: &state)
                stored = nil
            } else {
                isNewUser = true
                let uid = fresh.uid(avoiding: state)
                // With duplicate emails allowed, the provider's email stays the identity's.
                let email =
                    projectSettings.allowsDuplicateEmails
                    ? nil
                    : try (claims.email ?? request.email).map { email throws(IdentityBackendError) in
                        try claimEmail(email, for: uid, in: state)
                    }
                account = EmbeddedAccount(
                    uid: uid, email: email, emailVerified: claims.emailVerified ?? false,
                    displayName: Self.boundedName(request.fullName?.formatted ?? claims.name), createdAt: now,
                    identities: [identity])
                state.identity.identities[identity.key] = account.uid
            }
            // The first-login profile is kept; later sign-ins, which carry none, fill only what is missing.
            fillProfile(&account, claims: claims, request: request, state: state)
            // A returning user's account is written only when the sign-in changed it.
            if account != stored { state.identity.accounts[account.uid] = account }
            return try finishFirstStep(
                for: account, provider: request.providerId, isNewUser: isNewUser, fresh: fresh, now: now,
                providerRequest: request, samlAttributes: Self.samlAttributes(request.providerId, claims),
                state: &state)
        }.answer()
    }

    /// The attribute statements a SAML provider's (`saml.…`) assertion made, as the unsigned token of the lenient mode
    /// carries them (its `sign_in_attributes` claim, a JSON object written as text); `nil` for any other provider.
    static func samlAttributes(_ providerId: String, _ claims: IdentityTokenClaims) -> [String: JSONValue]? {
        guard providerId.hasPrefix("saml."), let text = claims.providerClaims["sign_in_attributes"] else { return nil }
        return JSONValue.object(fromJSON: text)
    }

    /// The account that has `email`, signed in to by a provider that vouches for the email (Firebase's trusted
    /// provider): the identity is linked, the email is verified, and the provider's profile replaces the account's.
    /// When the account's email was never verified, whoever made it may not own the email: every way in they could
    /// have set up (a password, a phone number, other identities, passkeys, second factors, recovery codes, email
    /// links) goes, and every session ends, so that an account made in someone else's name before they came is
    /// theirs alone (pre-hijacking).
    private func takeOver(
        _ owner: EmbeddedAccount, with identity: LinkedIdentity, email: String, claims: IdentityTokenClaims,
        request: IdPSignInRequest, now: Date, state: inout EmbeddedBackendState
    ) -> EmbeddedAccount {
        var account = owner
        if !account.emailVerified {
            for old in account.identities { state.identity.identities[old.key] = nil }
            account.identities = []
            account.passwordHash = nil
            account.passwordUpdatedAt = nil
            account.phoneNumber = nil
            account.passkeys = nil
            account.secondFactors = nil
            account.pendingTOTPEnrollment = nil
            account.recoveryCodes = nil
            account.emailLinkSignIn = nil
            revokeEverySession(of: &account, now: now, state: &state)
        }
        account.identities.append(identity)
        state.identity.identities[identity.key] = account.uid
        if account.email == nil { account.email = EmailAddress.normalized(email) ?? email }
        if account.email.map({ EmbeddedAccount.lookupEmail($0) == EmbeddedAccount.lookupEmail(email) }) == true {
            account.emailVerified = true
        }
        account.isAnonymous = false
        account.displayName = Self.boundedName(request.fullName?.formatted ?? claims.name)
        account.photoURL = claims.providerClaims["picture"].flatMap { try? Self.checkedPhotoURL($0) }
        account.screenName = claims.providerClaims["screen_name"].flatMap { Self.boundedName($0) }
        return account
    }

    // MARK: - Guests and email/password

    public func signUpAnonymously() throws(IdentityBackendError) -> BackendSessionResponse {
        guard projectSettings.guestSignUpEnabled else {
            throw IdentityBackendError(.adminOnlyOperation, message: "guest sign-up is turned off")
        }
        let now = clock.now()
        let fresh = Fresh(self)
        return try storage.update { state throws(IdentityBackendError) in
            let account = EmbeddedAccount(uid: fresh.uid(avoiding: state), isAnonymous: true, createdAt: now)
            state.identity.accounts[account.uid] = account
            return try issueSession(
                for: account, provider: "anonymous", isNewUser: true, fresh: fresh, now: now, state: &state)
        }
    }

    public func signUp(email: String, password: Secret) throws(IdentityBackendError) -> BackendSessionResponse {
        try signUp(email: email, password: password, displayName: nil, secondFactors: [])
    }

    /// Makes an account that signs in with `email` and `password`, and signs it in.
    /// - Parameters:
    ///   - email: Its email.
    ///   - password: Its password, which the policy must accept.
    ///   - displayName: Its name, if the user gave one.
    ///   - secondFactors: Phone second factors it starts with, unconfirmed by any code: for an administrator, or a
    ///     test suite written against Google's emulator (which takes them at sign-up); empty for a user.
    public func signUp(email: String, password: Secret, displayName: String?, secondFactors: [SecondFactorEntry])
        throws(IdentityBackendError) -> BackendSessionResponse
    {
        try requirePasswordSignIn(signingUp: true)
        let now = clock.now()
        let email = try checkedEmail(email)
        try checkPolicy(password)
        let factors = try checkedSecondFactors(secondFactors, now: now).filter { $0.phoneNumber != nil }
        let hash = hashPassword(password)
        let fresh = Fresh(self)
        return try storage.update { state throws(IdentityBackendError) in
            let uid = fresh.uid(avoiding: state)
            _ = try claimEmail(email, for: uid, in: state)
            let identity = LinkedIdentity(providerId: ProviderType.emailPassword.rawValue, subject: email, email: email)
            var account = EmbeddedAccount(
                uid: uid, email: email, displayName: Self.boundedName(displayName), createdAt: now,
                identities: [identity])
            account.passwordHash = hash
            account.passwordUpdatedAt = now
            account.secondFactors = factors.isEmpty ? nil : factors
            state.identity.accounts[account.uid] = account
            state.identity.identities[identity.key] = account.uid
            return try issueSession(
                for: account, provider: identity.providerId, isNewUser: true, fresh: fresh, now: now,
                signIn: SignInEvent(method: "password"), state: &state)
        }
    }

    public func signInWithPassword(email: String, password: Secret) throws(IdentityBackendError)
        -> BackendSessionResponse
    {
        try requirePasswordSignIn()
        let now = clock.now()
        let uid = try checkPassword(email: email, password: password, now: now)
        let fresh = Fresh(self)
        return try storage.update { state throws(IdentityBackendError) in
            guard let account = state.identity.accounts[uid] else { throw loginRefusal(emailHasAccount: false) }
            return try finishFirstStep(
                for: account, provider: ProviderType.emailPassword.rawValue, isNewUser: false, fresh: fresh, now: now,
                state: &state)
        }.answer()
    }

    /// Checks an email and password, with the guess throttle, and returns the account's uid.
    ///
    /// The attempt is counted before the slow check (so that parallel guesses are counted too) and the count is
    /// cleared when the password matches. The slow check runs outside the lock, and also for an unknown email
    /// (against a dummy hash), so that neither the answer nor its timing tells whether the email has an
    /// account; a locked email is refused at once, whether it has an account or not.
    /// - Throws: ``IdentityBackendError/Code/invalidLoginCredentials``,
    ///   ``IdentityBackendError/Code/tooManyAttempts``, ``IdentityBackendError/Code/damagedRecord``.
    func checkPassword(email: String, password: Secret, now: Date) throws(IdentityBackendError) -> String {
        let normalized = normalize(email)
        let key = LinkedIdentity(providerId: ProviderType.emailPassword.rawValue, subject: normalized).key
        let throttleKey = SHA256.hexDigest(normalized)
        let stored = try storage.update { state throws(IdentityBackendError) in
            try countPasswordAttempt(throttleKey, state: &state, now: now)
            return state.identity.identities[key].flatMap { state.identity.accounts[$0] }.flatMap { account in
                account.passwordHash.map { (account.uid, $0) }
            }
        }
        // A password longer than any the policy lets anyone set cannot match: refused unhashed, for every email.
        guard PasswordPolicy.isWithinLimits(password.value) else { throw loginRefusal(emailHasAccount: stored != nil) }
        let matches = try hashing.run { () throws(IdentityBackendError) in
            try PasswordHasher.verify(password.value, against: stored?.1 ?? dummyHash)
        }
        // A hash imported from another system is replaced by the backend's own at its first match. That new hash is
        // made whether the password matched or not, so that a wrong guess at an imported account (whose hash may be a
        // quick MD5) takes at least as long as one at any other email.
        let rehashed = stored.map { $0.1.algorithm != PasswordHasher.algorithm } == true ? hashPassword(password) : nil
        guard let (uid, hash) = stored, matches else { throw loginRefusal(emailHasAccount: stored != nil) }
        let upgraded =
            rehashed
            ?? (hash.iterations < configuration.passwordIterations
                ? hashPassword(password) : nil)
        try storage.update { state throws(IdentityBackendError) in
            // The password may have changed since the check; only the hash that was checked signs in.
            guard var account = state.identity.accounts[uid], account.passwordHash == hash else {
                throw loginRefusal(emailHasAccount: state.identity.accounts[uid] != nil)
            }
            state.identity.passwordAttempts[throttleKey] = nil
            if let upgraded {
                account.passwordHash = upgraded
                state.identity.accounts[uid] = account
            }
        }
        return uid
    }

    // MARK: - Linking

    public func linkWithIdP(idToken: Secret, _ request: IdPSignInRequest) throws(IdentityBackendError)
        -> BackendSessionResponse
    {
        try preparePublishedKeys(for: request)
        let now = clock.now()
        let fresh = Fresh(self)
        return try storage.update { state throws(IdentityBackendError) in
            var (account, claims) = try authenticate(idToken, state: state, now: now)
            let identityClaims = try acceptIdentityToken(request, state: &state, now: now)
            let identity = LinkedIdentity(
                providerId: request.providerId, subject: identityClaims.sub, email: identityClaims.email)
            if let owner = state.identity.identities[identity.key] {
                guard owner != account.uid else {
                    throw IdentityBackendError(.providerAlreadyLinked, message: "already linked to this account")
                }
                // Nothing is kept from this request (the update is discarded), so the credential stays usable for
                // signing in to the account that owns it; the pending token does it without the credential.
                var error = IdentityBackendError(
                    .credentialAlreadyInUse, message: "the identity belongs to another account",
                    email: state.identity.accounts[owner]?.email)
                error.pendingToken = try makePendingToken(
                    providerId: request.providerId, subject: identity.subject, now: now, state: state)
                throw error
            }
            guard !account.providerIds.contains(request.providerId) else {
                throw IdentityBackendError(.providerAlreadyLinked, message: "the account has \(request.providerId)")
            }
            // One account per email, as Firebase: an identity whose email another account has is not linked here,
            // unless the project allows duplicate emails.
            if !projectSettings.allowsDuplicateEmails, let email = identityClaims.email,
                let owner = emailOwners(email, in: state).first(where: { $0 != account.uid })
            {
                throw IdentityBackendError(
                    .emailExists, message: "the identity's email belongs to another account",
                    email: state.identity.accounts[owner]?.email ?? email)
            }
            account.identities.append(identity)
            account.isAnonymous = false
            fillProfile(&account, claims: identityClaims, request: request, state: state)
            // A provider that vouches for the account's own email verifies it, as Firebase's linking does.
            if let email = account.email, identityClaims.emailVerified == true,
                identityClaims.email.map({ EmbeddedAccount.lookupEmail($0) == EmbeddedAccount.lookupEmail(email) })
                    == true
            {
                account.emailVerified = true
            }
            state.identity.accounts[account.uid] = account
            state.identity.identities[identity.key] = account.uid
            // Proving the identity is a sign-in with it: the project's beforeSignIn hears of it, as Firebase's does.
            return try reissueSession(
                for: account, provider: request.providerId, replacing: claims, fresh: fresh, now: now,
                signIn: SignInEvent(
                    method: request.providerId, providerIDToken: request.idToken.value,
                    providerAccessToken: request.accessToken?.value), state: &state)
        }
    }

    public func linkWithPassword(idToken: Secret, email: String, password: Secret) throws(IdentityBackendError)
        -> BackendSessionResponse
    {
        let now = clock.now()
        let email = try checkedEmail(email)
        try checkPolicy(password)
        let hash = hashPassword(password)
        let fresh = Fresh(self)
        return try storage.update { state throws(IdentityBackendError) in
            var (account, claims) = try authenticate(idToken, state: state, now: now)
            let identity = LinkedIdentity(providerId: ProviderType.emailPassword.rawValue, subject: email, email: email)
            guard !account.providerIds.contains(identity.providerId) else {
                throw IdentityBackendError(.providerAlreadyLinked, message: "the account has a password already")
            }
            _ = try claimEmail(email, for: account.uid, in: state)
            account.identities.append(identity)
            account.passwordHash = hash
            account.passwordUpdatedAt = now
            account.isAnonymous = false
            if account.email == nil { account.email = email }
            state.identity.accounts[account.uid] = account
            state.identity.identities[identity.key] = account.uid
            return try reissueSession(
                for: account, provider: identity.providerId, replacing: claims, fresh: fresh, now: now, state: &state)
        }
    }

    public func unlink(idToken: Secret, providerId: String) throws(IdentityBackendError) -> BackendAccountInfo {
        let now = clock.now()
        return try storage.update { state throws(IdentityBackendError) in
            var (account, claims) = try authenticate(idToken, state: state, now: now)
            try requireRecentSignIn(claims, account: account, now: now)
            guard let index = account.identities.firstIndex(where: { $0.providerId == providerId }) else {
                throw IdentityBackendError(.noSuchProvider, message: "the account has no \(providerId)")
            }
            guard account.identities.count > 1 else {
                throw IdentityBackendError(.lastProvider, message: "the last provider cannot be unlinked")
            }
            let removed = account.identities.remove(at: index)
            state.identity.identities[removed.key] = nil
            // The account keeps its email (and so keeps it claimed): it still names this account.
            if providerId == ProviderType.emailPassword.rawValue { account.passwordHash = nil }
            // The number goes with its identity, as an administrator's unlink takes it: kept, it would still show on
            // the account and be released for nobody.
            if providerId == ProviderType.phone.rawValue { account.phoneNumber = nil }
            state.identity.accounts[account.uid] = account
            return account.info
        }
    }

    // MARK: - Re-authentication and password change

    /// Signs the account of `idToken` in again with its email and password.
    public func reauthenticate(idToken: Secret, email: String, password: Secret) throws(IdentityBackendError)
        -> BackendSessionResponse
    {
        try reauthenticate(idToken: idToken, with: .password(email: email, password: password))
    }

    /// Signs the account of `idToken` in again with a fresh identity token.
    public func reauthenticate(idToken: Secret, with request: IdPSignInRequest) throws(IdentityBackendError)
        -> BackendSessionResponse
    {
        try reauthenticate(idToken: idToken, with: .identityProvider(request))
    }

    /// Every port: the embedded backend offers them all.
    public var capabilities: IdentityBackendCapabilities { IdentityBackendCapabilities(all: self) }

    func reauthenticate(idToken: Secret, with request: ReauthenticationRequest) throws(IdentityBackendError)
        -> BackendSessionResponse
    {
        if case .identityProvider(let idpRequest) = request { try preparePublishedKeys(for: idpRequest) }
        let now = clock.now()
        let provedUID: String?
        if case .password(let email, let password) = request {
            provedUID = try checkPassword(email: email, password: password, now: now)
        } else {
            provedUID = nil
        }
        let fresh = Fresh(self)
        return try storage.update { state throws(IdentityBackendError) in
            let (account, claims) = try authenticate(idToken, state: state, now: now)
            let owner: String?
            switch request {
            case .identityProvider(let idpRequest):
                let identityClaims = try acceptIdentityToken(idpRequest, state: &state, now: now)
                owner =
                    state.identity.identities[
                        LinkedIdentity(providerId: idpRequest.providerId, subject: identityClaims.sub).key]
            case .password:
                owner = provedUID
            }
            guard owner == account.uid else {
                throw IdentityBackendError(.userMismatch, message: "the credential is not this account's")
            }
            // An account with second factors proves itself again with one too: the first factor alone is what a
            // thief with the password and a stolen session has.
            if account.hasSecondFactors {
                return try finishFirstStep(
                    for: account, provider: request.providerId, isNewUser: false, fresh: fresh, now: now,
                    state: &state)
            }
            return .session(
                try reissueSession(
                    for: account, provider: request.providerId, replacing: claims, authenticatedAt: now, fresh: fresh,
                    now: now, state: &state))
        }.answer()
    }

    public func changePassword(idToken: Secret, newPassword: Secret) throws(IdentityBackendError)
        -> BackendSessionResponse
    {
        let now = clock.now()
        try checkPolicy(newPassword)
        let hash = hashPassword(newPassword)
        let fresh = Fresh(self)
        return try storage.update { state throws(IdentityBackendError) in
            var (account, claims) = try authenticate(idToken, state: state, now: now)
            try requireRecentSignIn(claims, account: account, now: now)
            guard account.passwordHash != nil else {
                throw IdentityBackendError(.noSuchProvider, message: "the account has no password")
            }
            account.passwordHash = hash
            account.passwordUpdatedAt = now
            revokeEverySession(of: &account, now: now, state: &state)
            // The caller keeps a session: issued after the revocation, with the same sign-in time.
            return try issueSession(
                for: account, provider: claims.signInProvider, isNewUser: false, fresh: fresh, now: now,
                authenticatedAt: Date(timeIntervalSince1970: TimeInterval(claims.authTime)), state: &state)
        }
    }

    // MARK: - Password reset

    public func sendPasswordResetEmail(email: String) throws(IdentityBackendError) {
        try requirePasswordSignIn()
        let now = clock.now()
        // Under email enumeration protection an unknown email gets the same answer and no mail: nobody learns
        // which emails have accounts. It gets the same work too (a code recorded, a mail's files written and
        // removed), so that time does not tell. Without it, an unknown email is `EMAIL_NOT_FOUND`.
        let protected = projectSettings.emailEnumerationProtection
        let link = try makePasswordResetLink(email: email, now: now, decoyForUnknown: protected, limited: true)
        guard link.known || protected else {
            throw IdentityBackendError(
                link.limited ? .resetPasswordExceedLimit : .emailNotFound,
                message: link.limited ? "too many reset mails are pending" : "no account signs in with this email")
        }
        let mail = OutboxMessage(
            to: link.recipient, subject: "Reset your signin-demo password",
            body: """
                Someone asked to reset the password of your signin-demo account.
                To choose a new password, open this link within an hour:

                \(link.link)

                If it was not you, ignore this mail: your password stays as it is.
                """,
            link: link.link, sentAt: now)
        if link.known { try outbox.deliver(mail) } else { try outbox.deliverDecoy(like: mail) }
    }

    /// Counts a reset request from `client`, or refuses it when the client has asked for
    /// ``EmbeddedBackendConfiguration/maximumResetMailsPerClient`` in the last
    /// ``EmbeddedBackendConfiguration/passwordResetLifetime``. A request made in process, or by this machine (a
    /// loopback address, which every client of a server listening on loopback has), is not counted: there the limit
    /// would be one for all, and the per-account limit still holds.
    func countResetRequest(from client: String, now: Date) throws(IdentityBackendError) {
        guard !client.isEmpty, !Self.isLoopback(client) else { return }
        let window = configuration.passwordResetLifetime
        let allowed = resetRequests.withLock { table in
            // Forget the clients that have not asked within the window, so that the table stays small: when it has
            // doubled since the last time, so that the cost per request stays constant. Past `maximumTrackedClients`
            // still asking, new clients are not tracked (the per-account limit holds).
            if table.byClient.count >= table.pruneAt {
                table.byClient = table.byClient.filter {
                    ($0.value.last ?? .distantPast) > now.addingTimeInterval(-window)
                }
                table.pruneAt = min(max(1024, 2 * table.byClient.count), Self.maximumTrackedClients)
            }
            guard table.byClient[client] != nil || table.byClient.count < Self.maximumTrackedClients else {
                return true
            }
            var recent = table.byClient[client, default: []].filter { $0 > now.addingTimeInterval(-window) }
            let allowed = recent.count < configuration.maximumResetMailsPerClient
            if allowed { recent.append(now) }
            table.byClient[client] = recent
            return allowed
        }
        guard allowed else {
            throw IdentityBackendError(
                .resetPasswordExceedLimit, message: "too many reset mails were asked for from this address")
        }
    }

    /// The most clients whose reset requests are counted at once.
    static let maximumTrackedClients = 65_536

    /// Whether `address` is this machine's: 127.0.0.0/8 or `::1`.
    static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1" || address == "localhost"
    }

    /// A password-reset link for the account that signs in with `email`, for an administrator to hand over
    /// (Firebase's admin `accounts:sendOobCode` with `returnOobLink`): no mail is sent. It works as a mailed one,
    /// once and for an hour.
    /// - Throws: `EMAIL_NOT_FOUND` when no account signs in with the email (an administrator may know that).
    public func passwordResetLink(email: String) throws(IdentityBackendError) -> String {
        let made = try makePasswordResetLink(email: email, now: clock.now(), decoyForUnknown: false, limited: false)
        guard made.known else {
            throw IdentityBackendError(.emailNotFound, message: "no account signs in with this email")
        }
        return made.link
    }

    /// Records a new reset code for the account that signs in with `email`, and returns the email as kept, the link
    /// with the code, whether an account signs in with it and gets the code, and whether it was refused one because
    /// it has ``EmbeddedBackendConfiguration/maximumPendingResetMails`` pending (when `limited`). For an unknown or
    /// limited email nothing is recorded, unless `decoyForUnknown`: then a code that belongs to no account is, so
    /// that the answer costs the same.
    private func makePasswordResetLink(email: String, now: Date, decoyForUnknown: Bool, limited: Bool)
        throws(IdentityBackendError) -> (recipient: String, link: String, known: Bool, limited: Bool)
    {
        let email = try checkedEmail(email)
        if limited { try countResetRequest(from: EmbeddedBackend.client, now: now) }
        let code = random.token(byteCount: 32)
        let lifetime = configuration.passwordResetLifetime
        let maximum = configuration.maximumPendingResetMails
        let outcome = try storage.update { state -> (known: Bool, limited: Bool) in
            let key = LinkedIdentity(providerId: ProviderType.emailPassword.rawValue, subject: email).key
            var uid = state.identity.identities[key]
            let codes = state.identity.passwordResetCodes
            // The account's reset codes still pending (expired ones are pruned only now and then; verification
            // codes share the table but not the limit).
            let full =
                limited
                && uid.map { uid in
                    codes.keys(ResetCodeRecord.byAccount, uid).filter { key in
                        codes[key].map { $0.verifiesEmail == nil && $0.expiresAt > now } ?? false
                    }.count >= maximum
                } ?? false
            if full { uid = nil }
            guard uid != nil || decoyForUnknown else { return (false, full) }
            // A decoy's uid is empty: no account has it, so the code resets nothing, and it expires as the others.
            state.identity.passwordResetCodes[SHA256.hexDigest(code)] = ResetCodeRecord(
                uid: uid ?? "", expiresAt: now.addingTimeInterval(lifetime))
            return (uid != nil, full)
        }
        return (email, "\(configuration.passwordResetLink)?code=\(code)", outcome.known, outcome.limited)
    }

    /// The email of the account whose password a reset code would set, without using the code (Firebase's
    /// `verifyPasswordResetCode`): for a screen that says whose password it is before asking for a new one.
    /// - Throws: The refusals of ``confirmPasswordReset(code:newPassword:)`` but the password's.
    public func checkPasswordResetCode(_ code: Secret) throws(IdentityBackendError) -> String {
        try requirePasswordSignIn()
        let now = clock.now()
        return try storage.read { state throws(IdentityBackendError) in
            try Self.accountToReset(code, state: state, now: now).email ?? ""
        }
    }

    public func confirmPasswordReset(code: Secret, newPassword: Secret) throws(IdentityBackendError) {
        try requirePasswordSignIn()
        let now = clock.now()
        try checkPolicy(newPassword)
        let hash = hashPassword(newPassword)
        try storage.update { state throws(IdentityBackendError) in
            var account = try Self.accountToReset(code, state: state, now: now)
            account.passwordHash = hash
            account.passwordUpdatedAt = now
            // The code works once, and every other code and session of the account ends with the old password.
            revokeEverySession(of: &account, now: now, state: &state)
        }
    }

    /// The account whose password `code` resets: a reset code (not a verification code) recorded, unexpired, of an
    /// enabled account with a password.
    private static func accountToReset(_ code: Secret, state: EmbeddedBackendState, now: Date)
        throws(IdentityBackendError) -> EmbeddedAccount
    {
        guard code.value.utf8.count <= 256,
            let record = state.identity.passwordResetCodes[SHA256.hexDigest(code.value)],
            record.verifiesEmail == nil, record.signsInEmail == nil, record.smsPhoneNumber == nil,
            record.changesEmailTo == nil, record.restoresEmail == nil,
            let account = state.identity.accounts[record.uid],
            account.passwordHash != nil
        else { throw IdentityBackendError(.invalidOOBCode, message: "unknown or used reset code") }
        guard record.expiresAt > now else {
            throw IdentityBackendError(.expiredOOBCode, message: "the reset code has expired")
        }
        try requireEnabled(account)
        return account
    }

    // MARK: - Deletion

    /// Revokes an identity provider's tokens of the account of `idToken` (Firebase's v2 `accounts:revokeToken`
    /// with token type `CODE`): only Apple's, with a fresh authorization code.
    public func revokeToken(idToken: Secret, _ revocation: ProviderRevocation) throws(IdentityBackendError) {
        let now = clock.now()
        try storage.update { state throws(IdentityBackendError) in
            let (account, _) = try authenticate(idToken, state: state, now: now)
            try revokeProviderToken(revocation, of: account, now: now, state: &state)
        }
    }

    private func revokeProviderToken(
        _ revocation: ProviderRevocation, of account: EmbeddedAccount, now: Date, state: inout EmbeddedBackendState
    ) throws(IdentityBackendError) {
        guard revocation.provider == .apple else {
            throw IdentityBackendError(.idpRevocationFailed, message: "only Apple's tokens can be revoked")
        }
        guard let identity = account.identities.first(where: { $0.providerId == ProviderType.apple.rawValue }) else {
            throw IdentityBackendError(.idpRevocationFailed, message: "the account has no Apple identity")
        }
        try EmbeddedAppleIssuer.revoke(
            code: revocation.authorizationCode, clientID: configuration.appleClientID, subject: identity.subject,
            now: Int(now.timeIntervalSince1970), state: &state)
    }

    /// Deletes the account of `idToken`. With a revocation, the Apple-like issuer revokes the app's authorization
    /// with the authorization code first, in the same state change: if the code is refused, nothing is deleted.
    public func deleteAccount(idToken: Secret, revoking revocation: ProviderRevocation?) throws(IdentityBackendError) {
        let now = clock.now()
        try storage.update { state throws(IdentityBackendError) in
            let (account, claims) = try authenticate(idToken, state: state, now: now)
            try requireRecentSignIn(claims, account: account, now: now)
            if let revocation {
                try revokeProviderToken(revocation, of: account, now: now, state: &state)
            }
            remove(account, from: &state)
        }
    }
}
