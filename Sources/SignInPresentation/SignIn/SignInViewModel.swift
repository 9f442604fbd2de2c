import Observation
import SignInDomain

/// The sign-in screen's view model: seed 001's `SignInViewModel(uiClients)` with `dispatch(_:)`.
///
/// UI-toolkit free: SwiftUI observes ``state`` through Observation, UIKit and the CLI read it after
/// ``dispatch(_:)``. The decisions are in ``SignInReducer``; this class only runs effects.
@MainActor
@Observable
public final class SignInViewModel {
    /// The current state.
    public private(set) var state: SignInState

    @ObservationIgnored private let signIn: SignInUseCase
    @ObservationIgnored private let signOut: SignOutUseCase?
    @ObservationIgnored private let uiClients: SignInUIClients
    @ObservationIgnored private let reducer: SignInReducer
    @ObservationIgnored private let tracer: any FlowTracer

    /// Creates the view model.
    /// - Parameters:
    ///   - signIn: The sign-in use case.
    ///   - signOut: The sign-out use case; without it, ``SignInAction/clickSignOut`` shows an error.
    ///   - uiClients: The screen's UI clients, from `SignInUIClientBuilder.build()`.
    ///   - reducer: The pure step; its messages decide the language.
    ///   - initialState: The state to start from.
    ///   - tracer: Receives the labelled steps.
    public init(
        signIn: SignInUseCase, signOut: SignOutUseCase? = nil, uiClients: SignInUIClients,
        reducer: SignInReducer = SignInReducer(),
        initialState: SignInState = SignInState(), tracer: any FlowTracer = SilentFlowTracer()
    ) {
        self.signIn = signIn
        self.signOut = signOut
        self.uiClients = uiClients
        self.reducer = reducer
        self.state = initialState
        self.tracer = tracer
    }

    /// Sends an action: seed 001's `dispatch`.
    /// - Returns: The task running the action's effect, if it started one; await it to know when the
    ///   effect's response has been applied. Discard it in UI code.
    @discardableResult
    public func dispatch(_ action: SignInAction) -> Task<Void, Never>? {
        if case .signInResponse = action {
        } else {
            tracer.record(.presentation, "SignInViewModel.dispatch", "dispatch(\(action))")
        }
        guard let effect = reducer.reduce(&state, action) else { return nil }
        switch effect {
        case .signIn(let provider):
            let signIn = self.signIn
            let uiClients = self.uiClients
            return Task {
                let response: SignInResponse
                do {
                    switch try await signIn(provider, uiClients: uiClients) {
                    case .signedIn(let session): response = .signedIn(session)
                    case .cancelled: response = .cancelled
                    }
                } catch {
                    response = .failed(AuthError.normalizing(error))
                }
                self.dispatch(.signInResponse(response))
                self.tracer.record(.presentation, "SignInViewModel.state", self.stateSummary)
            }
        case .signOut:
            let signOut = self.signOut
            return Task {
                let response: SignOutResponse
                if let signOut {
                    do {
                        response = .signedOut(revoked: try await signOut())
                    } catch {
                        response = .failed(AuthError.normalizing(error))
                    }
                } else {
                    response = .failed(.unexpected(reason: "no SignOutUseCase was given to the view model"))
                }
                self.dispatch(.signOutResponse(response))
            }
        }
    }

    /// Follows the auth state: every event becomes ``SignInAction/authStateChanged(_:)``, so a refresh or a
    /// sign-out made elsewhere shows in ``state``. Returns when the stream ends or the task is cancelled.
    /// - Parameter events: Usually `await sessionManager.events()`.
    public func follow(_ events: AsyncStream<AuthStateEvent>) async {
        for await event in events {
            dispatch(.authStateChanged(event))
        }
    }

    private var stateSummary: String {
        if let message = state.errorMessage { return "error shown: \(message)" }
        if let session = state.session { return "signed in as \(session.uid); the UI moves to the home screen" }
        return "no change (cancelled)"
    }
}
