import Foundation
import SignInDomain
import SignInTesting
import Testing

@testable import SignInPresentation

@Suite("SignInReducer, second factors")
struct SecondFactorReducerTests {
    let reducer = SignInReducer(messages: AuthErrorMessages(language: "en"))
    let challenge = SecondFactorChallenge.fixture()

    @Test("a sign-in that stops for a code keeps its challenge and signs nobody in; a cancel drops it")
    func challengeKept() {
        var state = SignInState(isLoading: true, loadingProvider: .emailPassword)
        #expect(reducer.reduce(&state, .signInResponse(.secondFactorRequired(challenge))) == nil)
        #expect(state == SignInState(secondFactorChallenge: challenge))
        #expect(reducer.reduce(&state, .secondFactor(.cancelChallenge)) == nil)
        #expect(state == SignInState())
    }

    @Test("submitting the code runs the finishing sign-in with the kept challenge; a second submit does nothing")
    func submit() {
        var state = SignInState(secondFactorChallenge: challenge)
        expectFinishingSignIn(
            reducer.reduce(
                &state, .secondFactor(.submitCode(TestUseCases.finishSecondFactor, code: "123456"))))
        #expect(state.isLoading && state.loadingProvider == .emailPassword)
        #expect(reducer.reduce(&state, .secondFactor(.submitCode(TestUseCases.finishSecondFactor, code: "1"))) == nil)
    }

    /// Expects the finishing sign-in of the kept challenge with the submitted code.
    func expectFinishingSignIn(_ effect: SignInEffect?, sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .finishSecondFactorSignIn(_, let kept, let factorID, let code)? = effect else {
            Issue.record("no finishing sign-in", sourceLocation: sourceLocation)
            return
        }
        #expect(kept == challenge && factorID == nil && code == "123456", sourceLocation: sourceLocation)
    }

    @Test("a wrong code keeps the challenge to try again; an expired one or too many attempts drop it")
    func failures() {
        for (error, kept) in [
            (AuthError.invalidSecondFactorCode, true), (.secondFactorChallengeExpired, false),
            (.tooManySecondFactorAttempts, false),
        ] {
            var state = SignInState(isLoading: true, secondFactorChallenge: challenge)
            _ = reducer.reduce(&state, .signInResponse(.failed(error)))
            #expect((state.secondFactorChallenge != nil) == kept, "\(error)")
            #expect(state.error == error && state.errorMessage != nil)
        }
    }

    @Test("signing in again before a sensitive operation that stops for a code keeps the challenge to finish it")
    func sensitiveOperation() {
        var state = SignInState(isLoading: true, session: .fixture())
        _ = reducer.reduce(&state, .accountResponse(.failed(.secondFactorRequired(challenge))))
        #expect(state.secondFactorChallenge == challenge && state.session == .fixture())
        expectFinishingSignIn(
            reducer.reduce(
                &state, .secondFactor(.submitCode(TestUseCases.finishSecondFactor, code: "123456"))))
    }

    @Test("a code with no sign-in waiting says the sign-in expired, and runs nothing")
    func noChallenge() {
        var state = SignInState()
        #expect(
            reducer.reduce(&state, .secondFactor(.submitCode(TestUseCases.finishSecondFactor, code: "123456"))) == nil)
        #expect(state.error == .secondFactorChallengeExpired)
    }

    @Test("an enrolment keeps its secret until confirmed, cancelled, or signed out")
    func enrolment() {
        let enrollment = TOTPEnrollment(secret: "JBSWY3DPEHPK3PXP", session: "s", expiresAt: Date())
        var state = SignInState(session: .fixture())
        #expect(
            reducer.reduce(&state, .secondFactor(.startTOTPEnrollment(TestUseCases.enroll)))?.name
                == "startTOTPEnrollment")
        _ = reducer.reduce(
            &state, .accountResponse(.completed(.startTOTPEnrollment(enrollment), session: state.session)))
        #expect(state.totpEnrollment == enrollment)
        #expect(
            reducer.reduce(
                &state, .secondFactor(.confirmTOTPEnrollment(TestUseCases.enroll, code: "123456", displayName: "Phone"))
            )?.name == "confirmTOTPEnrollment")
        _ = reducer.reduce(
            &state, .accountResponse(.completed(.enrollTOTP(recoveryCodes: ["k7m2px9q4r"]), session: state.session)))
        #expect(state.totpEnrollment == nil && state.completed == .enrollTOTP(recoveryCodes: ["k7m2px9q4r"]))
        #expect(
            state.recoveryCodes == ["k7m2px9q4r"], "the first authenticator's recovery codes are the screen's to show")

        _ = reducer.reduce(
            &state, .accountResponse(.completed(.startTOTPEnrollment(enrollment), session: state.session)))
        _ = reducer.reduce(&state, .secondFactor(.cancelTOTPEnrollment))
        #expect(state.totpEnrollment == nil)
        _ = reducer.reduce(
            &state, .accountResponse(.completed(.startTOTPEnrollment(enrollment), session: state.session)))
        _ = reducer.reduce(&state, .authStateChanged(.signedOut(.userRequested)))
        #expect(state.totpEnrollment == nil)
        #expect(
            reducer.reduce(&state, .secondFactor(.confirmTOTPEnrollment(TestUseCases.enroll, code: "123456"))) == nil)
        #expect(state.error == .secondFactorEnrollmentExpired)
    }

    @Test("every second-factor message exists in English, Turkish and Traditional Chinese")
    func messages() {
        let errors: [AuthError] = [
            .secondFactorRequired(challenge), .invalidSecondFactorCode, .secondFactorChallengeExpired,
            .secondFactorEnrollmentExpired, .secondFactorNotFound, .lastSecondFactor, .tooManySecondFactorAttempts,
            .secondFactorNeedsPermanentAccount, .notSupportedByBackend(.secondFactors),
        ]
        for language in ["en", "tr", "zh-Hant"] {
            let messages = AuthErrorMessages(language: language)
            let texts = errors.map(messages.message(for:))
            #expect(Set(texts).count == errors.count, "\(language): \(texts)")
            if language != "en" {
                let english = errors.map(AuthErrorMessages(language: "en").message(for:))
                #expect(zip(texts, english).allSatisfy { $0 != $1 }, "\(language)")
            }
        }
    }
}
