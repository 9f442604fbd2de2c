import Foundation
import SignInCrypto
public import SignInData
public import SignInDomain
import SignInEmbeddedStore

/// Email verification: a mailed link whose code proves that the account's email is the user's (Firebase's
/// `accounts:sendOobCode` with `VERIFY_EMAIL`, then `accounts:update` with the `oobCode`). Its codes are kept as the
/// reset codes are (by hash, for an hour, once), marked with the email they verify.
extension EmbeddedIdentityService: EmailVerificationBackend {
    public func sendEmailVerification(idToken: Secret) throws(IdentityBackendError) {
        let now = clock.now()
        let code = random.token(byteCount: 32)
        let lifetime = configuration.passwordResetLifetime
        let email = try storage.update { state throws(IdentityBackendError) in
            let account = try authenticate(idToken, state: state, now: now).account
            guard let email = account.email else {
                throw IdentityBackendError(.missingEmail, message: "the account has no email to verify")
            }
            state.identity.passwordResetCodes[SHA256.hexDigest(code)] = ResetCodeRecord(
                uid: account.uid, expiresAt: now.addingTimeInterval(lifetime), verifiesEmail: email)
            return email
        }
        let link = "\(configuration.emailVerificationLink)?code=\(code)"
        try outbox.deliver(
            OutboxMessage(
                to: email, subject: "Verify your email for signin-demo",
                body: """
                    Open this link within an hour to verify that \(email) is yours:

                    \(link)

                    If you did not ask for it, ignore this mail.
                    """,
                link: link, sentAt: now))
    }

    /// A verification link for the account with `email`, for an administrator to hand over (Firebase's admin
    /// `accounts:sendOobCode` with `VERIFY_EMAIL` and `returnOobLink`): no mail is sent.
    /// - Throws: `USER_NOT_FOUND` when no account has the email.
    public func emailVerificationLink(email: String) throws(IdentityBackendError) -> String {
        let now = clock.now()
        let email = try checkedEmail(email)
        let code = random.token(byteCount: 32)
        let lifetime = configuration.passwordResetLifetime
        try storage.update { state throws(IdentityBackendError) in
            guard let uid = emailOwners(email, in: state).first, let account = state.identity.accounts[uid],
                let kept = account.email
            else { throw IdentityBackendError(.userNotFound, message: "no account has this email") }
            state.identity.passwordResetCodes[SHA256.hexDigest(code)] = ResetCodeRecord(
                uid: uid, expiresAt: now.addingTimeInterval(lifetime), verifiesEmail: kept)
        }
        return "\(configuration.emailVerificationLink)?code=\(code)"
    }

    /// Mails `newEmail` a link that, opened, makes it the signed-in account's email, verified (Firebase's
    /// `verifyBeforeUpdateEmail`, `VERIFY_AND_CHANGE_EMAIL`): the email changes only once its owner proves it is
    /// theirs, so nobody changes an account to an address they cannot read. It needs a recent sign-in.
    /// - Throws: `INVALID_EMAIL`, `EMAIL_EXISTS` (another account has it), `CREDENTIAL_TOO_OLD_LOGIN_AGAIN`, the ID
    ///   token's refusals.
    public func sendEmailChangeVerification(idToken: Secret, newEmail: String) throws(IdentityBackendError) {
        let now = clock.now()
        let newEmail = try checkedEmail(newEmail)
        let (current, link) = try recordEmailChange(to: newEmail, now: now) { state throws(IdentityBackendError) in
            let (account, claims) = try authenticate(idToken, state: state, now: now)
            try requireRecentSignIn(claims, account: account, now: now)
            return account
        }
        try outbox.deliver(
            OutboxMessage(
                to: newEmail, subject: "Verify your new email for signin-demo",
                body: """
                    Open this link within an hour to make \(newEmail) the email of your account\(current.isEmpty ? "" : " (now \(current))"):

                    \(link)

                    If you did not ask for it, ignore this mail: nothing changes.
                    """,
                link: link, sentAt: now))
    }

    /// An email-change link for the account with `email`, for an administrator to hand over (Firebase's admin
    /// `accounts:sendOobCode` with `VERIFY_AND_CHANGE_EMAIL` and `returnOobLink`): no mail is sent.
    /// - Throws: `USER_NOT_FOUND` when no account has `email`; `INVALID_EMAIL`, `EMAIL_EXISTS` for `newEmail`.
    public func emailChangeLink(email: String, newEmail: String) throws(IdentityBackendError) -> String {
        let now = clock.now()
        let email = try checkedEmail(email)
        let newEmail = try checkedEmail(newEmail)
        return try recordEmailChange(to: newEmail, now: now) { state throws(IdentityBackendError) in
            guard let uid = emailOwners(email, in: state).first, let account = state.identity.accounts[uid] else {
                throw IdentityBackendError(.userNotFound, message: "no account has this email")
            }
            return account
        }.link
    }

