/// Signing in with a mailed link: asking for one, and signing in with its code.
public struct EmailLinkFeatures: Sendable {
    /// The backend's email links.
    public var service: any EmailLinkSignInService
    /// Where the email a link went to is kept on this device.
    public var emails: any SignInEmailStore
    /// The session.
    public var context: FeatureContext

    /// Creates the group.
    public init(service: any EmailLinkSignInService, emails: any SignInEmailStore, context: FeatureContext) {
        self.service = service
        self.emails = emails
        self.context = context
    }

    /// Mails a sign-in link.
    public var send: SendSignInLinkUseCase { SendSignInLinkUseCase(service: service, emails: emails) }
    /// Signs in with a link's code.
    public var signIn: SignInWithEmailLinkUseCase {
        SignInWithEmailLinkUseCase(service: service, emails: emails, sessions: context.sessions)
    }
}
