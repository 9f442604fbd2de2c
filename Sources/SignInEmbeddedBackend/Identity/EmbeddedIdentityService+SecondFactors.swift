import Foundation
import SignInCrypto
public import SignInData
public import SignInDomain
import SignInEmbeddedStore
import SignInJOSE

/// Second factors: TOTP (RFC 6238 with SHA-1, 6 digits, 30 s steps, one step of drift either side), as Identity
/// Platform's multi-factor sign-in has them.
///
/// A sign-in of an account with factors ends its first step (the password, the provider's token) with a pending
/// credential instead of a session: it names the account, lives ``secondFactorSignInLifetime`` seconds, works once,
/// and is signed with the session key, so that only this backend makes one. A code is refused when it is not the
/// factor's for now, or its step is not later than the last one used (a code works once), and wrong codes are
/// throttled per account as password guesses are per email. Enrolling and removing a factor need a recent sign-in;
/// removing one ends every other session of the account.
///
/// Recovery codes stand in for a lost authenticator: ten are made with the account's first factor (and again on
/// request, after a recent sign-in, replacing the set), each works once in place of a code, and wrong ones count
/// toward the same throttle. Only their keyed hashes are kept; removing the last factor removes them.
extension EmbeddedIdentityService: MultiFactorBackend {
    /// How long a started enrolment waits for its first code, in seconds.
    public static let secondFactorEnrollmentLifetime = 600
    /// How long a sign-in waits for its second factor, in seconds.
    public static let secondFactorSignInLifetime = 300
    /// The code's settings: what authenticator apps assume.
    static let codeGenerator = OneTimeCodeGenerator.standard

    // MARK: - Enrolment

    public func startTOTPEnrollment(idToken: Secret) throws(IdentityBackendError) -> BackendTOTPEnrollment {
        let now = clock.now()
        let secretBytes = random.bytes(count: 20)
        let secret = Base32.encode(secretBytes)
        let sessionInfo = random.token(byteCount: 32)
        let expiresAt = now.addingTimeInterval(TimeInterval(Self.secondFactorEnrollmentLifetime))
        try storage.update { state throws(IdentityBackendError) in
            var (account, claims) = try authenticate(idToken, state: state, now: now)
            guard !account.isAnonymous, !account.identities.isEmpty else {
                throw IdentityBackendError(
                    .unsupportedFirstFactor, message: "a guest account cannot have second factors")
            }
            try requireRecentSignIn(claims, account: account, now: now)
            let sealed = SecretSealing.seal(
                secretBytes, key: try state.secondFactorSealingKey(), context: Self.pendingContext(account.uid),
                random: random)
            account.pendingTOTPEnrollment = PendingTOTPEnrollment(
                sealedSecret: sealed, sessionInfoHash: SHA256.hexDigest(sessionInfo), expiresAt: expiresAt)
            state.identity.accounts[account.uid] = account
        }
        let generator = Self.codeGenerator
        return BackendTOTPEnrollment(
            sharedSecretKey: Secret(secret), verificationCodeLength: generator.digits,
            hashingAlgorithm: generator.algorithm.rawValue, periodSec: generator.period,
            sessionInfo: Secret(sessionInfo), finalizeEnrollmentTime: expiresAt)
    }

