public import SignInDomain

/// Signing in with a mailed link: Firebase's `accounts:sendOobCode` with `requestType: EMAIL_SIGNIN`, and
/// `accounts:signInWithEmailLink`.
public protocol EmailLinkBackend: Sendable {
    /// Mails a sign-in link to `email`; the same answer whether or not it has an account.
    /// - Throws: ``IdentityBackendError/Code/invalidEmail``, ``IdentityBackendError/Code/resetPasswordExceedLimit``
    ///   when no more mails go for a while, ``IdentityBackendError/Code/unsupportedProvider``
    ///   (`OPERATION_NOT_ALLOWED`) when links are off.
    func sendSignInLink(email: String) async throws

    /// Signs in with a link's code and the email it was mailed to; the account is made at the first use.
    /// - Throws: ``IdentityBackendError/Code/invalidOOBCode``, ``IdentityBackendError/Code/expiredOOBCode``,
    ///   ``IdentityBackendError/Code/invalidEmail`` for another email than the link's,
    ///   ``IdentityBackendError/Code/secondFactorRequired``.
    func signInWithEmailLink(email: String, code: Secret) async throws -> BackendSessionResponse
}
