public import SignInDomain

/// The effect a reduce step asks the view model to run.
public enum SignInEffect: Hashable, Sendable {
    /// Run `SignInUseCase` for the provider, through its UI client.
    case signIn(ProviderType)
    /// Run `SignInUseCase` with a credential the screen collected.
    case signInWithCredential(AuthCredential)
    /// Run `SignOutUseCase`.
    case signOut
    /// Run `SignUpUseCase`.
    case signUp(Offer<SignUpUseCase>, email: String, password: Secret)
    /// Run `LinkProviderUseCase` for the provider, through its UI client.
    case link(Offer<LinkProviderUseCase>, ProviderType)
    /// Run `LinkProviderUseCase` with a credential the screen collected.
    case linkCredential(Offer<LinkProviderUseCase>, AuthCredential)
    /// Run `UnlinkProviderUseCase`.
    case unlink(Offer<UnlinkProviderUseCase>, ProviderType, currentPassword: Secret?)
    /// Run `RequestPasswordResetUseCase`.
    case requestPasswordReset(Offer<RequestPasswordResetUseCase>, email: String)
    /// Run `ConfirmPasswordResetUseCase`.
    case confirmPasswordReset(Offer<ConfirmPasswordResetUseCase>, code: Secret, newPassword: Secret)
    /// Run `CheckPasswordResetCodeUseCase`.
    case checkPasswordResetCode(Offer<CheckPasswordResetCodeUseCase>, code: Secret)
    /// Run `SendEmailVerificationUseCase`.
    case sendEmailVerification(Offer<SendEmailVerificationUseCase>)
    /// Run `ApplyEmailVerificationUseCase`.
    case applyEmailVerification(Offer<ApplyEmailVerificationUseCase>, code: Secret)
    /// Run `UpdateProfileUseCase`.
    case updateProfile(
        Offer<UpdateProfileUseCase>, displayName: String?, email: String?, photoURL: String?, currentPassword: Secret?)
    /// Run `ChangePasswordUseCase`.
    case changePassword(Offer<ChangePasswordUseCase>, newPassword: Secret, currentPassword: Secret?)
    /// Run `CheckAppleCredentialUseCase`.
    case checkAppleCredential(Offer<CheckAppleCredentialUseCase>, AppleCredentialCheckTrigger)
    /// Run `DeleteAccountUseCase`.
    case deleteAccount(Offer<DeleteAccountUseCase>, currentPassword: Secret?)
    /// Run `FinishSecondFactorSignInUseCase`: a sign-in, answered by a ``SignInResponse``.
    case finishSecondFactorSignIn(
        Offer<FinishSecondFactorSignInUseCase>, SecondFactorChallenge, factorID: String?, code: Secret)
    /// Run `EnrollTOTPUseCase.start`.
    case startTOTPEnrollment(Offer<EnrollTOTPUseCase>, currentPassword: Secret?)
    /// Run `EnrollTOTPUseCase.finish`.
    case confirmTOTPEnrollment(Offer<EnrollTOTPUseCase>, TOTPEnrollment, code: Secret, displayName: String?)
    /// Run `ListSecondFactorsUseCase`.
    case listSecondFactors(Offer<ListSecondFactorsUseCase>)
    /// Run `RemoveSecondFactorUseCase`.
    case removeSecondFactor(
        Offer<RemoveSecondFactorUseCase>, id: String, confirmingLast: Bool, currentPassword: Secret?)
    /// Run `SignInWithPasskeyUseCase`: a sign-in, answered by a ``SignInResponse``.
    case signInWithPasskey(Offer<SignInWithPasskeyUseCase>)
    /// Run `RegisterPasskeyUseCase`.
    case registerPasskey(Offer<RegisterPasskeyUseCase>, name: String, currentPassword: Secret?)
    /// Run `ListPasskeysUseCase`.
    case listPasskeys(Offer<ListPasskeysUseCase>)
    /// Run `RemovePasskeyUseCase`.
    case removePasskey(Offer<RemovePasskeyUseCase>, id: String, currentPassword: Secret?)
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
            if case .signInWithEmail(let email, let password) = action {
                return .signInWithCredential(
                    AuthCredential(provider: .emailPassword, email: email, password: password))
            }
            if case .clickSignInWithPasskey(let offer) = action { return .signInWithPasskey(offer) }
            return .signIn(provider)
        }
        if case .checkAppleCredential(let offer, let trigger) = action, trigger != .userAsked {
            // Launch, foreground and Apple's notice: no spinner, no error, never dropped while something loads.
            return .checkAppleCredential(offer, trigger)
        }
        if let effect = accountEffect(for: action) {
            guard !state.isLoading else { return nil }
            state.isLoading = true
            state.completed = nil
            clearError(&state)
            return effect
        }
        switch action {
        case .submitSecondFactorCode(let offer, let code, let factorID):
            return submitCode(offer, code, factorID: factorID, in: &state)
        case .cancelSecondFactor:
            state.secondFactorChallenge = nil
            clearError(&state)
        case .confirmTOTPEnrollment(let offer, let code, let displayName):
            return confirmEnrollment(offer, code, displayName: displayName, in: &state)
        case .cancelTOTPEnrollment:
            state.totpEnrollment = nil
            clearError(&state)
        case .openResetLink(let offer, let link, let newPassword):
            return linkEffect(link, in: &state, wanted: .resetLink) {
                .confirmPasswordReset(offer, code: $0, newPassword: newPassword)
            }
        case .checkResetLink(let offer, let link):
            return linkEffect(link, in: &state, wanted: .resetLink) { .checkPasswordResetCode(offer, code: $0) }
        case .openVerificationLink(let offer, let link):
            return linkEffect(link, in: &state, wanted: .verificationLink) { .applyEmailVerification(offer, code: $0) }
        case .accountResponse(let response):
            state.isLoading = false
            switch response {
            case .completed(let operation, let session):
                state.completed = operation
                state.session = session
                clearError(&state)
                switch operation {
                case .startTOTPEnrollment(let enrollment): state.totpEnrollment = enrollment
                case .enrollTOTP: state.totpEnrollment = nil
                case .listSecondFactors(let factors): state.secondFactors = factors
                case .removeSecondFactor: state.secondFactors = nil
                case .listPasskeys(let passkeys): state.passkeys = passkeys
                case .registerPasskey, .removePasskey: state.passkeys = nil
                default: break
                }
                if case .checkAppleCredential(let credentialState) = operation, credentialState != .authorized {
                    show(.signedOut(.credentialRevoked), in: &state)
                }
            case .cancelled:
                clearError(&state)
            case .failed(let error):
                if error == .secondFactorEnrollmentExpired { state.totpEnrollment = nil }
                // Signing in again before a sensitive operation stopped for a second factor: the screen asks for
                // the code as at a sign-in, then sends the operation again.
                if case .secondFactorRequired(let challenge) = error { state.secondFactorChallenge = challenge }
                show(error, in: &state)
            }
        case .signInResponse(let response):
            state.isLoading = false
            state.loadingProvider = nil
            switch response {
            case .signedIn(let session):
                state.session = session
                state.secondFactorChallenge = nil
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
                state.totpEnrollment = nil
                state.secondFactors = nil
                state.passkeys = nil
                clearError(&state)
            case .failed(let error):
                show(error, in: &state)
            }
        case .authStateChanged(let event):
            state.session = event.session
            if event.session == nil {
                state.totpEnrollment = nil
                state.secondFactors = nil
                state.passkeys = nil
            }
            if case .signedOut(let reason) = event, reason != .userRequested {
                show(.signedOut(reason), in: &state)
            }
        case .sessionRestoreFailed(let error):
            show(error, in: &state)
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
        case .signUp(let offer, let email, let password): .signUp(offer, email: email, password: password)
        case .clickLink(let offer, let provider): .link(offer, provider)
        case .linkEmail(let offer, let email, let password):
            .linkCredential(offer, AuthCredential(provider: .emailPassword, email: email, password: password))
        case .clickUnlink(let offer, let provider, let currentPassword):
            .unlink(offer, provider, currentPassword: currentPassword)
        case .requestPasswordReset(let offer, let email): .requestPasswordReset(offer, email: email)
        case .sendEmailVerification(let offer): .sendEmailVerification(offer)
        case .updateProfile(let offer, let displayName, let email, let photoURL, let currentPassword):
            .updateProfile(
                offer, displayName: displayName, email: email, photoURL: photoURL, currentPassword: currentPassword)
        case .checkAppleCredential(let offer, let trigger): .checkAppleCredential(offer, trigger)
        case .clickDeleteAccount(let offer, let currentPassword):
            .deleteAccount(offer, currentPassword: currentPassword)
        case .changePassword(let offer, let newPassword, let currentPassword):
            .changePassword(offer, newPassword: newPassword, currentPassword: currentPassword)
        case .startTOTPEnrollment(let offer, let currentPassword):
            .startTOTPEnrollment(offer, currentPassword: currentPassword)
        case .listSecondFactors(let offer): .listSecondFactors(offer)
        case .removeSecondFactor(let offer, let id, let confirmingLast, let currentPassword):
            .removeSecondFactor(offer, id: id, confirmingLast: confirmingLast, currentPassword: currentPassword)
        case .registerPasskey(let offer, let name, let currentPassword):
            .registerPasskey(offer, name: name, currentPassword: currentPassword)
        case .listPasskeys(let offer): .listPasskeys(offer)
        case .removePasskey(let offer, let id, let currentPassword):
            .removePasskey(offer, id: id, currentPassword: currentPassword)
        default: nil
        }
    }

    /// The finishing sign-in of the challenge the state holds, or the error that there is none.
    private func submitCode(
        _ offer: Offer<FinishSecondFactorSignInUseCase>, _ code: Secret, factorID: String?,
        in state: inout SignInState
    ) -> SignInEffect? {
        guard !state.isLoading else { return nil }
        guard let challenge = state.secondFactorChallenge else {
            show(.secondFactorChallengeExpired, in: &state)
            return nil
        }
        state.isLoading = true
        state.loadingProvider = challenge.provider
        clearError(&state)
        return .finishSecondFactorSignIn(offer, challenge, factorID: factorID, code: code)
    }

    /// The confirmation of the enrolment the state holds, or the error that there is none.
    private func confirmEnrollment(
        _ offer: Offer<EnrollTOTPUseCase>, _ code: Secret, displayName: String?, in state: inout SignInState
    ) -> SignInEffect? {
        guard !state.isLoading else { return nil }
        guard let enrollment = state.totpEnrollment else {
            show(.secondFactorEnrollmentExpired, in: &state)
            return nil
        }
        state.isLoading = true
        state.completed = nil
        clearError(&state)
        return .confirmTOTPEnrollment(offer, enrollment, code: code, displayName: displayName)
    }

    private func show(_ error: AuthError, in state: inout SignInState) {
        state.errorMessage = messages.message(for: error)
        state.error = error
    }

    /// The kinds of link an action opens.
    private enum LinkKind {
        case resetLink, verificationLink
    }

    /// The effect an opened link starts, with its code: the link is parsed first, and one that is not of the kind the
    /// action opens (a verification link where a reset link was expected) is said so rather than ignored.
    private func linkEffect(
        _ link: Secret, in state: inout SignInState, wanted: LinkKind, _ effect: (Secret) -> SignInEffect
    ) -> SignInEffect? {
        guard !state.isLoading else { return nil }
        state.completed = nil
        do throws(AuthError) {
            switch (try DeepLink.parse(link.value), wanted) {
            case (.resetPassword(let code), .resetLink), (.verifyEmail(let code), .verificationLink):
                state.isLoading = true
                clearError(&state)
                return effect(code)
            case (_, .resetLink): throw AuthError.invalidDeepLink("not a password-reset link")
            case (_, .verificationLink): throw AuthError.invalidDeepLink("not an email-verification link")
            }
        } catch {
            show(error, in: &state)
            return nil
        }
    }

    private func clearError(_ state: inout SignInState) {
        state.errorMessage = nil
        state.error = nil
    }
}
