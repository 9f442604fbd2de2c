public import SignInDomain

/// What can happen on the second-factor screens: a sign-in waiting for a code, an authenticator app's enrolment, and
/// the account's list of factors. Each action that runs something carries the use case from
/// `SignInFeatures.secondFactors`.
public enum SecondFactorAction: Sendable {
    /// The code of a sign-in waiting for a second factor was submitted; `factorID` picks the factor (`nil`: the
    /// account's first).
    case submitCode(FinishSecondFactorSignInUseCase, code: Secret, factorID: String? = nil)
    /// A recovery code was submitted in place of the code of a sign-in waiting for a second factor.
    case submitRecoveryCode(FinishSecondFactorSignInUseCase, code: Secret)
    /// The user gave up the sign-in waiting for a second factor: nobody is signed in, nothing is stored.
    case cancelChallenge
    /// "Add an authenticator app" was tapped, with the current password if the screen asked for it.
    case startTOTPEnrollment(EnrollTOTPUseCase, currentPassword: Secret? = nil)
    /// The first code from the authenticator app was submitted for the enrolment in progress.
    case confirmTOTPEnrollment(EnrollTOTPUseCase, code: Secret, displayName: String? = nil)
    /// The user gave up the enrolment in progress: nothing changes for the account.
    case cancelTOTPEnrollment
    /// The account's second factors are to be listed.
    case list(ListSecondFactorsUseCase)
    /// "Remove" was tapped on a second factor; `confirmingLast` says the user confirmed that removing the last one
    /// turns two-step sign-in off.
    case remove(RemoveSecondFactorUseCase, id: String, confirmingLast: Bool = false, currentPassword: Secret? = nil)
    /// "New recovery codes" was tapped, with the current password if the screen asked for it.
    case newRecoveryCodes(NewRecoveryCodesUseCase, currentPassword: Secret? = nil)
    /// "Add a phone" was tapped with this number: a code goes by SMS, answered with
    /// ``AccountOperation/startPhoneEnrollment(_:)``.
    case startPhoneEnrollment(EnrollPhoneFactorUseCase, phoneNumber: String, currentPassword: Secret? = nil)
    /// The code sent for `verification` was typed: the phone is enrolled.
    case confirmPhoneEnrollment(
        EnrollPhoneFactorUseCase, PhoneVerification, code: Secret, displayName: String? = nil)
    /// A sign-in waiting for a second factor asks for a code by SMS to the phone factor `factorID`, answered with
    /// ``AccountOperation/sendSecondFactorCode(_:)``.
    case sendPhoneCode(PhoneSecondFactorSignInUseCase, factorID: String)
    /// The code sent for `verification` to a phone factor was typed: the sign-in waiting for it finishes.
    case submitPhoneCode(PhoneSecondFactorSignInUseCase, PhoneVerification, code: Secret)

    /// The action's name for traces and logs; it never contains a code or a password.
    public var name: String {
        switch self {
        case .submitCode: "submitSecondFactorCode"
        case .submitRecoveryCode: "submitRecoveryCode"
        case .newRecoveryCodes: "newRecoveryCodes"
        case .cancelChallenge: "cancelSecondFactor"
        case .startTOTPEnrollment: "startTOTPEnrollment"
        case .confirmTOTPEnrollment: "confirmTOTPEnrollment"
        case .cancelTOTPEnrollment: "cancelTOTPEnrollment"
        case .list: "listSecondFactors"
        case .remove: "removeSecondFactor"
        case .startPhoneEnrollment: "startPhoneEnrollment"
        case .confirmPhoneEnrollment: "confirmPhoneEnrollment"
        case .sendPhoneCode: "sendSecondFactorCode"
        case .submitPhoneCode: "submitPhoneCode"
        }
    }
}

extension AccountAction {
    /// Starts an enrolment: its secret is shown, then a first code asked for.
    static func startTOTPEnrollment(_ enroll: EnrollTOTPUseCase, currentPassword: Secret?) -> AccountAction {
        AccountAction(name: "startTOTPEnrollment", useCase: "EnrollTOTPUseCase", provider: nil) {
            context throws(AuthError) in
            let enrollment = try await enroll.start(currentPassword: currentPassword, uiClients: context.uiClients)
            return .completedKeepingSession(.startTOTPEnrollment(enrollment))
        }
    }

