import SignInDomain

/// The effect a reduce step asks the view model to run.
public enum SignInEffect: Hashable, Sendable {
    /// Run ``SignInUseCase`` for the provider.
    case signIn(ProviderType)
    /// Run ``SignOutUseCase``.
    case signOut
    /// Run ``SignUpUseCase``.
    case signUp(email: String, password: Secret)
    /// Run ``LinkProviderUseCase``.
    case link(ProviderType)
    /// Run ``UnlinkProviderUseCase``.
    case unlink(ProviderType)
    /// Run ``RequestPasswordResetUseCase``.
    case requestPasswordReset(email: String)
    /// Run ``ConfirmPasswordResetUseCase``.
    case confirmPasswordReset(code: Secret, newPassword: Secret)
    /// Run ``ChangePasswordUseCase``.
    case changePassword(newPassword: Secret)
    /// Run ``CheckAppleCredentialUseCase``.
    case checkAppleCredential(AppleCredentialCheckTrigger)
    /// Run ``DeleteAccountUseCase``.
    case deleteAccount
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
        if case .checkAppleCredential(let trigger) = action, trigger != .userAsked {
            // Launch, foreground and Apple's notice: no spinner, no error, never dropped while something loads.
            return .checkAppleCredential(trigger)
        }
        if let effect = accountEffect(for: action) {
            guard !state.isLoading else { return nil }
            state.isLoading = true
            state.completed = nil
            clearError(&state)
            return effect
        }
        switch action {
        case .openResetLink(let link, let newPassword):
            guard !state.isLoading else { return nil }
            state.completed = nil
            do {
                guard case .resetPassword(let code) = try DeepLink.parse(link.value) else { return nil }
                state.isLoading = true
                clearError(&state)
                return .confirmPasswordReset(code: code, newPassword: newPassword)
            } catch {
                show(error, in: &state)
                return nil
            }
        case .accountResponse(let response):
            state.isLoading = false
            switch response {
            case .completed(let operation, let session):
                state.completed = operation
                state.session = session
                clearError(&state)
                if case .checkAppleCredential(let credentialState) = operation, credentialState != .authorized {
                    show(.signedOut(.credentialRevoked), in: &state)
                }
            case .cancelled:
                clearError(&state)
            case .failed(let error):
                show(error, in: &state)
            }
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

    private func accountEffect(for action: SignInAction) -> SignInEffect? {
        switch action {
        case .clickSignOut: .signOut
        case .signUp(let email, let password): .signUp(email: email, password: password)
        case .clickLink(let provider): .link(provider)
        case .clickUnlink(let provider): .unlink(provider)
        case .requestPasswordReset(let email): .requestPasswordReset(email: email)
        case .checkAppleCredential(let trigger): .checkAppleCredential(trigger)
        case .clickDeleteAccount: .deleteAccount
        case .changePassword(let newPassword): .changePassword(newPassword: newPassword)
        default: nil
        }
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
