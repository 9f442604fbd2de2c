import SignInData
import SignInDemoAdapters
import SignInDemoTrace
import SignInDomain
import SignInInfrastructure
import SignInPresentation

/// The built-in providers (Apple, Google, guest, email and password, a custom token) as the demo registers them.
extension DemoProvider {
    /// Sign in with Apple: the simulated Apple sheet of the backend (embedded, or `signin-demo serve`).
    static let apple = DemoProvider(
        description: .apple, takesIdentityToken: true, menuTexts: (.menuSignInApple, .menuLinkApple),
        screen: { context in
            context.backend.apple.map { apple in
                AppleUIClient(
                    authorizer: TracingAppleIDAuthorizer(
                        TerminalAppleIDAuthorizer(
                            appName: CompositionRoot.appName, prompt: context.consent, authority: apple,
                            tracer: context.tracer),
                        tracer: context.tracer))
            }
        },
        exchange: { context in
            context.capabilities.identityProviders.map {
                AppleAuthProvider(
                    backend: $0, linking: context.capabilities.linking, clock: context.clock,
                    profiles: StoredFirstSignInProfileStash(.file(context.paths.firstSignInProfiles)))
            }
        })

    /// Google Sign-In: the simulated account chooser of the backend.
    static let google = DemoProvider(
        description: .google, takesIdentityToken: true, menuTexts: (.menuSignInGoogle, .menuLinkGoogle),
        screen: { context in
            context.backend.google.map { google in
                GoogleUIClient(
                    chooser: TracingGoogleAccountChooser(
                        TerminalGoogleAccountChooser(
                            prompt: context.chooser, authority: google, appName: CompositionRoot.appName,
                            texts: context.texts, tracer: context.tracer),
                        tracer: context.tracer))
            }
        },
        exchange: { context in
            context.capabilities.identityProviders.map {
                GoogleAuthProvider(backend: $0, linking: context.capabilities.linking, clock: context.clock)
            }
        })

    /// A guest account.
    static let guest = DemoProvider(
        description: .guest, takesIdentityToken: false, menuTexts: (.menuSignInGuest, nil),
        screen: { _ in AnonymousUIClient() },
        exchange: { context in
            context.capabilities.guests.map { AnonymousAuthProvider(backend: $0, clock: context.clock) }
        })

    /// Email and password.
    static let emailPassword = DemoProvider(
        description: .emailPassword, takesIdentityToken: false, menuTexts: (.menuSignInEmail, .menuLinkEmail),
        screen: { _ in nil },
        exchange: { context in
            context.capabilities.passwords.map {
                EmailPasswordAuthProvider(backend: $0, linking: context.capabilities.linking, clock: context.clock)
            }
        })

    /// A custom token from the team's own server, which the demo plays: the embedded backend mints one for the uid
    /// `--account` names (`custom-user-1` by default), and against `signin-demo serve` the CLI makes the unsigned kind
    /// the Firebase Admin SDKs make for an emulator. A token obtained elsewhere (`--id-token-file`) stands in.
    static let customToken = DemoProvider(
        description: .customToken, takesIdentityToken: true, menuTexts: (.menuSignInCustomToken, nil),
        screen: { context in
            context.backend.customTokenMinter.map {
                CustomTokenUIClient(minter: $0, uid: context.invocation.account ?? "custom-user-1")
            }
        },
        exchange: { context in
            context.capabilities.customTokens.map { CustomTokenAuthProvider(backend: $0, clock: context.clock) }
        })
}
