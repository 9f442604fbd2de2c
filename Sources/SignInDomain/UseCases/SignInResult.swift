/// How a sign-in ended when it did not fail.
public enum SignInResult: Hashable, Sendable {
    /// The user is signed in; the session is stored.
    case signedIn(UserSession)
    /// The user cancelled the provider's UI. Nothing changed.
    case cancelled
    /// The first step succeeded and the account asks for a second factor: nobody is signed in yet. Finish with
    /// ``FinishSecondFactorSignInUseCase``; dropping the challenge is a cancel.
    case secondFactorRequired(SecondFactorChallenge)
}
