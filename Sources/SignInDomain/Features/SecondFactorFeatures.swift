/// Second factors: enrolling an authenticator app, listing and removing the account's factors, and finishing a
/// sign-in that asked for one.
///
/// ```swift
/// if let factors = features.secondFactors {
///     let enrollment = try await factors.enrollTOTP.start()   // show its secret, then ask for a first code
/// }
/// ```
public struct SecondFactorFeatures: Sendable {
    /// The backend's second factors.
    public var service: any SecondFactorService
    /// Phone numbers as second factors, where the backend has them.
    public var phoneService: (any PhoneSecondFactorService)?
    /// The session and the providers that sign in again.
    public var context: FeatureContext

    /// Creates the group.
    public init(
        service: any SecondFactorService, phoneService: (any PhoneSecondFactorService)? = nil,
        context: FeatureContext
    ) {
        self.service = service
        self.phoneService = phoneService
        self.context = context
    }

    /// Enrols an authenticator app's one-time codes.
    public var enrollTOTP: EnrollTOTPUseCase {
        EnrollTOTPUseCase(factors: service, sessions: context.sessions, authProviders: context.authProviders)
    }
    /// Lists the account's second factors.
    public var list: ListSecondFactorsUseCase { ListSecondFactorsUseCase(factors: service, sessions: context.sessions) }
    /// Removes a second factor.
    public var remove: RemoveSecondFactorUseCase {
        RemoveSecondFactorUseCase(factors: service, sessions: context.sessions, authProviders: context.authProviders)
    }
    /// Makes a new set of recovery codes.
    public var newRecoveryCodes: NewRecoveryCodesUseCase {
        NewRecoveryCodesUseCase(factors: service, sessions: context.sessions, authProviders: context.authProviders)
    }
    /// Finishes a sign-in that asked for a second factor.
    public var finishSignIn: FinishSecondFactorSignInUseCase {
        FinishSecondFactorSignInUseCase(factors: service, sessions: context.sessions)
    }
    /// Enrols a phone number, where the backend has phone factors.
    public var enrollPhone: EnrollPhoneFactorUseCase? {
        phoneService.map {
            EnrollPhoneFactorUseCase(factors: $0, sessions: context.sessions, authProviders: context.authProviders)
        }
    }
    /// Finishes a sign-in with a code sent to a phone factor, where the backend has them.
    public var phoneSignIn: PhoneSecondFactorSignInUseCase? {
        phoneService.map { PhoneSecondFactorSignInUseCase(factors: $0, sessions: context.sessions) }
    }
}