    public func finalizeTOTPEnrollment(idToken: Secret, sessionInfo: Secret, code: Secret, displayName: String?)
        throws(IdentityBackendError) -> BackendTOTPEnrollmentResult
    {
        let now = clock.now()
        let sessionInfoHash = SHA256.hexDigest(sessionInfo.value)
        func pending(of account: EmbeddedAccount) throws(IdentityBackendError) -> PendingTOTPEnrollment {
            guard let pending = account.pendingTOTPEnrollment, pending.sessionInfoHash == sessionInfoHash,
                pending.expiresAt > now
            else {
                throw IdentityBackendError(.invalidSessionInfo, message: "no such enrolment, or it has expired")
            }
            return pending
        }
        let (offered, secret) = try storage.update { state throws(IdentityBackendError) in
            let (account, _) = try authenticate(idToken, state: state, now: now)
            let offered = try pending(of: account)
            let secret = try Self.open(offered.sealedSecret, context: Self.pendingContext(account.uid), state: state)
            try countPasswordAttempt(Self.codeThrottleKey(account.uid), state: &state, now: now)
            return (offered, secret)
        }
        let step = try Self.matchingStep(code, secret: secret, after: nil, now: now)
        let fresh = Fresh(self)
        return try storage.update { state throws(IdentityBackendError) in
            var (account, claims) = try authenticate(idToken, state: state, now: now)
            guard try pending(of: account).sealedSecret == offered.sealedSecret else {
                throw IdentityBackendError(.invalidSessionInfo, message: "the enrolment was replaced")
            }
            // Letters and digits only: an id on a command line never reads as an option.
            let id = random.string(count: 16, alphabet: Self.factorIDAlphabet)
            let sealed = SecretSealing.seal(
                secret, key: try state.secondFactorSealingKey(), context: Self.factorContext(account.uid, id),
                random: random)
            let factor = TOTPFactorRecord(
                id: id, displayName: Self.boundedName(displayName), enrolledAt: now, sealedSecret: sealed,
                lastUsedStep: step)
            // The first factor brings the recovery codes that stand in for it.
            let recoveryCodes = account.hasSecondFactors ? [] : try newRecoveryCodes(for: &account, state: state)
            account.secondFactors = (account.secondFactors ?? []) + [factor]
            account.pendingTOTPEnrollment = nil
            state.identity.accounts[account.uid] = account
            state.identity.passwordAttempts[Self.codeThrottleKey(account.uid)] = nil
            let session = try reissueSession(
                for: account, provider: claims.signInProvider, replacing: claims, fresh: fresh, now: now,
                state: &state)
            return BackendTOTPEnrollmentResult(session: session, recoveryCodes: recoveryCodes)
        }
    }

    public func secondFactors(idToken: Secret) throws(IdentityBackendError) -> [BackendSecondFactor] {
        let now = clock.now()
        return try storage.read { state throws(IdentityBackendError) in
            try authenticate(idToken, state: state, now: now).account.secondFactors ?? []
        }.map(\.backend)
    }

    public func withdrawSecondFactor(idToken: Secret, enrollmentID: String) throws(IdentityBackendError)
        -> BackendSessionResponse
    {
        try removeCredential(idToken: idToken) { account throws(IdentityBackendError) in
            var factors = account.secondFactors ?? []
            guard let index = factors.firstIndex(where: { $0.id == enrollmentID }) else {
                throw IdentityBackendError(.mfaEnrollmentNotFound, message: "the account has no such second factor")
            }
            factors.remove(at: index)
            account.secondFactors = factors.isEmpty ? nil : factors
            // Without a factor there is nothing for a recovery code to stand in for.
            if factors.isEmpty { account.recoveryCodes = nil }
        }
    }

    // MARK: - Recovery codes

    /// How many codes a set has.
    public static let recoveryCodeCount = 10
    /// What a session signed in with a recovery code names as its second factor.
    static let recoveryCodeFactor = "recovery-code"

    public func newRecoveryCodes(idToken: Secret) throws(IdentityBackendError) -> [Secret] {
        let now = clock.now()
        return try storage.update { state throws(IdentityBackendError) in
            var (account, claims) = try authenticate(idToken, state: state, now: now)
            try requireRecentSignIn(claims, account: account, now: now)
            guard account.hasSecondFactors else {
                throw IdentityBackendError(
                    .mfaEnrollmentNotFound,
                    message: "the account has no second factor for recovery codes to stand in for")
            }
            let codes = try newRecoveryCodes(for: &account, state: state)
            state.identity.accounts[account.uid] = account
            return codes
        }
    }

    /// A new set of codes for `account`, whose hashes replace its set.
    private func newRecoveryCodes(for account: inout EmbeddedAccount, state: EmbeddedBackendState)
        throws(IdentityBackendError) -> [Secret]
    {
        let key = try state.recoveryCodeKey()
        let codes = (0..<Self.recoveryCodeCount).map { _ in
            random.string(count: RecoveryCodeInput.length, alphabet: RecoveryCodeInput.alphabet)
        }
        account.recoveryCodes = codes.map { Self.recoveryCodeHash($0, uid: account.uid, key: key) }
        return codes.map { Secret($0) }
    }

    static func recoveryCodeHash(_ code: String, uid: String, key: [UInt8]) -> String {
        Hex.encode(HMACSHA256.authenticationCode(for: Array("\(uid)\n\(code)".utf8), key: key))
    }

