/// Passkeys: listing and removing the account's, and, where the app has the device's authenticator, registering one
/// and signing in with one.
public struct PasskeyFeatures: Sendable {
    /// The backend's passkeys.
    public var service: any PasskeyService
    /// The device's passkeys, where the app offers them.
    public var authenticator: (any PasskeyAuthenticator)?
    /// The session and the providers that sign in again.
    public var context: FeatureContext

    /// Creates the group.
    public init(service: any PasskeyService, authenticator: (any PasskeyAuthenticator)? = nil, context: FeatureContext)
    {
        self.service = service
        self.authenticator = authenticator
        self.context = context
    }

    /// Lists the account's passkeys.
    public var list: ListPasskeysUseCase { ListPasskeysUseCase(passkeys: service, sessions: context.sessions) }
    /// Removes a passkey.
    public var remove: RemovePasskeyUseCase {
        RemovePasskeyUseCase(passkeys: service, sessions: context.sessions, authProviders: context.authProviders)
    }
    /// Registers a passkey on the signed-in account.
    public var register: RegisterPasskeyUseCase? {
        authenticator.map {
            RegisterPasskeyUseCase(
                passkeys: service, authenticator: $0, sessions: context.sessions, authProviders: context.authProviders)
        }
    }
    /// Signs in with a passkey.
    public var signIn: SignInWithPasskeyUseCase? {
        authenticator.map { SignInWithPasskeyUseCase(passkeys: service, authenticator: $0, sessions: context.sessions) }
    }
}
