/// Creates email/password accounts. The Data layer implements it where the backend has passwords.
///
/// The account operations that are not a provider's sign-in are split by what a backend offers
/// (``SignUpService``, ``PasswordResetService``, ``PasswordChangeService``, ``UnlinkService``,
/// ``AccountDeletionService``): a use case takes the one port it needs, and an app wires the use cases of the
/// ports its backend has.
public protocol SignUpService: Sendable {
    /// Creates an email/password account and signs it in.
    /// - Throws: ``AuthError/emailAlreadyInUse(_:)``, ``AuthError/weakPassword(_:)``, ``AuthError/invalidEmail``.
    func signUp(email: String, password: Secret) async throws(AuthError) -> UserSession
}

/// Password reset by a mailed link (a deep link with a one-time code).
public protocol PasswordResetService: Sendable {
    /// Asks the backend to mail a password-reset link. The answer is the same whether or not the email has
    /// an account, unless the backend's project tells them apart: then ``AuthError/emailNotFound``.
    func sendPasswordReset(email: String) async throws(AuthError)

    /// Sets a new password with the code from the mailed link. The code works once and expires.
    /// - Throws: ``AuthError/invalidResetCode``, ``AuthError/resetCodeExpired``, ``AuthError/weakPassword(_:)``.
    func confirmPasswordReset(code: Secret, newPassword: Secret) async throws(AuthError)
}

/// Checking a reset link's code without using it, so that a screen can say whose password it sets, or that the link
/// is no good, before the user chooses a new password.
public protocol PasswordResetCodeService: Sendable {
    /// The email of the account whose password the code sets. The code stays usable.
    /// - Throws: ``AuthError/invalidResetCode``, ``AuthError/resetCodeExpired``.
    func checkPasswordResetCode(_ code: Secret) async throws(AuthError) -> String
}

/// A signed-in user's profile: the display name, the photo and the email.
public protocol ProfileService: Sendable {
    /// Changes the session's account: `displayName` and `photoURL` (empty removes them) and `email`, each when
    /// given. A new email is not verified yet.
    /// - Returns: The session afterwards.
    /// - Throws: ``AuthError/recentSignInRequired(_:)`` for a new email when the sign-in is not recent,
    ///   ``AuthError/emailAlreadyInUse(_:)``, ``AuthError/invalidEmail``, ``AuthError/invalidPhotoURL``.
    func updateProfile(displayName: String?, email: String?, photoURL: String?, for session: UserSession)
        async throws(AuthError)
        -> UserSession
}

/// Email verification: a mailed link proves that the account's email is the user's.
public protocol EmailVerificationService: Sendable {
    /// Mails a verification link to the email of the session's account.
    func sendEmailVerification(for session: UserSession) async throws(AuthError)

    /// Marks the email the code was mailed to as verified. The code works once and expires.
    /// - Returns: The email now verified.
    /// - Throws: ``AuthError/invalidVerificationLink``.
    func applyEmailVerification(code: Secret) async throws(AuthError) -> String
}

/// A signed-in user's new password.
public protocol PasswordChangeService: Sendable {
    /// Sets a new password for the session's account; every other session of the account ends.
    /// - Returns: The caller's new session.
    /// - Throws: ``AuthError/recentSignInRequired(_:)``, ``AuthError/providerNotLinked(_:)`` when the account has
    ///   no password, ``AuthError/weakPassword(_:)``.
    func changePassword(_ newPassword: Secret, for session: UserSession) async throws(AuthError) -> UserSession
}

/// Removing a way to sign in from an account that has several.
public protocol UnlinkService: Sendable {
    /// Unlinks `provider` from the session's account and returns the updated session.
    /// - Throws: ``AuthError/recentSignInRequired(_:)`` when the session's sign-in is not recent.
    func unlink(_ provider: ProviderType, from session: UserSession) async throws(AuthError) -> UserSession
}

/// Deleting the signed-in account.
public protocol AccountDeletionService: Sendable {
    /// Deletes the session's account with its identities, and revokes its tokens.
    /// - Parameters:
    ///   - session: The signed-in session.
    ///   - revocation: For an account with an Apple identity, the fresh authorization code with which the
    ///     backend revokes the app's Apple tokens first (App Store Review Guideline 5.1.1(v)).
    /// - Throws: ``AuthError/recentSignInRequired(_:)`` when the session's sign-in is not recent,
    ///   ``AuthError/providerRevocationFailed(_:)`` when the revocation failed; the account then still exists.
    func deleteAccount(_ session: UserSession, revoking revocation: ProviderRevocation?) async throws(AuthError)
}

/// What an identity provider needs to revoke the app's tokens of a user whose account is deleted: Sign in with
/// Apple's authorization code, from a sign-in made moments before (it works once, for five minutes).
public struct ProviderRevocation: Hashable, Sendable {
    /// The provider whose tokens are revoked.
    public var provider: ProviderType
    /// The fresh authorization code.
    public var authorizationCode: Secret

    /// Creates a revocation.
    public init(provider: ProviderType, authorizationCode: Secret) {
        self.provider = provider
        self.authorizationCode = authorizationCode
    }
}

/// Apple's view of a user's credential: the KMP app's `getCredentialState(forUserID:)`.
public enum AppleCredentialState: String, Hashable, Sendable {
    /// The user still uses Sign in with Apple with this app.
    case authorized
    /// The user stopped using Sign in with Apple with this app (Settings › Apple ID).
    case revoked
    /// Apple does not know the user for this app.
    case notFound
}

/// Asks Apple for a user's credential state: `ASAuthorizationAppleIDProvider.getCredentialState` on Apple
/// platforms, the embedded Apple-like issuer elsewhere.
public protocol AppleCredentialStateChecker: Sendable {
    /// The state of the Apple user `userID` for this app.
    func credentialState(forUserID userID: String) async throws(AuthError) -> AppleCredentialState
}
