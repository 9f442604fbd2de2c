import AuthenticationServices
import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInEmbeddedStore
import SignInFirebase
import SignInInfrastructure
import SignInPresentation
import SwiftUI
import UIKit

@main
struct SignInApp: App {
    private let root = CompositionRoot()

    var body: some Scene {
        WindowGroup {
            SignInView(viewModel: root.viewModel, form: root.form, texts: root.texts)
        }
    }
}

/// Builds the object graph, as `Sources/SignInDemoCLI/CompositionRoot.swift` does for the CLI: the backend, the UI
/// clients, the auth providers, the session manager (the session in the Keychain), the use cases and the view model.
/// Nothing else happens here.
@MainActor
struct CompositionRoot {
    let viewModel: SignInViewModel
    let sessions: SessionManager
    let form = EmailForm()
    let texts = Texts(language: AuthErrorMessages.language(forLocale: Locale.preferredLanguages.first ?? "en"))

    init(bundle: Bundle = .main, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let backend = AppBackend.choose(bundle: bundle, environment: environment)
        let uiClients = SignInUIClientBuilder()
            .createAppleClient(authorizer: backend.appleAuthorizer)
            .addClient(backend.googleClient)
            .createAnonymousClient()
            .build()
        let ports = backend.capabilities
        let service = bundle.bundleIdentifier ?? "SignInApp"
        // The app's own Keychain group (Info.plist's AppIdentifierPrefix), so that with Keychain Sharing on the session
        // does not land in a group other apps of the team read.
        let group = PlatformStorage.appOnlyKeychainGroup(info: bundle.infoDictionary)
        // Apple sends the user's name once; it stays in the Keychain until a sign-in carrying it succeeds.
        let firstSignInProfiles = StoredFirstSignInProfileStash(
            .keychain(
                KeychainItemID(service: service, account: "first-sign-in-profiles", accessGroup: group),
                SecItemKeychain()))
        // Firebase and the embedded backend offer every port; a backend without one gets no provider or use case for it.
        let authProviders = ports.authProviders(appleProfiles: firstSignInProfiles)
        let tokenService = BackendSessionTokenService(backend: ports.sessions)
        // One Keychain item per backend, so that a session is never refreshed at a backend that did not issue it.
        // An app extension that shares the session passes a shared `accessGroup:` and a `lockFile:` in the app group.
        let store = KeychainSessionStore(
            service: service, account: "session-\(backend.name)", accessGroup: group,
            keychain: SecItemKeychain())
        sessions = SessionManager(store: store, tokenService: tokenService)
        viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: authProviders, sessions: sessions),
            signOut: SignOutUseCase(sessions: sessions, tokenService: tokenService),
            // Passkeys where the backend has them and the app is set up for them (`passkeyAuthenticator`).
            features: ports.features(
                sessions: sessions, authProviders: authProviders, appleCredentials: backend.appleCredentials,
                passkeyAuthenticator: backend.passkeyAuthenticator),
            uiClients: uiClients, reducer: SignInReducer(messages: texts.messages))
    }
}

/// The identity backend, and the Apple and Google pieces that go with it: whoever verifies the identity tokens decides
/// who may issue them.
struct AppBackend {
    let name: String
    /// What the identity backend offers, port by port.
    let capabilities: IdentityBackendCapabilities
    let appleAuthorizer: any AppleIDAuthorizer
    let appleCredentials: any AppleCredentialStateChecker
    let googleClient: any SignInUIClient
    /// The device's passkeys (`PlatformPasskeyAuthenticator`), when `PASSKEY_RELYING_PARTY_ID` says the app is set up
    /// for them; `nil` otherwise, and the screen offers no passkey button.
    let passkeyAuthenticator: (any PasskeyAuthenticator)?

    /// The setting that turns passkeys on: the relying party id, the domain of the app's Associated Domains
    /// entitlement `webcredentials:<id>` whose `apple-app-site-association` file names the app. Without both the
    /// system refuses every passkey request, so without the setting the app offers none.
    static let passkeyRelyingPartyVariable = "PASSKEY_RELYING_PARTY_ID"

    /// Firebase when `FIREBASE_API_KEY` (or `FIREBASE_AUTH_EMULATOR_HOST`) is in the Info.plist or the scheme's
    /// environment; the embedded backend otherwise. Settings that are there but wrong stop the app at launch.
    static func choose(bundle: Bundle, environment: [String: String]) -> AppBackend {
        var settings = environment
        let keys = [
            FirebaseConfiguration.apiKeyVariable, FirebaseConfiguration.emulatorHostVariable,
            FirebaseConfiguration.tenantVariable, passkeyRelyingPartyVariable,
        ]
        for key in keys {
            if let value = bundle.object(forInfoDictionaryKey: key) as? String, !value.isEmpty { settings[key] = value }
        }
        let relyingParty = settings[passkeyRelyingPartyVariable].flatMap { $0.isEmpty ? nil : $0 }
        switch FirebaseConfiguration.fromEnvironment(settings) {
        case .success(let configuration): return .firebase(configuration, passkeyRelyingParty: relyingParty)
        case .failure(.missingAPIKey): return .embedded(passkeyRelyingParty: relyingParty)
        case .failure(let problem): preconditionFailure("The Firebase settings are wrong: \(problem)")
        }
    }

