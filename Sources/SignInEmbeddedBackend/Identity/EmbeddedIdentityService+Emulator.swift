import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedStore

/// The operations the HTTP face (``EmbeddedHTTPFace``) needs beyond the backend ports: Firebase's
/// `accounts:lookup`, and the Firebase Auth emulator's test endpoints (the pending reset codes, deleting every
/// account). Each is one ``BackendStateStorage/read(_:)`` or ``BackendStateStorage/update(_:)``, as the others.
extension EmbeddedIdentityService {
    /// A password-reset code that still works, with the mail that carried it: what the Firebase Auth emulator's
    /// `oobCodes` endpoint lists, so that a test can follow the link without reading mail.
    public struct PendingPasswordReset: Hashable, Sendable {
        /// The recipient of the mail: the account's email.
        public var email: String
        /// The reset code.
        public var code: Secret
        /// The deep link the mail carries, with the code in it.
        public var link: Secret

        /// Creates a pending reset.
        public init(email: String, code: Secret, link: Secret) {
            self.email = email
            self.code = code
            self.link = link
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

    /// The reset codes mailed to the outbox that would still be accepted now: stored (by hash), not expired,
    /// for an account that still has a password. Used and expired codes, and those of deleted accounts, are
    /// left out. Oldest mail first.
    ///
    /// The service keeps only the codes' hashes; the codes themselves are read from the mails, and each is
    /// checked against the stored hashes.
    public func pendingPasswordResets() throws(IdentityBackendError) -> [PendingPasswordReset] {
        let now = clock.now()
        let mailed = try outbox.messages().compactMap { mail -> PendingPasswordReset? in
            guard let code = Self.resetCode(inLink: mail.link) else { return nil }
            return PendingPasswordReset(email: mail.to, code: Secret(code), link: Secret(mail.link))
        }
        return try storage.read { state in
            mailed.filter { pending in
                guard let record = state.identity.passwordResetCodes[SHA256.hexDigest(pending.code.value)],
                    record.expiresAt > now
                else { return false }
                return state.identity.accounts[record.uid]?.passwordHash != nil
            }
        }
    }

    /// Deletes every account with its identities, refresh tokens (current and exchanged) and reset codes: the
    /// Firebase Auth emulator's `DELETE …/accounts`, which tests call between cases. The keys, the Apple and
    /// Google issuers' state, the used nonces (a token seen once stays refused) and the password-guess counts
    /// stay as they are.
    public func deleteAllAccounts() throws(IdentityBackendError) {
        try storage.update { state in
            state.identity.accounts.removeAll()
            state.identity.identities.removeAll()
            state.identity.refreshTokens.removeAll()
            state.identity.rotatedRefreshTokens.removeAll()
            state.identity.passwordResetCodes.removeAll()
        }
    }

    /// The `code` query parameter of a reset link as ``sendPasswordResetEmail(email:)`` writes it.
    static func resetCode(inLink link: String) -> String? {
        guard let code = URLComponents(string: link)?.queryItems?.first(where: { $0.name == "code" })?.value,
            !code.isEmpty
        else { return nil }
        return code
    }
}
