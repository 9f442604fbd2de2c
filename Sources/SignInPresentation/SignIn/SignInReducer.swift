import SignInDomain

/// The effect a reduce step asks the view model to run.
public enum SignInEffect: Hashable, Sendable {
    /// Run ``SignInUseCase`` for the provider.
    case signIn(ProviderType)
    /// Run ``SignOutUseCase``.
    case signOut
}

/// The pure step of the sign-in screen: given the state and an action, the new state and the effect to
/// run. Synchronous and free of dependencies, so most presentation tests need no doubles at all.
public struct SignInReducer: Sendable {
    /// Turns errors into text.
    public let messages: AuthErrorMessages

    /// Creates the reducer.
    public init(messages: AuthErrorMessages = AuthErrorMessages()) {
        self.messages = messages
    }

    /// Applies `action` to `state`.
    /// - Returns: The effect to run, if any.
    public func reduce(_ state: inout SignInState, _ action: SignInAction) -> SignInEffect? {
        if let provider = action.clickedProvider {
            // A second click while loading does nothing: no double submits.
            guard !state.isLoading else { return nil }
            state.isLoading = true
            state.loadingProvider = provider
            clearError(&state)
            return .signIn(provider)
        }
        switch action {
        case .clickSignOut:
            guard !state.isLoading else { return nil }
            state.isLoading = true
            clearError(&state)
            return .signOut
        case .signInResponse(let response):
            state.isLoading = false
            state.loadingProvider = nil
            switch response {
            case .signedIn(let session):
                state.session = session
                clearError(&state)
            case .cancelled:
                clearError(&state)
            case .failed(let error):
                show(error, in: &state)
            }
        case .signOutResponse(let response):
            state.isLoading = false
            switch response {
            case .signedOut:
                state.session = nil
                clearError(&state)
            case .failed(let error):
                show(error, in: &state)
            }
        case .authStateChanged(let event):
            state.session = event.session
            if case .signedOut(let reason) = event, reason != .userRequested {
                show(.signedOut(reason), in: &state)
            }
        case .dismissError:
            clearError(&state)
        default:
            break
        }
        return nil
    }

    private func show(_ error: AuthError, in state: inout SignInState) {
        state.errorMessage = messages.message(for: error)
        state.error = error
    }

    private func clearError(_ state: inout SignInState) {
        state.errorMessage = nil
        state.error = nil
    }
}
