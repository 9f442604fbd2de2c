public import SignInData
import SignInEmbeddedStore

/// What a client may learn about an email before it signs in (Firebase's `accounts:createAuthUri`, behind
/// `fetchSignInMethodsForEmail`).
public enum EmailSignInMethods: Hashable, Sendable {
    /// Email enumeration protection is on: whether an account has the email is not told.
    case notTold
    /// No account has the email.
    case unregistered
    /// An account has it. `providers` are its ways to sign in by provider id (`password`, then each linked identity
    /// provider in the order it was linked; a phone number is none); `methods` are those that work now (`password`
    /// while a password is set, `emailLink` once it has signed in with a link).
    case registered(providers: [String], methods: [String])
}

extension EmbeddedIdentityService {
    /// How the account with `email` signs in, as far as the project's settings let a client know it. The account is the
    /// one whose own email it is, else one an identity provider gave it for. With duplicate emails allowed
    /// (``EmbeddedProjectSettings/allowsDuplicateEmails``), several may have it: only a password or an email link,
    /// of the first that has an email of its own, is told.
    /// - Parameter email: A valid email address, in any case.
    /// - Throws: `INVALID_EMAIL` for one that is not an email address.
    public func signInMethods(email: String) throws(IdentityBackendError) -> EmailSignInMethods {
        let email = try checkedEmail(email)
        if projectSettings.emailEnumerationProtection { return .notTold }
        let duplicates = projectSettings.allowsDuplicateEmails
        return try storage.read { state in
            let candidates =
                (emailOwners(email, in: state).sorted()
                + state.identity.accounts.keys(EmbeddedAccount.byProviderEmail, EmbeddedAccount.lookupEmail(email))
                .sorted())
                .compactMap { state.identity.accounts[$0] }
            guard let account = duplicates ? candidates.first(where: { $0.email != nil }) : candidates.first else {
                return .unregistered
            }
            var providers: [String] = []
            var methods: [String] = []
            let signsInByLink = account.emailLinkSignIn == true
            if account.passwordHash != nil || signsInByLink { providers.append("password") }
            if account.passwordHash != nil { methods.append("password") }
            if signsInByLink { methods.append("emailLink") }
            for identity in account.identities
            where !duplicates && !["phone", "password"].contains(identity.providerId) {
                guard !providers.contains(identity.providerId) else { continue }
                providers.append(identity.providerId)
                methods.append(identity.providerId)
            }
            return .registered(providers: providers, methods: methods)
        }
    }
}
