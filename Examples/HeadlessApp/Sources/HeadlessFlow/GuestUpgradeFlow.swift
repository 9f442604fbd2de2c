import SignInDomain
import SignInFirebase
import SignInPresentation

/// Firebase's anonymous-account upgrade, driven through the view model as a screen would drive it: a guest signs in,
/// links email and password, signs out, and signs in with email to the same account.
@MainActor
public struct GuestUpgradeFlow {
    public let viewModel: SignInViewModel
    private let log: (String) -> Void

    /// - Parameters:
    ///   - viewModel: The screen's view model, from `AppRoot` or `LayeredAppRoot`.
    ///   - log: Where each step's outcome goes.
    public init(viewModel: SignInViewModel, log: @escaping (String) -> Void = { print($0) }) {
        self.viewModel = viewModel
        self.log = log
    }

    /// Runs the flow.
    /// - Returns: The uid the account kept from the guest sign-in to the email sign-in.
    /// - Throws: ``FlowFailure`` naming the step that failed, or the uid that changed.
    public func run(email: String, password: Secret) async throws(FlowFailure) -> String {
        // The launch: the state shows the stored session (none on a first run) once start() returns.
        if case .failure(let error) = await viewModel.start() { throw FlowFailure("launch: \(error)") }
        defer { viewModel.stop() }
        let guest = try await session(after: .clickProvider(.anonymous), step: "sign in as a guest")
        log("guest: uid \(guest.uid)")

        guard let link = viewModel.features.account?.link else {
            throw FlowFailure("the backend cannot link a provider")
        }
        let linked = try await session(
            after: .account(.linkEmail(link, email: email, password: password)), step: "link email")
        try expect(linked.uid == guest.uid, "linking gave uid \(linked.uid), not the guest's \(guest.uid)")
        let providers = linked.providerIds.map(\.rawValue).joined(separator: ", ")
        log("linked \(email): uid \(linked.uid), providers: \(providers)")

        try await send(.clickSignOut, step: "sign out")
        try expect(viewModel.state.session == nil, "still signed in after signing out")
        log("signed out")

        let signIn = SignInAction.signInWithEmail(email: email, password: password)
        let returning = try await session(after: signIn, step: "sign in with email")
        try expect(returning.uid == guest.uid, "signing in with email gave uid \(returning.uid), not \(guest.uid)")
        log("signed in with email: uid \(returning.uid)")
        return returning.uid
    }

    /// Sends `action` and returns the session it ended with.
    private func session(after action: SignInAction, step: String) async throws(FlowFailure) -> UserSession {
        try await send(action, step: step)
        guard let session = viewModel.state.session else { throw FlowFailure("\(step): not signed in afterwards") }
        return session
    }

    /// Sends `action`, waits for its effect, and fails with the view model's error if it shows one.
    private func send(_ action: SignInAction, step: String) async throws(FlowFailure) {
        guard let effect = viewModel.dispatch(action) else { throw FlowFailure("\(step): the view model ignored it") }
        await effect.value
        if let error = viewModel.state.error {
            throw FlowFailure("\(step): \(viewModel.state.errorMessage ?? "failed") (\(error))")
        }
    }

    private func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws(FlowFailure) {
        if !condition { throw FlowFailure(message()) }
    }
}

/// Why the flow stopped, in words for the person running it.
public struct FlowFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }

    /// The failure for any error the app meets: the flow's own, or a configuration the environment lacks.
    public init(explaining error: any Error) {
        switch error {
        case let failure as FlowFailure: self = failure
        case FirebaseConfiguration.Problem.missingAPIKey:
            self.init("set FIREBASE_API_KEY, or FIREBASE_AUTH_EMULATOR_HOST for an emulator")
        case FirebaseConfiguration.Problem.invalidEmulatorHost(let host):
            self.init("FIREBASE_AUTH_EMULATOR_HOST is \"\(host)\", not host:port")
        default: self.init(String(describing: error))
        }
    }
}
