import SignInDomain

/// The pure step of the sign-in screen: given the state and an action, the new state and the effect to
/// run. Synchronous and free of dependencies, so most presentation tests need no doubles at all. The feature groups'
/// actions are reduced in their own extensions: ``SignInAction/account(_:)``, ``SignInAction/secondFactor(_:)`` and
/// ``SignInAction/passkey(_:)``.
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
        switch action {
        case .clickProvider(let provider):
            return startSignIn(provider, in: &state) ? .signIn(provider) : nil
        case .signInWithEmail(let email, let password):
            guard startSignIn(.emailPassword, in: &state) else { return nil }
            return .signInWithCredential(AuthCredential(provider: .emailPassword, email: email, password: password))
        case .clickSignOut:
            guard startAccountEffect(in: &state) else { return nil }
            return .signOut
        case .cancel:
            state.isLoading = false
            state.loadingProvider = nil
            clearError(&state)
        case .account(let action):
            return reduceAccount(action, in: &state)
        case .secondFactor(let action):
            return reduceSecondFactor(action, in: &state)
        case .passkey(let action):
            return reducePasskey(action, in: &state)
        case .emailLink(let action):
            return reduceEmailLink(action, in: &state)
        case .phone(let action):
            return reducePhone(action, in: &state)
        case .accountResponse(let response):
            reduceAccountResponse(response, in: &state)
        case .signInResponse(let response):
            state.isLoading = false
            state.loadingProvider = nil
            state.recoveryCodesLeft = nil
            switch response {
            case .signedIn(let session):
                state.session = session
                state.secondFactorChallenge = nil
                clearError(&state)
            case .signedInWithRecoveryCode(let session, let codesLeft):
                state.session = session
                state.secondFactorChallenge = nil
                state.recoveryCodesLeft = codesLeft
                clearError(&state)
            case .cancelled:
                clearError(&state)
            case .secondFactorRequired(let challenge):
                state.secondFactorChallenge = challenge
                clearError(&state)
            case .failed(let error):
                // A wrong code may be tried again; an expired or finished challenge cannot.
                if error == .secondFactorChallengeExpired || error == .tooManySecondFactorAttempts {
                    state.secondFactorChallenge = nil
                }
                show(error, in: &state)
            }
        case .signOutResponse(let response):
            state.isLoading = false
            switch response {
            case .signedOut:
                state.session = nil
                // Nothing of the account stays on the screen, whether or not it follows the auth state's events.
                forgetAccount(&state)
                clearError(&state)
            case .failed(let error):
                show(error, in: &state)
            }
        case .authStateChanged(let event):
            state.session = event.session
            if event.session == nil { forgetAccount(&state) }
            if case .signedOut(let reason) = event, reason != .userRequested {
                show(.signedOut(reason), in: &state)
            }
        case .sessionRestoreFailed(let error):
            show(error, in: &state)
        case .dismissError:
            clearError(&state)
        }
        return nil
    }

    /// Marks a sign-in with `provider` as running, unless something is running already: a second click while loading
    /// does nothing, so nothing is submitted twice.
    func startSignIn(_ provider: ProviderType, in state: inout SignInState) -> Bool {
        guard !state.isLoading else { return false }
        state.isLoading = true
        state.loadingProvider = provider
        clearError(&state)
        return true
    }

    /// Marks an account effect as running, unless something is running already.
    func startAccountEffect(in state: inout SignInState) -> Bool {
        guard !state.isLoading else { return false }
        state.isLoading = true
        state.completed = nil
        clearError(&state)
        return true
    }

    /// Drops what the screen shows of an account that is no longer signed in.
    private func forgetAccount(_ state: inout SignInState) {
        state.totpEnrollment = nil
        state.secondFactors = nil
        state.passkeys = nil
        state.recoveryCodes = nil
        state.recoveryCodesLeft = nil
    }

    func show(_ error: AuthError, in state: inout SignInState) {
        state.errorMessage = messages.message(for: error)
        state.error = error
    }

    func clearError(_ state: inout SignInState) {
        state.errorMessage = nil
        state.error = nil
    }
}
