import Foundation
import SignInCrypto
public import SignInData
public import SignInDomain
public import SignInEmbeddedStore

/// The operations the HTTP face (``EmbeddedHTTPFace``) needs beyond the backend ports: Firebase's
/// `accounts:lookup`, and the Firebase Auth emulator's test endpoints (the pending reset codes, deleting every
/// account). Each is one ``BackendStateStorage/read(_:)`` or ``BackendStateStorage/update(_:)``, as the others.
extension EmbeddedIdentityService {
    /// A mailed code that still works, with the mail that carried it: what the Firebase Auth emulator's `oobCodes`
    /// endpoint lists, so that a test can follow the link without reading mail.
    public struct PendingMailedCode: Hashable, Sendable {
        /// What the code does.
        public enum Purpose: String, Hashable, Sendable {
            /// It sets a new password (Firebase's `PASSWORD_RESET`).
            case passwordReset = "PASSWORD_RESET"
            /// It verifies the email it was mailed to (Firebase's `VERIFY_EMAIL`).
            case verifyEmail = "VERIFY_EMAIL"
            /// It signs in the email it was mailed to (Firebase's `EMAIL_SIGNIN`).
            case emailSignIn = "EMAIL_SIGNIN"
            /// It makes the email it was mailed to the account's (Firebase's `VERIFY_AND_CHANGE_EMAIL`).
            case verifyAndChangeEmail = "VERIFY_AND_CHANGE_EMAIL"
            /// It gives the account back the email it was mailed to, which a change replaced (Firebase's
            /// `RECOVER_EMAIL`).
            case recoverEmail = "RECOVER_EMAIL"
        }

        /// The recipient of the mail: the account's email.
        public var email: String
        /// The code.
        public var code: Secret
        /// The deep link the mail carries, with the code in it.
        public var link: Secret
        public var purpose: Purpose
        /// For an email change, the email it makes the account's (the mail went there); `email` is then the
        /// account's email when it was sent, as Google's emulator lists it.
        public var newEmail: String?

        /// Creates a pending code.
        public init(email: String, code: Secret, link: Secret, purpose: Purpose = .passwordReset) {
            self.email = email
            self.code = code
            self.link = link
            self.purpose = purpose
        }
    }

    // MARK: - accounts:lookup

    /// The account of a session's ID token (Firebase's `accounts:lookup`). The token is authenticated as for
    /// every call made for a signed-in user (signature, expiry, the account's `validSince`); reading one's own
    /// account needs no recent sign-in.
    /// - Throws: `IdentityBackendError/Code/invalidIDToken` when the token is refused.
    public func lookupAccount(idToken: Secret) throws(IdentityBackendError) -> EmbeddedAccount {
        let now = clock.now()
        return try storage.read { state throws(IdentityBackendError) in
            try authenticate(idToken, state: state, now: now).account
        }
    }

    // MARK: - Emulator test endpoints

    /// The codes mailed to the outbox that would still be accepted now: stored (by hash) and not expired; a reset
    /// code for an account that still has a password, a verification code for an account whose email is still the
    /// one it verifies. Used and expired codes, and those of deleted accounts, are left out. Oldest mail first.
    ///
    /// The service keeps only the codes' hashes; the codes themselves are read from the mails, and each is
    /// checked against the stored hashes.
    public func pendingMailedCodes() throws(IdentityBackendError) -> [PendingMailedCode] {
        let now = clock.now()
        let mailed = try outbox.messages().compactMap { mail -> PendingMailedCode? in
            guard let code = Self.resetCode(inLink: mail.link) else { return nil }
            return PendingMailedCode(email: mail.to, code: Secret(code), link: Secret(mail.link))
        }
        return try storage.read { state in
            mailed.compactMap { pending in
                guard let record = state.identity.passwordResetCodes[SHA256.hexDigest(pending.code.value)],
                    record.expiresAt > now
                else { return nil }
                if record.signsInEmail != nil {
                    var signIn = pending
                    signIn.purpose = .emailSignIn
                    return signIn
                }
                guard let account = state.identity.accounts[record.uid] else { return nil }
                if record.restoresEmail != nil {
                    guard account.email == record.verifiesEmail else { return nil }
                    var recovery = pending
                    recovery.purpose = .recoverEmail
                    return recovery
                }
                if let newEmail = record.changesEmailTo {
                    guard account.email ?? "" == record.verifiesEmail else { return nil }
                    var change = pending
                    change.purpose = .verifyAndChangeEmail
                    change.email = record.verifiesEmail ?? ""
                    change.newEmail = newEmail
                    return change
                }
                guard let email = record.verifiesEmail else { return account.passwordHash != nil ? pending : nil }
                var verification = pending
                verification.purpose = .verifyEmail
                return account.email == email ? verification : nil
            }
        }
    }

    /// Deletes every account with its identities, refresh tokens (current and exchanged), reset and SMS codes, and
    /// the SMS counts of the number ranges and the day: the Firebase Auth emulator's `DELETE …/accounts`, which tests
    /// call between cases (Google's suite sends more SMS to one range than an hour allows). The keys, the Apple and
    /// Google issuers' state, the used nonces (a token seen once stays refused) and the password-guess counts
    /// stay as they are.
    public func deleteAllAccounts() throws(IdentityBackendError) {
        try storage.update { state in
            state.identity.accounts.removeAll()
            state.identity.identities.removeAll()
            state.identity.refreshTokens.removeAll()
            state.identity.rotatedRefreshTokens.removeAll()
            state.identity.passwordResetCodes.removeAll()
            state.identity.smsCounters.removeAll()
        }
    }

    /// The `code` query parameter of a mailed link (a reset, a verification, an email change, an email sign-in), or
    /// `nil`.
    public static func resetCode(inLink link: String) -> String? {
        guard let code = URLComponents(string: link)?.queryItems?.first(where: { $0.name == "code" })?.value,
            !code.isEmpty
        else { return nil }
        return code
    }
}
