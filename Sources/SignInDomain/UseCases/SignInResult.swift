/// How a sign-in ended when it did not fail.
public enum SignInResult: Hashable, Sendable {
    /// The user is signed in; the session is stored.
    case signedIn(UserSession)
    /// The user cancelled the provider's UI. Nothing changed.
    case cancelled
}
