package import SignInDemoTrace
import SignInDomain
package import SignInPresentation

/// The demo's screen: it sends actions to a ``SignInPresentation/SignInViewModel`` and records the crossings a
/// reader follows, the action the screen sends (Presentation), the use case the view model starts for it (Domain,
/// read off the reducer's effect), and what the screen shows when the effect has finished.
@MainActor
package struct TracedScreen {
    /// The view model the screen drives.
    package let viewModel: SignInViewModel
    private let tracer: any FlowTracer

    /// Creates the screen.
    package init(viewModel: SignInViewModel, tracer: any FlowTracer) {
        self.viewModel = viewModel
        self.tracer = tracer
    }

    /// Sends `action` and waits until its effect's response has been applied.
    package func send(_ action: SignInAction) async {
        tracer.record(.presentation, "SignInViewModel.dispatch", .presentationActionSent(action.name))
        var preview = viewModel.state
        let effect = SignInReducer().reduce(&preview, action)
        if let effect {
            let (useCase, message) = Self.useCase(for: effect)
            tracer.record(.domain, useCase, message)
        }
        await viewModel.dispatch(action)?.value
        guard let effect else { return }
        let state = viewModel.state
        switch effect {
        case .signIn, .signInWithCredential, .finishSecondFactorSignIn, .signInWithPasskey:
            if let error = state.error {
                tracer.record(.presentation, "SignInViewModel.state", .presentationErrorShown(Self.name(of: error)))
            } else if let session = state.session, preview.session != session {
                tracer.record(.presentation, "SignInViewModel.state", .presentationSignedIn(uid: session.uid))
            } else if state.secondFactorChallenge != nil {
                tracer.record(.presentation, "SignInViewModel.state", .presentationSecondFactorAsked)
            } else {
                tracer.record(.presentation, "SignInViewModel.state", .presentationNothingChanged)
            }
        default:
            let response = if case .signOut = effect { "signOutResponse" } else { "accountResponse" }
            tracer.record(.presentation, "SignInViewModel.dispatch", .presentationResultReceived(response))
            if let error = state.error {
                tracer.record(.presentation, "SignInViewModel.state", .presentationErrorShown(Self.name(of: error)))
            }
        }
    }

    private static func name(of error: AuthError) -> String { AuthErrorMessages.key(for: error).0.rawValue }

    /// The use case an effect runs, and what it does.
    static func useCase(for effect: SignInEffect) -> (String, FlowMessage) {
        switch effect {
        case .signIn(let provider): ("SignInUseCase", .domainSignIn(provider: provider))
        case .signInWithCredential(let credential): ("SignInUseCase", .domainSignIn(provider: credential.provider))
        case .signOut: ("SignOutUseCase", .domainSignOut)
        case .finishSecondFactorSignIn, .finishSignInWithRecoveryCode:
            ("FinishSecondFactorSignInUseCase", .domainFinishSecondFactorSignIn)
        case .signInWithPasskey: ("SignInWithPasskeyUseCase", .domainSignInWithPasskey)
        case .signInWithEmailLink: ("SignInWithEmailLinkUseCase", .domainSignInWithEmailLink)
        case .signInWithPhone: ("SignInWithPhoneUseCase", .domainSignInWithPhone)
        case .finishPhoneSecondFactorSignIn: ("PhoneSecondFactorSignInUseCase", .domainFinishSecondFactorSignIn)
        case .account(let action): (action.useCase, message(for: action))
        }
    }

    /// What an account action's use case does, by the action's name.
    private static func message(for action: AccountAction) -> FlowMessage {
        switch action.name {
        case "signUp": .domainSignUp
        case "requestPasswordReset": .domainRequestPasswordReset
        case "sendSignInLink": .domainSendSignInLink
        case "sendPhoneCode": .domainSendPhoneCode
        case "linkPhone": .domainLinkPhone
        case "openResetLink": .domainConfirmPasswordReset
        case "checkResetLink": .domainCheckPasswordResetCode
        case "changePassword": .domainChangePassword
        case "sendEmailVerification": .domainSendEmailVerification
        case "updateProfile": .domainUpdateProfile
        case "openVerificationLink": .domainApplyEmailVerification
        case "checkAppleCredential": .domainCheckAppleCredential
        case "clickDeleteAccount": .domainDeleteAccount
        case "startTOTPEnrollment": .domainStartTOTPEnrollment
        case "confirmTOTPEnrollment": .domainConfirmTOTPEnrollment
        case "listSecondFactors": .domainListSecondFactors
        case "removeSecondFactor": .domainRemoveSecondFactor
        case "registerPasskey": .domainRegisterPasskey
        case "listPasskeys": .domainListPasskeys
        case "removePasskey": .domainRemovePasskey
        default:
            if let provider = action.provider {
                action.useCase == "UnlinkProviderUseCase"
                    ? .domainUnlink(provider: provider) : .domainLink(provider: provider)
            } else {
                .domainRun(useCase: action.useCase)
            }
        }
    }
}
