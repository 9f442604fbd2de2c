import Foundation
import SignInCrypto
public import SignInData
public import SignInDomain
public import SignInEmbeddedStore
import SignInJOSE

/// A signed-in user's profile (Firebase's `accounts:update` with the user's ID token): the display name, the photo
/// URL, and the
/// email, which is a sensitive change (whoever has the email can reset the password), so it needs a recent sign-in.
/// A new email is not verified, and the password sign-in follows it.
extension EmbeddedIdentityService: ProfileBackend {
    public func updateProfile(
        idToken: Secret, displayName: String?, email: String?, photoURL: String? = nil
    ) throws(IdentityBackendError) -> BackendSessionResponse {
        let now = clock.now()
        let email = try email.map { email throws(IdentityBackendError) in try checkedEmail(email) }
        // An empty photo URL removes the photo.
        let photo = try photoURL.map { url throws(IdentityBackendError) in try Self.checkedPhotoURL(url) ?? "" }
        let fresh = Fresh(self)
        let recoveryCode = random.token(byteCount: 32)
        var recovery: (oldEmail: String, newEmail: String)?
        let session = try storage.update { state throws(IdentityBackendError) in
            var (account, claims) = try authenticate(idToken, state: state, now: now)
            if let displayName { account.displayName = Self.boundedName(displayName) }
            if let photo { account.photoURL = photo.isEmpty ? nil : photo }
            if let email, email != account.email {
                try requireRecentSignIn(claims, account: account, now: now)
                let oldEmail = account.email
                changeEmail(of: &account, to: try claimEmail(email, for: account.uid, in: state), state: &state)
                account.emailVerified = false
                // The email it had hears of the change, with a code that undoes it (Firebase's RECOVER_EMAIL).
                if let oldEmail, let newEmail = account.email {
                    account.initialEmail = account.initialEmail ?? oldEmail
                    var record = ResetCodeRecord(
                        uid: account.uid, expiresAt: now.addingTimeInterval(configuration.passwordResetLifetime),
                        verifiesEmail: newEmail)
                    record.restoresEmail = oldEmail
                    state.identity.passwordResetCodes[SHA256.hexDigest(recoveryCode)] = record
                    recovery = (oldEmail, newEmail)
                }
            }
            state.identity.accounts[account.uid] = account
            return try reissueSession(
                for: account, provider: claims.signInProvider, replacing: claims, fresh: fresh, now: now, state: &state)
        }
        if let recovery {
            let link = "\(configuration.emailVerificationLink)?code=\(recoveryCode)"
            try outbox.deliver(
                OutboxMessage(
                    to: recovery.oldEmail, subject: "The email of your signin-demo account changed",
                    body: """
                        The email of your account is now \(recovery.newEmail). If you did not change it, open this link
                        within an hour to give the account back its email, \(recovery.oldEmail):

                        \(link)
                        """,
                    link: link, sentAt: now))
        }
        return session
    }

    /// Changes the display name and the photo URL (an empty one removes it) and leaves the session as it is: no new
    /// tokens, and the caller's keep working (Firebase's `accounts:update` without `returnSecureToken`).
    /// - Returns: The account afterwards.
    public func updateNameAndPhoto(idToken: Secret, displayName: String?, photoURL: String?)
        throws(IdentityBackendError) -> EmbeddedAccount
    {
        let now = clock.now()
        let photo = try photoURL.map { url throws(IdentityBackendError) in try Self.checkedPhotoURL(url) ?? "" }
        return try storage.update { state throws(IdentityBackendError) in
            var account = try authenticate(idToken, state: state, now: now).account
            if let displayName { account.displayName = Self.boundedName(displayName) }
            if let photo { account.photoURL = photo.isEmpty ? nil : photo }
            state.identity.accounts[account.uid] = account
            return account
        }
    }
}
