/// Mails a sign-in link, and remembers on this device the email it went to.
public struct SendSignInLinkUseCase: Sendable {
    private let service: any EmailLinkSignInService
    private let emails: any SignInEmailStore

    /// Creates the use case.
    public init(service: any EmailLinkSignInService, emails: any SignInEmailStore) {
        self.service = service
        self.emails = emails
    }

    /// Mails a sign-in link to `email`.
    /// - Throws: ``AuthError/invalidEmail`` (before any call), and what
    ///   ``EmailLinkSignInService/sendSignInLink(email:)`` throws. The email is remembered only once the mail went.
    public func callAsFunction(email: String) async throws(AuthError) {
        let email = try EmailAddress.validate(email)
        try await service.sendSignInLink(email: email)
        await emails.remember(email)
    }
}

/// Signs in with a mailed link's code. On the device that asked for the link the remembered email goes with it; on
/// any other, the email the user types does, and the backend refuses a link sent to another one.
public struct SignInWithEmailLinkUseCase: Sendable {
    private let service: any EmailLinkSignInService
    private let emails: any SignInEmailStore
    private let sessions: SessionManager

    /// Creates the use case.
    public init(service: any EmailLinkSignInService, emails: any SignInEmailStore, sessions: SessionManager) {
        self.service = service
        self.emails = emails
        self.sessions = sessions
    }

    /// The email a link opened here would go with, or `nil` when the user must type it.
    public func pendingEmail() async -> String? {
        await emails.pendingEmail()
    }

    /// Signs in with a link's code.
    /// - Parameters:
    ///   - code: The code, taken from the link (or typed from the same mail).
    ///   - typed: The email the user typed; `nil` (or blank) takes the one remembered here.
    /// - Returns: ``SignInResult/signedIn(_:)`` with the stored session, or ``SignInResult/secondFactorRequired(_:)``.
    /// - Throws: ``AuthError/signInLinkNeedsEmail`` when no email was typed and none is remembered (nothing is sent),
    ///   ``AuthError/invalidEmail``, and what ``EmailLinkSignInService/signIn(email:code:)`` throws.
    public func callAsFunction(code: Secret, email typed: String? = nil) async throws(AuthError) -> SignInResult {
        var email = typed?.trimmingWhitespace
        if email?.isEmpty ?? true { email = await emails.pendingEmail() }
        guard let email else { throw .signInLinkNeedsEmail }
        let valid = try EmailAddress.validate(email)
        let session: UserSession
        do {
            session = try await service.signIn(email: valid, code: code)
        } catch .secondFactorRequired(let challenge) {
            await emails.forget()
            return .secondFactorRequired(challenge)
        }
        try await sessions.establish(session)
        await emails.forget()
        return .signedIn(session)
    }
}
