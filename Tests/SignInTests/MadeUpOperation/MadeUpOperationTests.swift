import Foundation
import SignIn
import SignInTesting
import Testing

/// An account operation defined outside the package (``SetNicknameUseCase``, ``AccountAction/setNickname(_:_:)``)
/// runs through the package's view model against the embedded backend, as the built-in ones do.
@Suite("An account operation of the app's own")
@MainActor
struct MadeUpOperationTests {
    let folder = TemporaryFolder(prefix: "made-up-operation")

    func client() -> SignInClient {
        SignInClient(
            backend: .embedded(folder: "\(folder.path)/backend"),
            storage: PlatformStorage(app: "made-up-tests", environment: ["HOME": folder.path]),
            sessionStore: FileSessionStore(path: "\(folder.path)/session.json"), language: "en")
    }

    @Test("it runs from its group, shows the spinner, and its result and session reach the state and the store")
    func runs() async throws {
        let client = client()
        await client.viewModel.start()
        let passwords = try #require(client.viewModel.features.passwords)
        await client.viewModel.dispatch(
            .account(.signUp(passwords.signUp, email: "nick@example.com", password: "long enough 1")))?.value
        #expect(client.viewModel.state.session != nil)

        let profile = try #require(client.viewModel.features.profile)
        let task = client.viewModel.dispatch(.account(.setNickname(profile.setNickname, "  Ada the Great  ")))
        #expect(client.viewModel.state.isLoading)
        #expect(client.viewModel.dispatch(.account(.setNickname(profile.setNickname, "again"))) == nil)
        await task?.value

        #expect(client.viewModel.state.completed == .other("setNickname"))
        #expect(client.viewModel.state.session?.displayName == "Ada the Great")
        #expect(try await client.sessions.currentSession()?.displayName == "Ada the Great")
        #expect(!client.viewModel.state.isLoading && client.viewModel.state.error == nil)
    }

    @Test("its errors show as the built-in ones' do, in the screen's language")
    func fails() async throws {
        let client = client()
        await client.viewModel.start()
        let profile = try #require(client.viewModel.features.profile)
        await client.viewModel.dispatch(.account(.setNickname(profile.setNickname, "Nobody")))?.value
        #expect(client.viewModel.state.error == .notSignedIn)
        #expect(client.viewModel.state.errorMessage == AuthErrorMessages(language: "en").message(for: .notSignedIn))
        #expect(client.viewModel.state.completed == nil)
    }
}