    /// Firebase Authentication over its REST API. It verifies Apple's real tokens: Apple's sheet and Apple's credential
    /// state. Google's tokens come from the GoogleSignIn SDK, which this example does not link (see README.md). The
    /// passkeys' relying party is the one set up in the project (Identity Platform); `passkeyRelyingParty` must be it.
    static func firebase(_ configuration: FirebaseConfiguration, passkeyRelyingParty: String?) -> AppBackend {
        AppBackend(
            name: "firebase",
            capabilities: FirebaseIdentityBackend(configuration: configuration, transport: URLSessionTransport())
                .capabilities,
            appleAuthorizer: AuthorizationControllerAuthorizer(presentationAnchor: { keyWindow() }),
            appleCredentials: AppleIDProviderCredentialChecker(),
            googleClient: GoogleSDKPlaceholder(), passkeyAuthenticator: passkeys(passkeyRelyingParty))
    }

    /// The embedded backend, in-process, its state in Application Support. It verifies only the tokens of its own
    /// Apple-like and Google-like issuers (a real Apple token is signed by Apple), so Apple and Google sign in
    /// through those issuers, without a sheet, as the CLI does. Passkeys, by contrast, are the device's own: the
    /// embedded backend is their relying party under `passkeyRelyingParty` (it checks that the device's answers are
    /// for `https://<id>`), and the real passkey sheet makes and uses them.
    static func embedded(passkeyRelyingParty: String?) -> AppBackend {
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
        let folder = (support ?? FileManager.default.temporaryDirectory).appending(path: "SignIn/backend")
        var configuration = EmbeddedBackendConfiguration()
        if let passkeyRelyingParty { configuration.passkeys = PasskeyRelyingPartySettings(id: passkeyRelyingParty) }
        let backend = EmbeddedBackend.persistent(
            folder: folder.path(percentEncoded: false), configuration: configuration)
        let apple = EmbeddedAppleID(issuer: backend.appleIssuer, clientID: backend.configuration.appleClientID)
        return AppBackend(
            name: "embedded", capabilities: backend.identityService.capabilities, appleAuthorizer: apple,
            appleCredentials: apple,
            googleClient: GoogleUIClient(chooser: EmbeddedGoogleChooser(issuer: backend.googleIssuer)),
            passkeyAuthenticator: passkeys(passkeyRelyingParty))
    }

    /// The passkey sheet over the key window, when the app is set up for passkeys.
    private static func passkeys(_ relyingParty: String?) -> (any PasskeyAuthenticator)? {
        relyingParty.map { _ in PlatformPasskeyAuthenticator(presentationAnchor: { keyWindow() }) }
    }

    /// The window Apple's sheets (Sign in with Apple, passkeys) are presented over: the key window of the scene in the
    /// foreground, else of any scene; `nil` when there is none, and the sign-in says so, where a window made here would
    /// belong to no scene and the sheet would never show.
    @MainActor
    private static func keyWindow() -> ASPresentationAnchor? {
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        let foreground = scenes.filter { $0.activationState == .foregroundActive }
        return (foreground + scenes).lazy.compactMap(\.keyWindow).first
    }
}

/// Sign in with Apple at the embedded backend: its Apple-like issuer authorizes at once, sharing the email (the CLI
/// asks first, in `TerminalAppleIDAuthorizer`), and answers the credential-state check.
struct EmbeddedAppleID: AppleIDAuthorizer, AppleCredentialStateChecker {
    let issuer: EmbeddedAppleIssuer
    let clientID: String

    func authorize(_ request: AppleIDRequest) async -> AppleIDAuthorizationResult {
        do {
            let issued = try issuer.authorize(
                clientID: clientID, nonceSHA256: request.nonce, wantsName: request.scopes.contains(.fullName),
                wantsEmail: request.scopes.contains(.email), shareEmail: true)
            return .authorized(
                AppleIDAuthorization(
                    user: issued.user, identityToken: Data(issued.identityToken.value.utf8),
                    authorizationCode: Data(issued.authorizationCode.value.utf8), fullName: issued.fullName,
                    email: issued.email))
        } catch {
            return .failed(.failed(String(describing: error)))
        }
    }

    func credentialState(forUserID userID: String) async throws(AuthError) -> AppleCredentialState {
        do {
            return try issuer.credentialState(forUserID: userID, clientID: clientID)
        } catch {
            throw error.toDomain(provider: .apple)
        }
    }
}

/// Google's account chooser at the embedded backend: the first of its simulated accounts.
struct EmbeddedGoogleChooser: GoogleAccountChooser {
    let issuer: EmbeddedGoogleIssuer

    func chooseAccount(nonce: String) async -> GoogleSignInResult {
        do {
            guard let account = try issuer.accounts().first else { return .cancelled }
            let issued = try issuer.signIn(email: account.email, nonce: nonce)
            return .signedIn(
                GoogleSignInCredential(
                    idToken: Secret(issued.idToken), accessToken: Secret(issued.accessToken), email: account.email,
                    name: account.name))
        } catch {
            return .failed(String(describing: error))
        }
    }
}

/// Where the GoogleSignIn SDK plugs in with Firebase: replace this with a `GoogleAccountChooser` that calls
/// `GIDSignIn.sharedInstance.signIn(withPresenting:hint:additionalScopes:nonce:)` (for `GoogleUIClient`), or hand the
/// SDK's ID token to a `ProvidedTokenUIClient`.
struct GoogleSDKPlaceholder: SignInUIClient {
    let providerType = ProviderType.google

    func getCredential() async throws(AuthError) -> CredentialOutcome {
        throw .providerNotConfigured(.google)
    }
}
