public import SignInDomain

/// The effect a reduce step asks the view model to run.
public enum SignInEffect: Sendable {
    /// Run `SignInUseCase` for the provider, through its UI client.
    case signIn(ProviderType)
    /// Run `SignInUseCase` with a credential the screen collected.
    case signInWithCredential(AuthCredential)
    /// Run `SignInWithPasskeyUseCase`: a sign-in, answered by a ``SignInResponse``.
    case signInWithPasskey(SignInWithPasskeyUseCase)
    /// Run `FinishSecondFactorSignInUseCase`: a sign-in, answered by a ``SignInResponse``.
    case finishSecondFactorSignIn(
        FinishSecondFactorSignInUseCase, SecondFactorChallenge, factorID: String?, code: Secret)
    /// Run `SignOutUseCase`.
    case signOut
    /// Run an account operation, answered by an ``AccountResponse``.
    case account(AccountAction)

    /// The effect's name for traces and tests: `signIn(apple.com)`, `signOut`, or the account action's name.
    public var name: String {
        switch self {
        case .signIn(let provider): "signIn(\(provider.rawValue))"
        case .signInWithCredential(let credential): "signInWithCredential(\(credential.provider.rawValue))"
        case .signInWithPasskey: "signInWithPasskey"
        case .finishSecondFactorSignIn: "finishSecondFactorSignIn"
        case .signOut: "signOut"
        case .account(let action): action.name
        }
    }
}
