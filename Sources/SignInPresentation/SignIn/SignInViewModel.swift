import Observation
import SignInDomain

/// The sign-in screen's view model: the KMP app's `SignInViewModel(uiClients)` with `dispatch(_:)`.
///
/// UI-toolkit free: SwiftUI observes ``state`` through Observation, UIKit and the CLI read it after
/// ``dispatch(_:)``. The decisions are in ``SignInReducer``; this class only runs effects.
@MainActor
@Observable
public final class SignInViewModel {
    /// The current state.
    public private(set) var state: SignInState
    /// The registered providers the screen has a UI client for, in their order: the sign-in buttons to draw (and,
    /// those that are linkable, the link buttons), each with its name in every language.
    public let providers: [ProviderDescription]

    @ObservationIgnored private let signIn: SignInUseCase
    @ObservationIgnored private let signOut: SignOutUseCase?
    @ObservationIgnored private let account: AccountUseCases
    @ObservationIgnored private let uiClients: SignInUIClients
    @ObservationIgnored private let reducer: SignInReducer

    /// Creates the view model.
    /// - Parameters:
    ///   - signIn: The sign-in use case.
    ///   - signOut: The sign-out use case; without it, ``SignInAction/clickSignOut`` shows an error.
    ///   - account: The account use cases; an action whose use case is missing shows an error.
    ///   - uiClients: The screen's UI clients, from `SignInUIClientBuilder.build()`.
    ///   - providers: The registered providers' descriptions, in the order the screen shows them.
    ///   - reducer: The pure step; its messages decide the language.
    ///   - initialState: The state to start from.
    public init(
        signIn: SignInUseCase, signOut: SignOutUseCase? = nil, account: AccountUseCases = AccountUseCases(),
        uiClients: SignInUIClients, providers: [ProviderDescription] = ProviderDescription.wellKnown,
        reducer: SignInReducer = SignInReducer(),
        initialState: SignInState = SignInState()
    ) {
        self.signIn = signIn
        self.signOut = signOut
        self.account = account
        self.uiClients = uiClients
        self.providers = providers.filter { uiClients[$0.type] != nil }
        self.reducer = reducer
        self.state = initialState
    }

    /// Sends an action: the KMP app's `dispatch`.
    /// - Returns: The task running the action's effect, if it started one; await it to know when the
    ///   effect's response has been applied. Discard it in UI code.
    @discardableResult
    public func dispatch(_ action: SignInAction) -> Task<Void, Never>? {
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
        case .checkAppleCredential(let trigger) where trigger != .userAsked:
            return runBackgroundAppleCheck(trigger)
        default:
            return runAccountEffect(effect)
        }
    }

    /// A launch, foreground or notice check: its only visible outcome is a sign-out (of the user it checked: the
    /// use case answers `nil` when another signed in meanwhile), shown as the auth state stream would show it (a
    /// screen that follows the stream sees the same event twice, which changes nothing).
    private func runBackgroundAppleCheck(_ trigger: AppleCredentialCheckTrigger) -> Task<Void, Never>? {
        guard let check = account.checkAppleCredential else { return nil }
        return Task {
            let result = try? await check(trigger: trigger)
            if let result, result != .authorized {
                self.dispatch(.authStateChanged(.signedOut(.credentialRevoked)))
            }
        }
    }

    private func runAccountEffect(_ effect: SignInEffect) -> Task<Void, Never> {
        let account = self.account
        let uiClients = self.uiClients
        return Task {
            let response: AccountResponse
            do {
                response = try await self.perform(effect, account: account, uiClients: uiClients)
            } catch {
                response = .failed(AuthError.normalizing(error))
            }
            self.dispatch(.accountResponse(response))
        }
    }

    private func perform(_ effect: SignInEffect, account: AccountUseCases, uiClients: SignInUIClients) async throws
        -> AccountResponse
    {
        func missing(_ name: String) -> AuthError { .unexpected(reason: "no \(name) was given to the view model") }
        switch effect {
        case .signUp(let email, let password):
            guard let signUp = account.signUp else { throw missing("SignUpUseCase") }
            return .completed(.signUp, session: try await signUp(email: email, password: password))
        case .link(let provider):
            guard let link = account.link else { throw missing("LinkProviderUseCase") }
            switch try await link(provider, uiClients: uiClients) {
            case .linked(let session): return .completed(.link(provider), session: session)
            case .cancelled: return .cancelled
            }
        case .unlink(let provider):
            guard let unlink = account.unlink else { throw missing("UnlinkProviderUseCase") }
            return .completed(.unlink(provider), session: try await unlink(provider, uiClients: uiClients))
        case .requestPasswordReset(let email):
            guard let request = account.requestPasswordReset else { throw missing("RequestPasswordResetUseCase") }
            try await request(email: email)
            return .completed(.requestPasswordReset, session: state.session)
        case .confirmPasswordReset(let code, let newPassword):
            guard let confirm = account.confirmPasswordReset else { throw missing("ConfirmPasswordResetUseCase") }
            try await confirm(code: code, newPassword: newPassword)
            return .completed(.confirmPasswordReset, session: state.session)
        case .checkAppleCredential:
            guard let check = account.checkAppleCredential else { throw missing("CheckAppleCredentialUseCase") }
            guard let credentialState = try await check(trigger: .userAsked) else { throw AuthError.notSignedIn }
            return .completed(
                .checkAppleCredential(credentialState), session: credentialState == .authorized ? state.session : nil)
        case .deleteAccount:
            guard let delete = account.deleteAccount else { throw missing("DeleteAccountUseCase") }
            try await delete(uiClients: uiClients)
            return .completed(.deleteAccount, session: nil)
        case .changePassword(let newPassword):
            guard let change = account.changePassword else { throw missing("ChangePasswordUseCase") }
            return .completed(
                .changePassword, session: try await change(newPassword: newPassword, uiClients: uiClients))
        case .signIn, .signOut:
            throw missing("handler for \(effect)")
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
}
