/// Signing in with a phone number: a code sent by SMS signs in, or gives the signed-in account the number.
public struct PhoneFeatures: Sendable {
    /// The backend's phone sign-in.
    public var service: any PhoneSignInService
    /// The session.
    public var context: FeatureContext

    /// Creates the group.
    public init(service: any PhoneSignInService, context: FeatureContext) {
        self.service = service
        self.context = context
    }

    /// Sends a code by SMS.
    public var sendCode: SendPhoneCodeUseCase { SendPhoneCodeUseCase(service: service) }
    /// Signs in with a code.
    public var signIn: SignInWithPhoneUseCase { SignInWithPhoneUseCase(service: service, sessions: context.sessions) }
    /// Links the number a code was sent to.
    public var link: LinkPhoneUseCase { LinkPhoneUseCase(service: service, sessions: context.sessions) }
}
