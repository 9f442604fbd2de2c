import SignInDomain

/// The effect a reduce step asks the view model to run.
public enum SignInEffect: Hashable, Sendable {
    /// Run ``SignInUseCase`` for the provider.
    case signIn(ProviderType)
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
            state.errorMessage = nil
            state.error = nil
            return .signIn(provider)
        }
        switch action {
        case .signInResponse(let response):
            state.isLoading = false
            state.loadingProvider = nil
            switch response {
            case .signedIn(let session):
                state.session = session
                state.errorMessage = nil
                state.error = nil
            case .cancelled:
                state.errorMessage = nil
                state.error = nil
            case .failed(let error):
                state.errorMessage = messages.message(for: error)
                state.error = error
            }
        case .dismissError:
            state.errorMessage = nil
            state.error = nil
        default:
            break
        }
        return nil
    }
}
