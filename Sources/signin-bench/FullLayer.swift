import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInInfrastructure
import SignInPresentation

/// The Apple sheet at the embedded backend without a prompt: its Apple-like issuer authorizes at once.
struct IssuerAuthorizer: AppleIDAuthorizer {
    let issuer: EmbeddedAppleIssuer
    let clientID: String

    func authorize(_ request: AppleIDRequest) async -> AppleIDAuthorizationResult {
        do {
            let issued = try issuer.authorize(clientID: clientID, nonceSHA256: request.nonce, shareEmail: true)
            return .authorized(
                AppleIDAuthorization(
                    user: issued.user, identityToken: Data(issued.identityToken.value.utf8),
                    authorizationCode: Data(issued.authorizationCode.value.utf8), fullName: issued.fullName,
                    email: issued.email))
        } catch {
            return .failed(.failed(String(describing: error)))
        }
    }
}

/// One Apple sign-in through every layer, as a screen makes it: `SignInViewModel.dispatch(.clickProvider(.apple))` →
/// `SignInUseCase` → `AppleUIClient` (nonce, the issuer's sheet) → `AppleAuthProvider` → the embedded backend →
/// `SessionManager` → the session store.
@MainActor
struct FullLayerSignIn {
    let viewModel: SignInViewModel

    init(backend: EmbeddedBackend, store: any SessionStore) {
        let identity = backend.identityService
        let tokenService = BackendSessionTokenService(backend: identity)
        let sessions = SessionManager(store: store, tokenService: tokenService)
        let uiClients = SignInUIClientBuilder()
            .createAppleClient(
                authorizer: IssuerAuthorizer(
                    issuer: backend.appleIssuer, clientID: backend.configuration.appleClientID)
            )
            .build()
        viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: [AppleAuthProvider(backend: identity)], sessions: sessions),
            signOut: SignOutUseCase(sessions: sessions, tokenService: tokenService), uiClients: uiClients)
    }

    /// Signs in once; throws when the screen shows an error instead of a session.
    func signIn() async throws {
        await viewModel.dispatch(.clickProvider(.apple))?.value
        guard viewModel.state.session != nil, viewModel.state.error == nil else {
            throw BenchError("the sign-in failed: \(String(describing: viewModel.state.error))")
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The same layers with nothing behind them: the UI client and the provider answer at once, so what is timed is
/// the layers' own cost (the view model's task on the main actor, the use case, `SessionManager` and the session
/// store, both actors) — the floor under the full-layer figure on this machine.
@MainActor
struct EmptyLayerSignIn {
    let viewModel: SignInViewModel

    init() {
        let tokens = SessionTokens(
            idToken: Secret("id"), refreshToken: Secret("refresh"), expiresAt: Date(timeIntervalSinceNow: 86_400 * 365))
        let session = UserSession(uid: "floor", providerIds: [.apple], tokens: tokens)
        let tokenService = InstantTokenService(session: session)
        let sessions = SessionManager(store: InMemorySessionStore(), tokenService: tokenService)
        viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: [InstantProvider(session: session)], sessions: sessions),
            signOut: SignOutUseCase(sessions: sessions, tokenService: tokenService),
            uiClients: [.apple: InstantUIClient()])
    }

    func signIn() async throws {
        await viewModel.dispatch(.clickProvider(.apple))?.value
        guard viewModel.state.session != nil else { throw BenchError("the empty sign-in failed") }
    }

    private struct InstantUIClient: SignInUIClient {
        var providerType: ProviderType { .apple }
        func getCredential() async throws(AuthError) -> CredentialOutcome {
            .credential(AuthCredential(provider: .apple))
        }
    }

    private struct InstantProvider: AuthProvider {
        let session: UserSession
        var type: ProviderType { .apple }
        func signIn(with credential: AuthCredential) async throws(AuthError) -> UserSession { session }
        func link(_ credential: AuthCredential, to session: UserSession) async throws(AuthError) -> UserSession {
            session
        }
    }

    private struct InstantTokenService: SessionTokenService {
        let session: UserSession
        var canRefresh: Bool { true }
        func refresh(_ session: UserSession) async throws(AuthError) -> UserSession { self.session }
        func revoke(_ session: UserSession) async throws(AuthError) {}
    }
}

/// The hops the design needs, with no work in them: from the main actor, a task (as the view model's `dispatch`
/// starts one), a nonisolated async function on the cooperative pool (as a use case), an actor (as the session
/// manager), and back. What the layers' floor is compared with.
@MainActor
struct HopProbe {
    private let target = Target()

    actor Target {
        private var touches = 0
        func touch() -> Int {
            touches += 1
            return touches
        }
    }

    nonisolated static func viaPool(_ target: Target) async -> Int { await target.touch() }

    /// One round trip. The actor's count changes each time, so that nothing is optimised away.
    func roundTrip() async -> Int {
        let target = self.target
        return await Task { await Self.viaPool(target) }.value
    }
}