    public func finalizeSecondFactorSignIn(pendingCredential: Secret, recoveryCode: Secret)
        throws(IdentityBackendError) -> BackendRecoveryCodeSignIn
    {
        let now = clock.now()
        let refusal = IdentityBackendError(
            .invalidRecoveryCode, message: "not one of the account's unused recovery codes")
        // The attempt is counted (and kept) before the code is checked, so that wrong codes are throttled with the
        // authenticator's.
        let (uid, key) = try storage.update { state throws(IdentityBackendError) in
            let (_, account) = try acceptPendingCredential(pendingCredential, state: state, now: now)
            try countPasswordAttempt(Self.codeThrottleKey(account.uid), state: &state, now: now)
            return (account.uid, try state.recoveryCodeKey())
        }
        guard let code = try? RecoveryCodeInput.validate(recoveryCode) else { throw refusal }
        let hash = Self.recoveryCodeHash(code.value, uid: uid, key: key)
        let fresh = Fresh(self)
        return try storage.update { state throws(IdentityBackendError) in
            let (claims, found) = try acceptPendingCredential(pendingCredential, state: state, now: now)
            var account = found
            var codes = account.recoveryCodes ?? []
            // Every stored hash is compared in full, so that the time does not say which one matched. Checked under
            // the update: two requests with one code cannot both pass.
            var matched: Int?
            for (index, stored) in codes.enumerated()
            where ConstantTime.equals(Array(stored.utf8), Array(hash.utf8)) { matched = index }
            guard account.uid == uid, let matched else { throw refusal }
            codes.remove(at: matched)
            account.recoveryCodes = codes
            state.identity.accounts[account.uid] = account
            state.identity.passwordAttempts[Self.codeThrottleKey(account.uid)] = nil
            state.identity.usedNonces[Self.pendingReplayKey(claims.jti)] = Date(
                timeIntervalSince1970: TimeInterval(claims.exp))
            let session = try issueSession(
                for: account, provider: claims.provider, isNewUser: false, fresh: fresh, now: now,
                authenticatedAt: now, secondFactor: Self.recoveryCodeFactor, state: &state)
            return BackendRecoveryCodeSignIn(session: session, codesLeft: codes.count)
        }
    }

    /// Removes a way of proving who the user is (a second factor, a passkey) with `remove`, which throws when the
    /// account has no such thing. A sensitive operation: it needs a recent sign-in, and whoever held another session of
    /// the account keeps none (the thing may have been removed because a device was lost): the caller gets a new one,
    /// as after a new password.
    func removeCredential(
        idToken: Secret, _ remove: (inout EmbeddedAccount) throws(IdentityBackendError) -> Void
    ) throws(IdentityBackendError) -> BackendSessionResponse {
        let now = clock.now()
        let fresh = Fresh(self)
        return try storage.update { state throws(IdentityBackendError) in
            var (account, claims) = try authenticate(idToken, state: state, now: now)
            try requireRecentSignIn(claims, account: account, now: now)
            try remove(&account)
            revokeEverySession(of: &account, now: now, state: &state)
            return try issueSession(
                for: account, provider: claims.signInProvider, isNewUser: false, fresh: fresh, now: now,
                authenticatedAt: Date(timeIntervalSince1970: TimeInterval(claims.authTime)), state: &state)
        }
    }

    // MARK: - Sign-in

    /// What the first step of a sign-in ends with.
    enum FirstStep {
        case session(BackendSessionResponse)
        case secondFactorRequired(BackendSecondFactorChallenge)

        /// The session, or the challenge thrown: once the storage's update has kept what the first step changed (a
        /// nonce used, a profile filled).
        func answer() throws(IdentityBackendError) -> BackendSessionResponse {
            switch self {
            case .session(let session): return session
            case .secondFactorRequired(let challenge): throw IdentityBackendError.secondFactorRequired(challenge)
            }
        }
    }

