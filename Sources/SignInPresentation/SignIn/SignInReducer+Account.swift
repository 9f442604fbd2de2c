import SignInDomain

extension SignInReducer {
    /// An account operation: it runs with the spinner, unless it runs in the background (a launch or foreground
    /// check of the Apple credential), which never waits and is never dropped; one found wrong before it runs (a link
    /// of the wrong kind) is said so.
    func reduceAccount(_ action: AccountAction, in state: inout SignInState) -> SignInEffect? {
        if action.background != nil { return .account(action) }
        if let rejection = action.rejection {
            guard !state.isLoading else { return nil }
            state.completed = nil
            show(rejection, in: &state)
            return nil
        }
        return startAccountEffect(in: &state) ? .account(action) : nil
    }

    /// An account operation ended: what it did shows, and what it listed or started is kept for the screen.
    func reduceAccountResponse(_ response: AccountResponse, in state: inout SignInState) {
        state.isLoading = false
        switch response {
        case .completed(let operation, let session):
            state.session = session
            complete(operation, in: &state)
        case .completedKeepingSession(let operation):
            complete(operation, in: &state)
        case .cancelled:
            clearError(&state)
        case .failed(let error):
            if error == .secondFactorEnrollmentExpired { state.totpEnrollment = nil }
            // Signing in again before a sensitive operation stopped for a second factor: the screen asks for
            // the code as at a sign-in, then sends the operation again.
            if case .secondFactorRequired(let challenge) = error { state.secondFactorChallenge = challenge }
            show(error, in: &state)
        }
    }

    /// What a completed operation shows, and what it listed or started for the screen to keep.
    private func complete(_ operation: AccountOperation, in state: inout SignInState) {
        state.completed = operation
        state.recoveryCodes = nil
        clearError(&state)
        switch operation {
        case .startTOTPEnrollment(let enrollment): state.totpEnrollment = enrollment
        case .enrollTOTP(let recoveryCodes):
            state.totpEnrollment = nil
            state.recoveryCodes = recoveryCodes.isEmpty ? nil : recoveryCodes
        case .enrollPhoneFactor(let recoveryCodes): state.recoveryCodes = recoveryCodes.isEmpty ? nil : recoveryCodes
        case .newRecoveryCodes(let codes): state.recoveryCodes = codes
        case .listSecondFactors(let factors): state.secondFactors = factors
        case .removeSecondFactor: state.secondFactors = nil
        case .listPasskeys(let passkeys): state.passkeys = passkeys
        case .registerPasskey, .removePasskey: state.passkeys = nil
        case .checkAppleCredential(let credentialState) where credentialState != .authorized:
            show(.signedOut(.credentialRevoked), in: &state)
        default: break
        }
    }
}
