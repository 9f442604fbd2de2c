public import SignInDomain

extension IdentityBackendCapabilities {
    /// The feature groups of the ports present, built once: passwords where the backend has passwords (reset, reset
    /// codes and change where it has those ports), the profile where it has one (email verification where it also has
    /// that port), second factors, passkeys, sign-in links and phone sign-in where it has them, and the account group always (linking, unlinking and
    /// deletion where the backend can, Apple's check where `appleCredentials` is given). A password port of the reset or
    /// the change belongs to the passwords group, and email verification to the profile: a backend with them but no
    /// passwords, or no profile, offers them in no group. Sensitive operations sign in again with `authProviders`.
    ///
    /// ```swift
    /// let ports = backend.capabilities
    /// let authProviders = ports.authProviders()
    /// let features = ports.features(sessions: sessions, authProviders: authProviders)
    /// ```
    /// - Parameters:
    ///   - sessions: The session manager.
    ///   - authProviders: The auth providers, to link with and to sign in again with.
    ///   - appleCredentials: Asks Apple for a user's credential state, where the app has Sign in with Apple.
    ///   - passkeyAuthenticator: The device's passkeys, where the app offers them: registering and signing in with a
    ///     passkey need it; listing and removing need the backend only.
    ///   - signInEmails: Where the email a sign-in link went to is kept between asking and opening; by default in
    ///     memory, so that a link opened after a restart needs the email typed.
    ///   - phoneVerifier: Proves each request for an SMS comes from the app, where the backend asks for it (real
    ///     Firebase); by default no proof, as emulators and the embedded backend take.
    ///   - clock: Counts the sessions' expiry.
    public func features(
        sessions: SessionManager, authProviders: [any AuthProvider],
        appleCredentials: (any AppleCredentialStateChecker)? = nil,
        passkeyAuthenticator: (any PasskeyAuthenticator)? = nil,
        signInEmails: any SignInEmailStore = InMemorySignInEmailStore(),
        phoneVerifier: any PhoneAppVerifier = NoPhoneAppProof(), clock: any WallClock = SystemWallClock()
    ) -> SignInFeatures {
        let context = FeatureContext(sessions: sessions, authProviders: authProviders)
        return SignInFeatures(
            passwords: passwords.map {
                PasswordFeatures(
                    signUpService: BackendSignUpService(backend: $0, clock: clock),
                    resetService: passwordReset.map { BackendPasswordResetService(backend: $0) },
                    resetCodeService: passwordResetCodes.map { BackendPasswordResetCodeService(backend: $0) },
                    changeService: passwordChange.map { BackendPasswordChangeService(backend: $0, clock: clock) },
                    context: context)
            },
            profile: profile.map {
                ProfileFeatures(
                    service: BackendProfileService(backend: $0, clock: clock),
                    emailVerificationService: emailVerification.map { BackendEmailVerificationService(backend: $0) },
                    context: context)
            },
            account: AccountFeatures(
                canLink: linking != nil, unlinkService: linking.map { BackendUnlinkService(backend: $0) },
                deletionService: accountDeletion.map { BackendAccountDeletionService(backend: $0) },
                appleCredentials: appleCredentials, context: context),
            secondFactors: multiFactor.map {
                SecondFactorFeatures(
                    service: BackendSecondFactorService(backend: $0, clock: clock),
                    phoneService: phoneSecondFactors.map {
                        BackendPhoneSecondFactorService(backend: $0, verifier: phoneVerifier, clock: clock)
                    }, context: context)
            },
            passkeys: passkeys.map {
                PasskeyFeatures(
                    service: BackendPasskeyService(backend: $0, clock: clock), authenticator: passkeyAuthenticator,
                    context: context)
            },
            emailLinks: emailLinks.map {
                EmailLinkFeatures(
                    service: BackendEmailLinkSignInService(backend: $0, clock: clock), emails: signInEmails,
                    context: context)
            },
            phone: phone.map {
                PhoneFeatures(
                    service: BackendPhoneSignInService(backend: $0, verifier: phoneVerifier, clock: clock),
                    context: context)
            })
    }
}