    /// Records an email-change code for the account `find` names, to `newEmail` (which no other account may have).
    private func recordEmailChange(
        to newEmail: String, now: Date,
        find: (EmbeddedBackendState) throws(IdentityBackendError) -> EmbeddedAccount
    ) throws(IdentityBackendError) -> (current: String, link: String) {
        let code = random.token(byteCount: 32)
        let lifetime = configuration.passwordResetLifetime
        let current = try storage.update { state throws(IdentityBackendError) in
            let account = try find(state)
            try Self.requireEnabled(account)
            _ = try claimEmail(newEmail, for: account.uid, in: state)
            var record = ResetCodeRecord(
                uid: account.uid, expiresAt: now.addingTimeInterval(lifetime), verifiesEmail: account.email ?? "")
            record.changesEmailTo = newEmail
            state.identity.passwordResetCodes[SHA256.hexDigest(code)] = record
            return account.email ?? ""
        }
        return (current, "\(configuration.emailVerificationLink)?code=\(code)")
    }

    /// Uses an email code: a verification code verifies the email it was mailed to; an email-change code makes its
    /// new email the account's, verified. Either works once, and only while the account's email is still the one it
    /// was made for.
    /// - Returns: The account's email afterwards.
    public func applyEmailVerification(code: Secret) throws(IdentityBackendError) -> String {
        let now = clock.now()
        guard code.value.utf8.count <= 256 else {
            throw IdentityBackendError(.invalidOOBCode, message: "unknown or used verification code")
        }
        let outcome: Result<String, IdentityBackendError> = try storage.update { state throws(IdentityBackendError) in
            let key = SHA256.hexDigest(code.value)
            guard let record = state.identity.passwordResetCodes[key], let email = record.verifiesEmail,
                var account = state.identity.accounts[record.uid]
            else { throw IdentityBackendError(.invalidOOBCode, message: "unknown or used verification code") }
            guard record.expiresAt > now else {
                throw IdentityBackendError(.expiredOOBCode, message: "the verification code has expired")
            }
            try Self.requireEnabled(account)
            // It verifies only the email it was mailed to (or changes the one the account had), once.
            guard account.email ?? "" == email else {
                throw IdentityBackendError(.invalidOOBCode, message: "the account's email changed since")
            }
            state.identity.passwordResetCodes[key] = nil
            if let oldEmail = record.restoresEmail {
                // Taken by another account since: it cannot be given back, and the code is spent.
                do throws(IdentityBackendError) {
                    changeEmail(of: &account, to: try claimEmail(oldEmail, for: account.uid, in: state), state: &state)
                } catch {
                    return .failure(error)
                }
            }
            if let newEmail = record.changesEmailTo {
                // Taken by another account since the mail went: the change cannot happen, and the code is spent.
                do throws(IdentityBackendError) {
                    changeEmail(of: &account, to: try claimEmail(newEmail, for: account.uid, in: state), state: &state)
                } catch {
                    return .failure(error)
                }
            }
            account.emailVerified = true
            state.identity.accounts[account.uid] = account
            return .success(account.email ?? email)
        }
        return try outcome.get()
    }

    /// What a mailed code is for, without using it (Firebase's `accounts:resetPassword` with no new password): its
    /// purpose, and the account's email (none for an email sign-in code, whose email the user must give) and, for an
    /// email change, the new email.
    /// - Throws: `INVALID_OOB_CODE` (unknown, used, or no longer for its account's email), `EXPIRED_OOB_CODE`.
    public func describeMailedCode(_ code: Secret) throws(IdentityBackendError) -> (
        purpose: PendingMailedCode.Purpose, email: String?, newEmail: String?
    ) {
        let now = clock.now()
        return try storage.read { state throws(IdentityBackendError) in
            guard code.value.utf8.count <= 256,
                let record = state.identity.passwordResetCodes[SHA256.hexDigest(code.value)],
                record.smsPhoneNumber == nil
            else { throw IdentityBackendError(.invalidOOBCode, message: "unknown or used code") }
            guard record.expiresAt > now else {
                throw IdentityBackendError(.expiredOOBCode, message: "the code has expired")
            }
            if record.signsInEmail != nil { return (.emailSignIn, nil, nil) }
            if let oldEmail = record.restoresEmail { return (.recoverEmail, oldEmail, record.verifiesEmail) }
            guard let account = state.identity.accounts[record.uid] else {
                throw IdentityBackendError(.invalidOOBCode, message: "unknown or used code")
            }
            if let newEmail = record.changesEmailTo { return (.verifyAndChangeEmail, record.verifiesEmail, newEmail) }
            if let email = record.verifiesEmail { return (.verifyEmail, email, nil) }
            return (.passwordReset, account.email, nil)
        }
    }
}
