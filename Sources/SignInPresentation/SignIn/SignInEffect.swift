public import SignInDomain

/// The effect a reduce step asks the view model to run.
public enum SignInEffect: Sendable {
    /// Run `SignInUseCase` for the provider, through its UI client.
    case signIn(ProviderType)
    /// Run `SignInUseCase` with a credential the screen collected.
    case signInWithCredential(AuthCredential)
    /// Run `SignInWithPasskeyUseCase`: a sign-in, answered by a ``SignInResponse``.
    case signInWithPasskey(SignInWithPasskeyUseCase)
    /// Run `SignInWithEmailLinkUseCase` with a link's code and the typed email, if any: a sign-in, answered by a
    /// ``SignInResponse``.
    case signInWithEmailLink(SignInWithEmailLinkUseCase, code: Secret, email: String?)
    /// Run `SignInWithPhoneUseCase` with the code typed for a verification: a sign-in, answered by a
    /// ``SignInResponse``.
    case signInWithPhone(SignInWithPhoneUseCase, PhoneVerification, code: Secret)
    /// Run `FinishSecondFactorSignInUseCase`: a sign-in, answered by a ``SignInResponse``.
    case finishSecondFactorSignIn(
        FinishSecondFactorSignInUseCase, SecondFactorChallenge, factorID: String?, code: Secret)
    /// Run `PhoneSecondFactorSignInUseCase` with the code sent to a phone factor: a sign-in, answered by a
    /// ``SignInResponse``.
    case finishPhoneSecondFactorSignIn(
        PhoneSecondFactorSignInUseCase, SecondFactorChallenge, PhoneVerification, code: Secret)
    /// Run `FinishSecondFactorSignInUseCase` with a recovery code: a sign-in, answered by a ``SignInResponse``.
    case finishSignInWithRecoveryCode(FinishSecondFactorSignInUseCase, SecondFactorChallenge, code: Secret)
    /// Run `SignOutUseCase`.
    case signOut
    /// Run an account operation, answered by an ``AccountResponse``.
    case account(AccountAction)

    /// Whether ``SignInAction/cancel`` may stop it: every effect but the sign-out and a deletion.
    var isCancellable: Bool {
        switch self {
        case .signOut: false
        case .account(let action): action.cancellable
        default: true
        }
    }

    /// The effect's name for traces and tests: `signIn(apple.com)`, `signOut`, or the account action's name.
    public var name: String {
        switch self {
        case .signIn(let provider): "signIn(\(provider.rawValue))"
        case .signInWithCredential(let credential): "signInWithCredential(\(credential.provider.rawValue))"
        case .signInWithPasskey: "signInWithPasskey"
        case .signInWithEmailLink: "signInWithEmailLink"
        case .signInWithPhone: "signInWithPhone"
        case .finishSecondFactorSignIn: "finishSecondFactorSignIn"
        case .finishPhoneSecondFactorSignIn: "finishPhoneSecondFactorSignIn"
        case .finishSignInWithRecoveryCode: "finishSignInWithRecoveryCode"
        case .signOut: "signOut"
        case .account(let action): action.name
        }
    }
}

extension SignInEffect: CustomStringConvertible, CustomReflectable {
    /// The effect's name: what it carries (a password, a code, a link, the use case and the session and keys it
    /// reaches) shows in no log, `print`, `dump` or debugger summary.
    public var description: String { name }
    public var customMirror: Mirror { Mirror(self, children: ["name": name]) }
}
