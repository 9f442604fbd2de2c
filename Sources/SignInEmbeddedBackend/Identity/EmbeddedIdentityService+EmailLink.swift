import Foundation
import SignInCrypto
public import SignInData
public import SignInDomain
import SignInEmbeddedStore

/// Email-link sign-in (Firebase's `accounts:sendOobCode` with `EMAIL_SIGNIN`, then `accounts:signInWithEmailLink`):
/// a mailed link whose code signs in the email it was sent to, once, within
/// ``EmbeddedBackendConfiguration/passwordResetLifetime``. The account with that email signs in (its email now
/// verified), or one is made; with an ID token, the signed-in account takes the email instead. Its codes are kept as
/// the reset codes are, by hash.
extension EmbeddedIdentityService {
    /// What ``signInWithEmailLink(email:code:idToken:)`` answers: the session, and whether it made the account.
    public struct EmailLinkSignIn: Sendable {
        public var session: BackendSessionResponse
        public var isNewUser: Bool
    }

    /// Mails a sign-in link to `email`, whether an account has it or not (the answer is the same). Each email may
    /// have ``EmbeddedBackendConfiguration/maximumPendingResetMails`` links pending; each client address off this
    /// machine may ask for ``EmbeddedBackendConfiguration/maximumResetMailsPerClient`` mails of any kind an hour.
    /// - Throws: `INVALID_EMAIL`; `RESET_PASSWORD_EXCEED_LIMIT` past either limit.
    /// The mail also gives a 6-digit code, for an app that cannot open links: with the same email it signs in as the
    /// link does, until the link is used or expires (``signInWithEmailLink(email:code:idToken:)``).
    public func sendSignInLink(email: String) throws(IdentityBackendError) {
        let now = clock.now()
        let (email, link, code) = try makeSignInLink(email: email, now: now, limited: true)
        try outbox.deliver(
            OutboxMessage(
                to: email, subject: "Sign in to signin-demo",
                body: """
                    Open this link within an hour to sign in to signin-demo as \(email):

                    \(link)

                    Or type this code in the app: \(code)

                    If you did not ask for it, ignore this mail.
                    """,
                link: link, code: code, sentAt: now))
    }

    /// A sign-in link for `email`, for an administrator to hand over instead of a mail (the Admin SDKs'
    /// `generate_sign_in_with_email_link`): nothing is mailed, and no per-client limit applies.
    /// - Throws: `INVALID_EMAIL`; `OPERATION_NOT_ALLOWED` when email links are off; `RESET_PASSWORD_EXCEED_LIMIT` when
    ///   the email has too many links pending.
    public func emailSignInLink(email: String) throws(IdentityBackendError) -> String {
        try makeSignInLink(email: email, now: clock.now(), limited: false).link
    }

    /// Records a sign-in code for `email` and returns the email as kept, the link with the code, and the 6-digit
    /// code that stands for it. `limited` counts the request against the client's hourly mails.
    private func makeSignInLink(email: String, now: Date, limited: Bool) throws(IdentityBackendError) -> (
        email: String, link: String, digits: String
    ) {
        try requireEmailLinkSignIn()
        let email = try checkedEmail(email)
        if limited { try countResetRequest(from: EmbeddedBackend.client, now: now) }
        let code = random.token(byteCount: 32)
        let lifetime = configuration.passwordResetLifetime
        let maximum = configuration.maximumPendingResetMails
        let digits = try storage.update { state throws(IdentityBackendError) -> String in
            let owner = emailOwners(email, in: state).first ?? ""
            let codes = state.identity.passwordResetCodes
            let pending = codes.keys(ResetCodeRecord.byAccount, owner).filter { key in
                codes[key].map { $0.signsInEmail == email && $0.expiresAt > now } ?? false
            }
            guard pending.count < maximum else {
                throw IdentityBackendError(.resetPasswordExceedLimit, message: "too many sign-in links are pending")
            }
            let key = SHA256.hexDigest(code)
            state.identity.passwordResetCodes[key] = ResetCodeRecord(
                uid: owner, expiresAt: now.addingTimeInterval(lifetime), signsInEmail: email)
            return Self.emailCode(ofRecord: key, key: try state.emailCodeKey())
        }
        return (email, "\(configuration.emailSignInLink)?code=\(code)", digits)
    }

    /// The 6-digit code mailed beside the sign-in link whose record is `record`: keyed with a key the records do not
    /// hold, so that a copy of them gives no code away.
    static func emailCode(ofRecord record: String, key: [UInt8]) -> String {
        sixDigits(HMACSHA256.authenticationCode(for: Array(record.utf8), key: key))
    }

