/// The signed-in user's profile: the display name, photo and email, and the email's verification by a mailed link.
public struct ProfileFeatures: Sendable {
    /// Changes the display name, the photo and the email.
    public var service: any ProfileService
    /// Mails verification links and applies their codes, where the backend can.
    public var emailVerificationService: (any EmailVerificationService)?
    /// The session and the providers that sign in again.
    public var context: FeatureContext

    /// Creates the group.
    public init(
        service: any ProfileService, emailVerificationService: (any EmailVerificationService)? = nil,
        context: FeatureContext
    ) {
        self.service = service
        self.emailVerificationService = emailVerificationService
        self.context = context
    }

    /// Changes the display name, the photo or the email.
    public var update: UpdateProfileUseCase {
        UpdateProfileUseCase(accounts: service, sessions: context.sessions, authProviders: context.authProviders)
    }
    /// Asks for a mail that verifies the account's email.
    public var sendEmailVerification: SendEmailVerificationUseCase? {
        emailVerificationService.map { SendEmailVerificationUseCase(accounts: $0, sessions: context.sessions) }
    }
    /// Verifies an email with a mailed link's code.
    public var applyEmailVerification: ApplyEmailVerificationUseCase? {
        emailVerificationService.map { ApplyEmailVerificationUseCase(accounts: $0) }
    }
}
