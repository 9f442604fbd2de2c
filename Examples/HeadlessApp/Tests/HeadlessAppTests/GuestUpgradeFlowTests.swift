import HeadlessApp
import HeadlessFlow
import SignIn
import SignInData
import SignInDataTesting
import SignInDomain
import SignInPresentation
import SignInTesting
import Testing

/// The flow the headless app runs, against the test kit's backend and providers.
@MainActor
struct GuestUpgradeFlowTests {
    @Test func aGuestLinksEmailSignsOutAndSignsInAgainAsTheSameAccount() async throws {
        // One answer for every call: the guest's account, which linking, signing out and signing in keep.
        let account = BackendSessionResponse.fixture(
            localId: "uid-kept", email: nil, providerIds: [], isAnonymous: true)
        let backend = SpyIdentityBackend(result: .success(account))
        let client = SignInClient(
            backend: SignInBackend(name: "spy", capabilities: backend.capabilities),
            sessionStore: SpySessionStore())
        var lines: [String] = []

        let uid = try await GuestUpgradeFlow(viewModel: client.viewModel, log: { lines.append($0) })
            .run(email: "jane@example.com", password: "correct horse battery")

        #expect(uid == "uid-kept")
        #expect(lines.count == 4)
        let calls = await backend.calls
        #expect(
            calls == [
                .signUpAnonymously,
                .linkWithPassword(
                    idToken: "fixture-id-token", email: "jane@example.com", password: "correct horse battery"),
                .revokeRefreshToken("fixture-refresh-token"),
                .signInWithPassword(email: "jane@example.com", password: "correct horse battery"),
            ])
    }

    @Test func itFailsWhenTheEmailSignInReachesAnotherAccount() async {
        let clock = TestClock()
        let tokenService = SpySessionTokenService(clock: clock)
        let sessions = SessionManager.fixture(
            tokenService: tokenService, clock: clock, reportIssue: { Issue.record("\($0)") })
        let guest = UserSession.fixture(uid: "uid-guest", email: nil, providerIds: [], isAnonymous: true)
        let linked = UserSession.fixture(uid: "uid-guest", providerIds: [.emailPassword])
        let authProviders: [any AuthProvider] = [
            StubAuthProvider(.anonymous, result: .success(guest)),
            ToggledProvider(linked: linked, signedIn: .fixture(uid: "uid-other", providerIds: [.emailPassword])),
        ]
        let viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: authProviders, sessions: sessions),
            signOut: SignOutUseCase(sessions: sessions, tokenService: tokenService),
            features: SignInFeatures(
                account: AccountFeatures(
                    canLink: true, context: FeatureContext(sessions: sessions, authProviders: authProviders))),
            uiClients: [.anonymous: StubSignInUIClient.returning(AuthCredential(provider: .anonymous))])

        let failure = await #expect(throws: FlowFailure.self) {
            try await GuestUpgradeFlow(viewModel: viewModel, log: { _ in })
                .run(email: "jane@example.com", password: "correct horse battery")
        }
        #expect(failure?.description == "signing in with email gave uid uid-other, not uid-guest")
    }
}

/// An email provider whose link keeps the guest's account and whose sign-in lands on another one.
private struct ToggledProvider: AuthProvider {
    let type = ProviderType.emailPassword
    let linked: UserSession
    let signedIn: UserSession

    func signIn(with credential: AuthCredential) async throws(AuthError) -> UserSession { signedIn }
    func link(_ credential: AuthCredential, to session: UserSession) async throws(AuthError) -> UserSession { linked }
    func reauthenticate(_ credential: AuthCredential, session: UserSession) async throws(AuthError) -> UserSession {
        signedIn
    }
}
