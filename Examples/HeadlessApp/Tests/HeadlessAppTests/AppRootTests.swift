import HeadlessApp
import HeadlessFlow
import SignIn
import Testing

/// The one-call composition root: what `SignInClient` wires for Firebase, and what it says when the environment
/// names no project.
@MainActor
struct AppRootTests {
    @Test func firebaseFromTheEnvironmentOffersGuestsEmailAndTheAccountActions() throws {
        let client = try AppRoot.firebase(
            environment: ["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"], sessionFile: "/nonexistent/session.json")

        #expect(client.backend.name.hasPrefix("firebase-"))
        // Apple and Google need a sheet or a token from elsewhere: the app adds their UI clients; none here.
        #expect(client.viewModel.providers.map(\.type) == [.anonymous, .emailPassword])
        #expect(client.viewModel.features.passwords != nil)
        #expect(client.viewModel.features.account?.link != nil)
        #expect(client.viewModel.features.passwords?.requestReset != nil)
        #expect(client.viewModel.features.secondFactors != nil)
    }

    @Test func firebaseWithoutAKeyOrAnEmulatorSaysWhatToSet() {
        let error = #expect(throws: (any Error).self) {
            try AppRoot.firebase(environment: [:], sessionFile: "/nonexistent/session.json")
        }
        #expect(error.map { FlowFailure(explaining: $0).description }?.contains("FIREBASE_API_KEY") == true)
    }
}
