import HeadlessAppLayers
import HeadlessFlow
import SignInData
import SignInDataTesting
import SignInDomain
import SignInPresentation
import SignInTesting
import Testing

/// The layer-by-layer wiring, with the package's test kit in place of Firebase: what the composition root offers for the ports
/// a backend has, and that a screen's actions reach the backend through it.
@MainActor
struct LayeredAppRootTests {
    static let guest = BackendSessionResponse.fixture(
        localId: "uid-guest", email: nil, displayName: nil, providerIds: [], isAnonymous: true)

    @Test func aGuestSignInThroughTheViewModelEndsSignedIn() async {
        let store = SpySessionStore()
        let viewModel = LayeredAppRoot.viewModel(
            backend: StubIdentityBackend(result: .success(Self.guest)).capabilities, store: store)
        #expect(viewModel.providers.map(\.type) == [.anonymous, .emailPassword])

        await viewModel.dispatch(.clickProvider(.anonymous))?.value

        #expect(viewModel.state.session?.uid == "uid-guest")
        #expect(viewModel.state.session?.isAnonymous == true)
        #expect(viewModel.state.error == nil)
        #expect(await store.session?.uid == "uid-guest")
    }

    @Test func aBackendWithoutGuestsGetsNoGuestProviderAndNoFeaturesItLacks() async {
        let stub = StubIdentityBackend(result: .success(.fixture()))
        let viewModel = LayeredAppRoot.viewModel(
            backend: IdentityBackendCapabilities(sessions: stub, passwords: stub), store: SpySessionStore())

        #expect(viewModel.providers.map(\.type) == [.emailPassword])
        let features = viewModel.features
        #expect(features.passwords != nil)
        #expect(features.account?.link == nil)
        #expect(features.passwords?.requestReset == nil)
        #expect(features.passwords?.confirmReset == nil)
        #expect(features.account?.unlink == nil)
        #expect(features.account?.delete == nil)
        #expect(features.passwords?.change == nil)
        #expect(features.account?.checkAppleCredential == nil)
        #expect(features.profile == nil && features.secondFactors == nil && features.passkeys == nil)

        // A stale guest button fails before anything is asked of the backend.
        await viewModel.dispatch(.clickProvider(.anonymous))?.value
        #expect(viewModel.state.error == .providerNotConfigured(.anonymous))
        #expect(viewModel.state.session == nil)
    }

    @Test func firebaseFromTheEnvironmentOffersGuestsEmailAndTheAccountActionsTheAppWires() throws {
        let viewModel = try LayeredAppRoot.firebase(
            environment: ["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"], sessionFile: "/nonexistent/session.json")

        // Apple and Google need an identity token from elsewhere: without one, no button.
        #expect(viewModel.providers.map(\.type) == [.anonymous, .emailPassword])
        #expect(viewModel.features.passwords != nil)
        #expect(viewModel.features.account?.link != nil)
        #expect(viewModel.features.passwords?.requestReset != nil)
        #expect(viewModel.features.passwords?.confirmReset != nil)
    }

    @Test func firebaseWithoutAKeyOrAnEmulatorSaysWhatToSet() {
        let error = #expect(throws: (any Error).self) {
            try LayeredAppRoot.firebase(environment: [:], sessionFile: "/nonexistent/session.json")
        }
        #expect(error.map { FlowFailure(explaining: $0).description }?.contains("FIREBASE_API_KEY") == true)
    }

    @Test func appleSignsInWithAnIdentityTokenObtainedElsewhere() async {
        let backend = SpyIdentityBackend(result: .success(.fixture(localId: "uid-apple")))
        let viewModel = LayeredAppRoot.viewModel(
            backend: backend.capabilities, store: SpySessionStore(),
            idTokens: [.apple: "apple-identity-token"])
        // Google has no token here, so no button: Linux has no sheet to get one.
        #expect(viewModel.providers.map(\.type) == [.apple, .anonymous, .emailPassword])

        await viewModel.dispatch(.clickProvider(.apple))?.value

        #expect(viewModel.state.session?.uid == "uid-apple")
        let requests = await backend.requests
        #expect(requests.map(\.providerId) == ["apple.com"])
        #expect(requests.first?.idToken == "apple-identity-token")
    }
}
