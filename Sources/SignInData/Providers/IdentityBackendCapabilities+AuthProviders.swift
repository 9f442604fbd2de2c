public import SignInDomain

extension IdentityBackendCapabilities {
    /// The auth providers of the four built-in sign-in methods the ports allow, in the order a screen shows them:
    /// Apple and Google where the backend takes identity providers' tokens, a guest where it has guests, email and
    /// password where it has passwords; each links where the backend can link.
    /// - Parameters:
    ///   - clock: Counts the sessions' expiry.
    ///   - appleProfiles: Keeps the name and email Apple sends only at the first authorization until a sign-in
    ///     carrying them succeeds; give a persistent one (a file, the Keychain).
    public func authProviders(
        clock: any WallClock = SystemWallClock(),
        appleProfiles: any FirstSignInProfileStash = InMemoryFirstSignInProfileStash()
    ) -> [any AuthProvider] {
        var providers: [any AuthProvider] = []
        if let identityProviders {
            providers.append(
                AppleAuthProvider(backend: identityProviders, linking: linking, clock: clock, profiles: appleProfiles))
            providers.append(GoogleAuthProvider(backend: identityProviders, linking: linking, clock: clock))
        }
        if let guests { providers.append(AnonymousAuthProvider(backend: guests, clock: clock)) }
        if let passwords {
            providers.append(EmailPasswordAuthProvider(backend: passwords, linking: linking, clock: clock))
        }
        return providers
    }
}
