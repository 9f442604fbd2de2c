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
    /// - Throws: `EMAIL_NOT_FOUND` when no account has the email.
    public func emailVerificationLink(email: String) throws(IdentityBackendError) -> String {
        let now = clock.now()
        let email = try checkedEmail(email)
        let code = random.token(byteCount: 32)
        let lifetime = configuration.passwordResetLifetime
        try storage.update { state throws(IdentityBackendError) in
            guard let uid = emailOwners(email, in: state).first, let account = state.identity.accounts[uid],
                let kept = account.email
            else { throw IdentityBackendError(.emailNotFound, message: "no account has this email") }
            state.identity.passwordResetCodes[SHA256.hexDigest(code)] = ResetCodeRecord(
                uid: uid, expiresAt: now.addingTimeInterval(lifetime), verifiesEmail: kept)
        }
        return "\(configuration.emailVerificationLink)?code=\(code)"
    }

    public func applyEmailVerification(code: Secret) throws(IdentityBackendError) -> String {
        let now = clock.now()
        guard code.value.utf8.count <= 256 else {
            throw IdentityBackendError(.invalidOOBCode, message: "unknown or used verification code")
        }
        return try storage.update { state throws(IdentityBackendError) in
            let key = SHA256.hexDigest(code.value)
            guard let record = state.identity.passwordResetCodes[key], let email = record.verifiesEmail,
                var account = state.identity.accounts[record.uid]
            else { throw IdentityBackendError(.invalidOOBCode, message: "unknown or used verification code") }
            guard record.expiresAt > now else {
                throw IdentityBackendError(.expiredOOBCode, message: "the verification code has expired")
            }
            try Self.requireEnabled(account)
            // It verifies only the email it was mailed to, once.
            guard account.email == email else {
                throw IdentityBackendError(.invalidOOBCode, message: "the account's email changed since")
            }
            state.identity.passwordResetCodes[key] = nil
            account.emailVerified = true
            state.identity.accounts[account.uid] = account
            return email
        }
    }
}
