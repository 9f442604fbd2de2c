/// Signing in without a password through a mail (Firebase's email-link sign-in): the backend mails a link with a
/// one-time code; the code, with the email it was sent to, signs in, and makes the account at its first use.
public protocol EmailLinkSignInService: Sendable {
    /// Mails a sign-in link to `email`. The answer is the same whether or not the email has an account.
    /// - Throws: ``AuthError/invalidEmail``, ``AuthError/tooManyResetEmails`` when the backend sends no more mails for
    ///   a while, ``AuthError/operationNotAllowed(_:)`` when the project turned email links off.
    func sendSignInLink(email: String) async throws(AuthError)

    /// Signs in with the code of a mailed link and the email it was sent to.
    /// - Returns: The session; its account has `email` verified.
    /// - Throws: ``AuthError/invalidSignInLink``, ``AuthError/signInLinkExpired``,
    ///   ``AuthError/signInLinkEmailMismatch``, ``AuthError/userDisabled``, ``AuthError/secondFactorRequired(_:)``.
    func signIn(email: String, code: Secret) async throws(AuthError) -> UserSession
}

/// Where the app keeps the email a sign-in link was sent to, between asking for the link and opening it, so that the
/// device that asked does not ask for it again. A link opened anywhere else needs the email typed, as Firebase's
/// SDKs require: that is the proof that whoever opened the link can read that mailbox.
public protocol SignInEmailStore: Sendable {
    /// The email the last link was sent to from this device, or `nil`.
    func pendingEmail() async -> String?
    /// Remembers the email a link was just sent to, replacing any other.
    func remember(_ email: String) async
    /// Forgets it, once the link signed in.
    func forget() async
}