    /// The end of a sign-in's first step: a session, or a challenge when the account has second factors.
    /// - Parameters:
    ///   - signInMethod: How the user signed in, as a blocking function is told (`emailLink`); the provider by
    ///     default.
    ///   - providerRequest: The identity provider's sign-in, whose tokens the blocking functions may be given.
    ///   - samlAttributes: What a SAML provider asserted at this sign-in, for the session's tokens.
    func finishFirstStep(
        for account: EmbeddedAccount, provider: String, isNewUser: Bool, fresh: Fresh, now: Date,
        signInMethod: String? = nil, providerRequest: IdPSignInRequest? = nil,
        samlAttributes: [String: JSONValue]? = nil, state: inout EmbeddedBackendState
    ) throws(IdentityBackendError) -> FirstStep {
        guard account.hasSecondFactors else {
            let event = SignInEvent(
                method: signInMethod ?? provider, providerIDToken: providerRequest?.idToken.value,
                providerAccessToken: providerRequest?.accessToken?.value, samlAttributes: samlAttributes)
            return .session(
                try issueSession(
                    for: account, provider: provider, isNewUser: isNewUser, fresh: fresh, now: now, signIn: event,
                    state: &state))
        }
        try Self.requireEnabled(account)
        // Never before the account's last revocation, as its tokens (which count whole seconds) are not.
        let issuedAt = max(Int(now.timeIntervalSince1970.rounded(.down)), account.validSince ?? 0)
        let claims = PendingSecondFactorClaims(
            aud: configuration.projectID, sub: account.uid, provider: provider, iat: issuedAt,
            exp: issuedAt + Self.secondFactorSignInLifetime, jti: random.token(byteCount: 16))
        let credential = try signPending(
            claims, kid: "pending-mfa", state: state,
            failure: IdentityBackendError(
                .invalidMFAPendingCredential, message: "the pending credential cannot be written"))
        return .secondFactorRequired(
            BackendSecondFactorChallenge(
                pendingCredential: credential, factors: (account.secondFactors ?? []).map(\.masked),
                email: account.email))
    }

    public func finalizeSecondFactorSignIn(pendingCredential: Secret, enrollmentID: String, code: Secret)
        throws(IdentityBackendError) -> BackendSessionResponse
    {
        let now = clock.now()
        // The attempt is counted (and kept) before the code is checked, so that wrong codes are throttled.
        let (claims, factor, secret) = try storage.update { state throws(IdentityBackendError) in
            let (claims, account) = try acceptPendingCredential(pendingCredential, state: state, now: now)
            guard let factor = account.secondFactors?.first(where: { $0.id == enrollmentID }) else {
                throw IdentityBackendError(.mfaEnrollmentNotFound, message: "the account has no such second factor")
            }
            guard factor.phoneNumber == nil else {
                throw IdentityBackendError(
                    .invalidCode, message: "a phone factor takes the code sent by SMS, after mfaSignIn:start")
            }
            let secret = try Self.open(
                factor.sealedSecret, context: Self.factorContext(account.uid, factor.id), state: state)
            try countPasswordAttempt(Self.codeThrottleKey(account.uid), state: &state, now: now)
            return (claims, factor, secret)
        }
        let step = try Self.matchingStep(code, secret: secret, after: factor.lastUsedStep, now: now)
        let fresh = Fresh(self)
        return try storage.update { state throws(IdentityBackendError) in
            var (_, account) = try acceptPendingCredential(pendingCredential, state: state, now: now)
            var factors = account.secondFactors ?? []
            // Checked again under the update: two requests with one code, or a code of a step already used by another
            // sign-in meanwhile, cannot both pass.
            guard let index = factors.firstIndex(where: { $0.id == enrollmentID }),
                factors[index].sealedSecret == factor.sealedSecret, factors[index].lastUsedStep < step
            else { throw IdentityBackendError(.invalidCode, message: "the code was already used") }
            factors[index].lastUsedStep = step
            account.secondFactors = factors
            state.identity.accounts[account.uid] = account
            state.identity.passwordAttempts[Self.codeThrottleKey(account.uid)] = nil
            state.identity.usedNonces[Self.pendingReplayKey(claims.jti)] = Date(
                timeIntervalSince1970: TimeInterval(claims.exp))
            return try issueSession(
                for: account, provider: claims.provider, isNewUser: false, fresh: fresh, now: now,
                authenticatedAt: now, secondFactor: enrollmentID,
                signIn: SignInEvent(method: claims.provider, secondFactor: "totp"), state: &state)
        }
    }

    struct PendingSecondFactorClaims: Codable {
        var kind = "pending-mfa"
        var aud: String
        var sub: String
        var provider: String
        var iat: Int
        var exp: Int
        var jti: String
    }

