import SignInDomain

extension SignInReducer {
    /// A second-factor action: the code of a waiting sign-in, an enrolment's steps, the list and a removal.
    func reduceSecondFactor(_ action: SecondFactorAction, in state: inout SignInState) -> SignInEffect? {
        switch action {
        case .submitCode(let finish, let code, let factorID):
            guard !state.isLoading else { return nil }
            guard let challenge = state.secondFactorChallenge else {
                show(.secondFactorChallengeExpired, in: &state)
                return nil
            }
            guard startSignIn(challenge.provider, in: &state) else { return nil }
            return .finishSecondFactorSignIn(finish, challenge, factorID: factorID, code: code)
        case .submitRecoveryCode(let finish, let code):
            guard !state.isLoading else { return nil }
            guard let challenge = state.secondFactorChallenge else {
                show(.secondFactorChallengeExpired, in: &state)
                return nil
            }
            guard startSignIn(challenge.provider, in: &state) else { return nil }
            return .finishSignInWithRecoveryCode(finish, challenge, code: code)
        case .newRecoveryCodes(let newCodes, let currentPassword):
            return reduceAccount(.newRecoveryCodes(newCodes, currentPassword: currentPassword), in: &state)
        case .cancelChallenge:
            state.secondFactorChallenge = nil
            clearError(&state)
            return nil
        case .startTOTPEnrollment(let enroll, let currentPassword):
            return reduceAccount(.startTOTPEnrollment(enroll, currentPassword: currentPassword), in: &state)
        case .confirmTOTPEnrollment(let enroll, let code, let displayName):
            guard !state.isLoading else { return nil }
            guard let enrollment = state.totpEnrollment else {
                show(.secondFactorEnrollmentExpired, in: &state)
                return nil
            }
            return reduceAccount(
                .confirmTOTPEnrollment(enroll, enrollment, code: code, displayName: displayName), in: &state)
        case .cancelTOTPEnrollment:
            state.totpEnrollment = nil
            clearError(&state)
            return nil
        case .list(let list):
            return reduceAccount(.listSecondFactors(list), in: &state)
        case .remove(let remove, let id, let confirmingLast, let currentPassword):
            return reduceAccount(
                .removeSecondFactor(remove, id: id, confirmingLast: confirmingLast, currentPassword: currentPassword),
                in: &state)
        case .startPhoneEnrollment(let enroll, let phoneNumber, let currentPassword):
            return reduceAccount(
                .startPhoneEnrollment(enroll, phoneNumber: phoneNumber, currentPassword: currentPassword), in: &state)
        case .confirmPhoneEnrollment(let enroll, let verification, let code, let displayName):
            return reduceAccount(
                .confirmPhoneEnrollment(enroll, verification, code: code, displayName: displayName), in: &state)
        case .sendPhoneCode(let phone, let factorID):
            guard !state.isLoading else { return nil }
            guard let challenge = state.secondFactorChallenge else {
                show(.secondFactorChallengeExpired, in: &state)
                return nil
            }
            return reduceAccount(.sendSecondFactorCode(phone, challenge, factorID: factorID), in: &state)
        case .submitPhoneCode(let phone, let verification, let code):
            guard !state.isLoading else { return nil }
            guard let challenge = state.secondFactorChallenge else {
                show(.secondFactorChallengeExpired, in: &state)
                return nil
            }
            guard startSignIn(challenge.provider, in: &state) else { return nil }
            return .finishPhoneSecondFactorSignIn(phone, challenge, verification, code: code)
        }
    }
}