    /// Whether `code` has the shape of the 6 digits mailed beside a link, rather than of the link's own code.
    private static func isMailedDigits(_ code: Secret) -> Bool {
        code.value.utf8.count == 6 && code.value.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// The throttle key of the 6-digit codes typed for `email`.
    private static func emailCodeThrottle(_ email: String) -> String { SHA256.hexDigest("email code\n\(email)") }

    /// The record of the pending link a code stands for: the link's own code, or the 6 digits mailed beside it for
    /// `email` (compared in constant time with each pending link of that email).
    private func signInRecord(code: Secret, email: String, in state: EmbeddedBackendState) throws(IdentityBackendError)
        -> String?
    {
        let value = code.value
        guard Self.isMailedDigits(code) else { return value.utf8.count <= 256 ? SHA256.hexDigest(value) : nil }
        let key = try state.emailCodeKey()
        let codes = state.identity.passwordResetCodes
        let owner = emailOwners(email, in: state).first ?? ""
        var found: String?
        for record in codes.keys(ResetCodeRecord.byAccount, owner) where codes[record]?.signsInEmail == email {
            if ConstantTime.equals(Array(Self.emailCode(ofRecord: record, key: key).utf8), Array(value.utf8)) {
                found = record
            }
        }
        return found
    }

    /// Signs in with a mailed link's code. The code works once, only for the email it was mailed to, and only
    /// until it expires. Without `idToken`: the account with the email signs in (its email verified, the link now
    /// one of its ways in; a second factor is still asked for), or a new account is made with it. With `idToken`:
    /// the signed-in account takes the email, verified.
    ///
    /// `code` may be the 6 digits mailed beside the link instead: they count only with the email they were mailed to,
    /// and each one typed counts against that email, as password guesses do (a few free, then waits that double).
    /// - Throws: `INVALID_OOB_CODE` (unknown, used, or not a sign-in code), `EXPIRED_OOB_CODE`, `INVALID_EMAIL`
    ///   (another email than the link's), `TOO_MANY_ATTEMPTS_TRY_LATER` (6-digit codes typed too often),
    ///   `USER_DISABLED`, `EMAIL_EXISTS` (linking an email another account has), the ID token's refusals, and
    ///   `IdentityBackendError.Code.secondFactorRequired` with the challenge.
    public func signInWithEmailLink(email: String, code: Secret, idToken: Secret?) throws(IdentityBackendError)
        -> EmailLinkSignIn
    {
        try requireEmailLinkSignIn()
        let now = clock.now()
        let given = try checkedEmail(email)
        let throttle = Self.emailCodeThrottle(given)
        if Self.isMailedDigits(code) {
            // Counted in a write of its own, before the check, so that a refused code stays counted.
            try storage.update { state throws(IdentityBackendError) in
                try countPasswordAttempt(throttle, state: &state, now: now)
            }
        }
        let fresh = Fresh(self)
        var isNewUser = false
        let step = try storage.update { state throws(IdentityBackendError) -> FirstStep in
            guard let key = try signInRecord(code: code, email: given, in: state),
                let record = state.identity.passwordResetCodes[key], let linkEmail = record.signsInEmail
            else { throw IdentityBackendError(.invalidOOBCode, message: "unknown or used sign-in link") }
            guard record.expiresAt > now else {
                throw IdentityBackendError(.expiredOOBCode, message: "the sign-in link has expired")
            }
            guard linkEmail == given else {
                throw IdentityBackendError(
                    .invalidEmail, message: "The email provided does not match the sign-in email address.")
            }
            var account: EmbeddedAccount
            if let idToken {
                account = try authenticate(idToken, state: state, now: now).account
                try Self.requireEnabled(account)
                let kept = try claimEmail(linkEmail, for: account.uid, in: state)
                moveEmailIdentity(of: &account, to: kept, state: &state)
                account.isAnonymous = false
            } else if let uid = emailOwners(linkEmail, in: state).first, let existing = state.identity.accounts[uid] {
                account = existing
                try Self.requireEnabled(account)
            } else {
                account = EmbeddedAccount(uid: fresh.uid(avoiding: state), email: linkEmail, createdAt: now)
                moveEmailIdentity(of: &account, to: linkEmail, state: &state)
                isNewUser = true
            }
            account.emailVerified = true
            account.emailLinkSignIn = true
            state.identity.passwordResetCodes[key] = nil
            if Self.isMailedDigits(code) { state.identity.passwordAttempts[throttle] = nil }
            state.identity.accounts[account.uid] = account
            return try finishFirstStep(
                for: account, provider: ProviderType.emailPassword.rawValue, isNewUser: isNewUser, fresh: fresh,
                now: now, signInMethod: "emailLink", state: &state)
        }
        return EmailLinkSignIn(session: try step.answer(), isNewUser: isNewUser)
    }

    /// Gives `account` the email `email` with the `password` identity that signs it in, replacing the one it had.
    private func moveEmailIdentity(
        of account: inout EmbeddedAccount, to email: String, state: inout EmbeddedBackendState
    ) {
        let provider = ProviderType.emailPassword.rawValue
        for old in account.identities where old.providerId == provider {
            state.identity.identities[old.key] = nil
        }
        account.identities.removeAll { $0.providerId == provider }
        let identity = LinkedIdentity(providerId: provider, subject: email, email: email)
        account.identities.append(identity)
        account.email = email
        state.identity.identities[identity.key] = account.uid
    }

    /// Refuses email links while ``EmbeddedProjectSettings/emailLinkSignInEnabled`` is off.
    /// - Throws: `OPERATION_NOT_ALLOWED`.
    public func requireEmailLinkSignIn() throws(IdentityBackendError) {
        guard projectSettings.emailLinkSignInEnabled else {
            throw IdentityBackendError(.unsupportedProvider, message: "email link sign-in is turned off")
        }
    }
}

extension EmbeddedIdentityService: EmailLinkBackend {
    /// Signs in with a mailed link's code, as ``signInWithEmailLink(email:code:idToken:)`` without an ID token.
    public func signInWithEmailLink(email: String, code: Secret) throws(IdentityBackendError) -> BackendSessionResponse
    {
        try signInWithEmailLink(email: email, code: code, idToken: nil).session
    }
}
