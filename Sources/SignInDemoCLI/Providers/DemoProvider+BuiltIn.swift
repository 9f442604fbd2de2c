import SignInData
import SignInDemoAdapters
import SignInDemoTrace
import SignInDomain
import SignInInfrastructure
import SignInPresentation

/// The four built-in providers (Apple, Google, guest, email and password) as the demo registers them.
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
}
