import SignInDomain

extension UserSession {
    /// The provider the session signed in with: the one a sensitive operation asks to sign in with again.
    var reauthenticationProvider: ProviderType {
        signInProvider ?? providerIds.first ?? .anonymous
    }
}