    /// The claims of a pending credential and its account, once checked: signed by this backend for this project, a
    /// pending credential (not another kind of token), not expired, not used, issued after the account's last
    /// revocation, and the account there and enabled.
    func acceptPendingCredential(_ credential: Secret, state: EmbeddedBackendState, now: Date)
        throws(IdentityBackendError) -> (PendingSecondFactorClaims, EmbeddedAccount)
    {
        func refuse(_ why: String) -> IdentityBackendError {
            IdentityBackendError(.invalidMFAPendingCredential, message: why)
        }
        guard let claims = try pendingClaims(credential, as: PendingSecondFactorClaims.self, state: state),
            claims.kind == "pending-mfa", claims.aud == configuration.projectID
        else { throw refuse("not a pending credential of this backend") }
        guard claims.exp > Int(now.timeIntervalSince1970) else { throw refuse("the pending credential has expired") }
        guard (state.identity.usedNonces[Self.pendingReplayKey(claims.jti)].map { $0 > now } ?? false) == false else {
            throw refuse("the pending credential was already used")
        }
        guard let account = state.identity.accounts[claims.sub] else { throw refuse("the account no longer exists") }
        try Self.requireEnabled(account)
        guard claims.iat >= account.validSince ?? 0 else {
            throw refuse("the account's sessions were revoked after the first step")
        }
        return (claims, account)
    }

    static func pendingReplayKey(_ jti: String) -> String {
        SHA256.hexDigest("pending-mfa\n" + jti)
    }

    static let factorIDAlphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    /// What a pending enrolment's secret is sealed for.
    static func pendingContext(_ uid: String) -> String { "\(uid)|pending" }

    /// What a factor's secret is sealed for.
    static func factorContext(_ uid: String, _ id: String) -> String { "\(uid)|\(id)" }

    /// A sealed secret, opened; a record that does not open (damaged, or moved from another account) stops the
    /// operation rather than being used.
    static func open(_ sealed: String, context: String, state: EmbeddedBackendState) throws(IdentityBackendError)
        -> [UInt8]
    {
        guard let secret = SecretSealing.open(sealed, key: try state.secondFactorSealingKey(), context: context) else {
            throw IdentityBackendError(
                .damagedRecord, message: "a second factor's sealed secret does not open for this account")
        }
        return secret
    }

    /// The throttle's key for one account's codes (the password throttle's keys are emails' hashes).
    static func codeThrottleKey(_ uid: String) -> String {
        SHA256.hexDigest("second-factor\n" + uid)
    }

    /// The time step whose code `code` is, among now's and one either side, and later than `after`.
    /// - Throws: ``IdentityBackendError/Code/invalidCode`` when it is none of them.
    static func matchingStep(_ code: Secret, secret key: [UInt8], after lastUsed: UInt64?, now: Date)
        throws(IdentityBackendError) -> UInt64
    {
        let refusal = IdentityBackendError(.invalidCode, message: "the code is not valid now")
        guard code.value.utf8.count == codeGenerator.digits else { throw refusal }
        let current = codeGenerator.counter(at: Int64(now.timeIntervalSince1970.rounded(.down)))
        var matched: UInt64?
        // Every candidate is computed and compared in full, so that the time does not say which one matched.
        for step in [current &- 1, current, current &+ 1] where step <= current &+ 1 {
            let expected = codeGenerator.code(secret: key, counter: step)
            if ConstantTime.equals(Array(expected.utf8), Array(code.value.utf8)) { matched = step }
        }
        guard let matched, lastUsed.map({ matched > $0 }) ?? true else { throw refusal }
        return matched
    }
}

extension TOTPFactorRecord {
    /// The factor as the port describes it to the account's owner: never its secret.
    var backend: BackendSecondFactor {
        BackendSecondFactor(
            mfaEnrollmentId: id, displayName: displayName, enrolledAt: enrolledAt, phoneNumber: phoneNumber)
    }

    /// The factor as a sign-in's challenge lists it, before the second step: a phone's number masked but for its last
    /// four digits, as Firebase shows it, so that whoever holds the password alone does not learn it.
    var masked: BackendSecondFactor {
        var factor = backend
        factor.phoneNumber = phoneNumber.map(EmbeddedIdentityService.maskedPhoneNumber)
        return factor
    }
}

extension EmbeddedIdentityService {
    /// A number masked but for its last four digits: `+15555550100` is `+*******0100`.
    public static func maskedPhoneNumber(_ number: String) -> String {
        "+" + String(repeating: "*", count: max(number.count - 5, 0)) + String(number.suffix(4))
    }
}