    /// Finishes the enrolment in progress with its first code.
    static func confirmTOTPEnrollment(
        _ enroll: EnrollTOTPUseCase, _ enrollment: TOTPEnrollment, code: Secret, displayName: String?
    ) -> AccountAction {
        AccountAction(name: "confirmTOTPEnrollment", useCase: "EnrollTOTPUseCase", provider: nil) {
            _ throws(AuthError) in
            let result = try await enroll.finish(enrollment, code: code, displayName: displayName)
            return .completed(.enrollTOTP(recoveryCodes: result.recoveryCodes), session: result.session)
        }
    }

    /// Starts a phone's enrolment: a code goes by SMS.
    static func startPhoneEnrollment(_ enroll: EnrollPhoneFactorUseCase, phoneNumber: String, currentPassword: Secret?)
        -> AccountAction
    {
        AccountAction(name: "startPhoneEnrollment", useCase: "EnrollPhoneFactorUseCase", provider: nil) {
            context throws(AuthError) in
            let sent = try await enroll.start(
                phoneNumber: phoneNumber, currentPassword: currentPassword, uiClients: context.uiClients)
            return .completedKeepingSession(.startPhoneEnrollment(sent))
        }
    }

    /// Confirms a phone's enrolment with the code sent to it.
    static func confirmPhoneEnrollment(
        _ enroll: EnrollPhoneFactorUseCase, _ verification: PhoneVerification, code: Secret, displayName: String?
    ) -> AccountAction {
        AccountAction(name: "confirmPhoneEnrollment", useCase: "EnrollPhoneFactorUseCase", provider: nil) {
            _ throws(AuthError) in
            let result = try await enroll.finish(verification, code: code, displayName: displayName)
            return .completed(.enrollPhoneFactor(recoveryCodes: result.recoveryCodes), session: result.session)
        }
    }

    /// Sends a code by SMS to a phone factor of the sign-in waiting for one.
    static func sendSecondFactorCode(
        _ phone: PhoneSecondFactorSignInUseCase, _ challenge: SecondFactorChallenge, factorID: String
    ) -> AccountAction {
        AccountAction(name: "sendSecondFactorCode", useCase: "PhoneSecondFactorSignInUseCase", provider: nil) {
            _ throws(AuthError) in
            .completedKeepingSession(.sendSecondFactorCode(try await phone.sendCode(challenge, factorID: factorID)))
        }
    }

    /// Makes a new set of recovery codes.
    static func newRecoveryCodes(_ newCodes: NewRecoveryCodesUseCase, currentPassword: Secret?) -> AccountAction {
        AccountAction(name: "newRecoveryCodes", useCase: "NewRecoveryCodesUseCase", provider: nil) {
            context throws(AuthError) in
            .completedKeepingSession(
                .newRecoveryCodes(try await newCodes(currentPassword: currentPassword, uiClients: context.uiClients)))
        }
    }

    /// Lists the account's second factors.
    static func listSecondFactors(_ list: ListSecondFactorsUseCase) -> AccountAction {
        AccountAction(name: "listSecondFactors", useCase: "ListSecondFactorsUseCase", provider: nil) {
            context throws(AuthError) in
            .completedKeepingSession(.listSecondFactors(try await list()))
        }
    }

    /// Removes a second factor.
    static func removeSecondFactor(
        _ remove: RemoveSecondFactorUseCase, id: String, confirmingLast: Bool, currentPassword: Secret?
    ) -> AccountAction {
        AccountAction(name: "removeSecondFactor", useCase: "RemoveSecondFactorUseCase", provider: nil) {
            context throws(AuthError) in
            .completed(
                .removeSecondFactor,
                session: try await remove(
                    id: id, confirmingLast: confirmingLast, currentPassword: currentPassword,
                    uiClients: context.uiClients))
        }
    }
}

extension SecondFactorAction: CustomStringConvertible, CustomReflectable {
    /// The action's name: what it carries (a password, a code, a link, the use case and the session and keys it
    /// reaches) shows in no log, `print`, `dump` or debugger summary.
    public var description: String { name }
    public var customMirror: Mirror { Mirror(self, children: ["name": name]) }
}
