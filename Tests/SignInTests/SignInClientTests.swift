import Foundation
import SignIn
import SignInTesting
import Testing

/// The facade: one import, one call, and a launch whose end is the moment ``SignInViewModel/state`` shows the stored
/// session. Each test runs the embedded backend in a folder of its own, with the session in a file.
@Suite("SignInClient")
@MainActor
struct SignInClientTests {
    let folder = TemporaryFolder(prefix: "signin-client")

    /// An app's launch: a new client over the same backend folder and session file, as a relaunched process has.
    func launch(language: String = "en") -> SignInClient {
        SignInClient(
            backend: .embedded(folder: "\(folder.path)/backend"),
            storage: PlatformStorage(app: "client-tests", environment: ["HOME": folder.path]),
            sessionStore: FileSessionStore(path: "\(folder.path)/session.json"), language: language)
    }

    @Test("one call wires a screen that signs a guest in, and the session is stored")
    func guestSignsIn() async throws {
        let client = launch()
        #expect(await client.viewModel.start() == .success(.signedOut(nil)))
        #expect(client.viewModel.providers.map(\.type).contains(.anonymous))

        await client.viewModel.dispatch(.clickProvider(.anonymous))?.value

        let session = try #require(client.viewModel.state.session)
        #expect(session.isAnonymous)
        #expect(try await client.sessions.currentSession() == session)
    }

    @Test("100 relaunches with a stored session: each time the launch returns, the state shows it")
    func relaunches() async throws {
        let first = launch()
        await first.viewModel.start()
        await first.viewModel.dispatch(.clickProvider(.anonymous))?.value
        let uid = try #require(first.viewModel.state.session?.uid)
        first.viewModel.stop()

        var shown = 0
        for _ in 0..<100 {
            let client = launch()
            let outcome = await client.viewModel.start()
            if client.viewModel.state.session?.uid == uid { shown += 1 }
            guard case .success(.restored(let restored)) = outcome else {
                Issue.record("the launch found \(outcome)")
                break
            }
            #expect(restored.uid == uid)
            client.viewModel.stop()
        }
        #expect(shown == 100)
    }

    @Test("after the launch, a sign-out made elsewhere shows in the state; after stop(), changes no longer do")
    func followsUntilStopped() async throws {
        let client = launch()
        await client.viewModel.start()
        await client.viewModel.dispatch(.clickProvider(.anonymous))?.value
        let session = try #require(client.viewModel.state.session)

        try await client.sessions.signOut(reason: .accountDisabled)
        while client.viewModel.state.session != nil { await Task.yield() }
        #expect(client.viewModel.state.error == .signedOut(.accountDisabled))

        client.viewModel.stop()
        try await client.sessions.establish(session)
        for _ in 0..<100 { await Task.yield() }
        #expect(client.viewModel.state.session == nil)
    }

    @Test("a store that cannot be read: the launch says so in the state and in its answer")
    func unreadableStore() async {
        let client = SignInClient(
            backend: .embedded(folder: "\(folder.path)/backend"),
            sessionStore: SpySessionStore(loadError: .sessionStorage(reason: "locked")), language: "tr")

        #expect(await client.viewModel.start() == .failure(.sessionStorage(reason: "locked")))

        #expect(client.viewModel.state.session == nil)
        #expect(client.viewModel.state.error == .sessionStorage(reason: "locked"))
        #expect(
            client.viewModel.state.errorMessage
                == AuthErrorMessages(language: "tr").message(for: .sessionStorage(reason: "locked")))
    }

    @Test("each backend keeps its own session: a second folder, or a second project, does not restore the first's")
    func sessionPerBackend() async throws {
        let storage = PlatformStorage(app: "client-tests", environment: ["HOME": folder.path])
        let first = SignInClient(backend: .embedded(folder: "\(folder.path)/one"), storage: storage, language: "en")
        await first.viewModel.start()
        await first.viewModel.dispatch(.clickProvider(.anonymous))?.value
        let uid = try #require(first.viewModel.state.session?.uid)
        first.viewModel.stop()

        let other = SignInClient(backend: .embedded(folder: "\(folder.path)/two"), storage: storage, language: "en")
        #expect(await other.viewModel.start() == .success(.signedOut(nil)))
        other.viewModel.stop()
        let again = SignInClient(backend: .embedded(folder: "\(folder.path)/one"), storage: storage, language: "en")
        #expect(await again.viewModel.start() == .success(.restored(try #require(first.viewModel.state.session))))
        #expect(again.viewModel.state.session?.uid == uid)
        again.viewModel.stop()

        let production = SignInBackend.firebase(FirebaseConfiguration(apiKey: "key-one"))
        #expect(production.name != SignInBackend.firebase(FirebaseConfiguration(apiKey: "key-two")).name)
        #expect(production.name == SignInBackend.firebase(FirebaseConfiguration(apiKey: "key-one")).name)
        #expect(
            production.name
                != SignInBackend.firebase(FirebaseConfiguration(apiKey: "key-one", emulatorHost: "127.0.0.1:9099")).name
        )
    }

    @Test("Firebase's backend offers every port, so the screen has the guest button and every account offer")
    func firebaseWiring() {
        let client = SignInClient(
            backend: .firebase(FirebaseConfiguration(apiKey: "not-a-key", emulatorHost: "127.0.0.1:9")),
            sessionStore: SpySessionStore())
        #expect(client.backend.name.hasPrefix("firebase-"))
        #expect(client.viewModel.providers.map(\.type) == [.anonymous, .emailPassword])
        #expect(client.viewModel.features.passwords != nil)
        #expect(
            client.viewModel.features.passwords?.requestReset != nil && client.viewModel.features.secondFactors != nil)
    }
}
