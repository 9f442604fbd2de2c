import Foundation
import SignInData
import SignInDomain
import SignInInfrastructure
import SignInPresentation

/// The usual app, wired in one call: a backend, the providers its ports allow, the session in the platform's store,
/// the account use cases, and the sign-in screen's view model, with messages in the user's language.
///
/// ```swift
/// import SignIn
///
/// let client = SignInClient(backend: .firebase(FirebaseConfiguration(apiKey: "AIza…")))
/// await client.viewModel.start()  // the stored session, if there is one, is in `state` now
/// if client.viewModel.state.session == nil {
///     await client.viewModel.dispatch(.clickProvider(.anonymous))?.value
/// }
/// print(client.viewModel.state.session?.uid ?? "signed out")
/// ```
///
/// It is built from the layers' public types and adds nothing of its own: a team that swaps a piece wires those
/// types itself (see the layer-by-layer composition root in the documentation).
@MainActor
public final class SignInClient {
    /// The sign-in screen's view model: `SignInViewModel.start()` at launch, then `dispatch(_:)`.
    public let viewModel: SignInViewModel
    /// The session's owner: its `SessionManager.authStateChanges`, a valid session for the app's own API calls
    /// (`validSession()`).
    public let sessions: SessionManager
    /// The backend it signs in at.
    public let backend: SignInBackend

    /// Wires the client.
    /// - Parameters:
    ///   - backend: Where accounts live: `.firebase(…)`, `.embedded(folder:)`, or a backend of the app's own.
    ///   - storage: Where the session, Apple's first-sign-in name and a sign-in link's email are kept: the Keychain on
    ///     Apple platforms, the user's data folder elsewhere; named after the bundle id (the process name off a
    ///     bundle).
    ///   - sessionStore: A store of the app's choosing instead of `storage`'s (a file, memory in tests).
    ///   - uiClients: Sheets the screen adds to the guest button the backend allows: Apple's
    ///     (`AppleUIClient(authorizer: AuthorizationControllerAuthorizer { window })`), Google's, an OpenID Connect
    ///     provider's.
    ///   - appleCredentials: Asks Apple whether a user still allows the app (`AppleIDProviderCredentialChecker()`),
    ///     where the app has Sign in with Apple.
    ///   - passkeyAuthenticator: The device's passkeys (`PlatformPasskeyAuthenticator`), where the app is set up for
    ///     them.
    ///   - language: The messages' language; the user's by default.
    public init(
        backend: SignInBackend,
        storage: PlatformStorage = PlatformStorage(app: SignInClient.defaultAppName),
        sessionStore: (any SessionStore)? = nil,
        uiClients: [any SignInUIClient] = [],
        appleCredentials: (any AppleCredentialStateChecker)? = nil,
        passkeyAuthenticator: (any PasskeyAuthenticator)? = nil,
        language: String = AuthErrorMessages.systemLanguage()
    ) {
        let ports = backend.capabilities
        let authProviders = ports.authProviders(appleProfiles: storage.firstSignInProfiles())
        let tokens = BackendSessionTokenService(backend: ports.sessions)
        let sessions = SessionManager(
            store: sessionStore ?? storage.sessionStore(account: "session-\(backend.name)"), tokenService: tokens)
        var screen = ports.guests == nil ? SignInUIClientBuilder() : SignInUIClientBuilder().createAnonymousClient()
        for client in uiClients { screen = screen.addClient(client) }
        self.backend = backend
        self.sessions = sessions
        self.viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: authProviders, sessions: sessions),
            signOut: SignOutUseCase(sessions: sessions, tokenService: tokens),
            features: ports.features(
                sessions: sessions, authProviders: authProviders, appleCredentials: appleCredentials,
                passkeyAuthenticator: passkeyAuthenticator, signInEmails: storage.signInEmails()),
            uiClients: screen.build(), reducer: SignInReducer(messages: AuthErrorMessages(language: language)))
    }

    /// The app's name for its storage: the bundle id, or the process's name outside a bundle.
    public nonisolated static var defaultAppName: String {
        Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
    }
}
