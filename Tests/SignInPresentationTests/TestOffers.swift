import SignInDomain
import SignInTesting
import Testing

@testable import SignInPresentation

/// An offer of each account use case, over doubles that are never called: for the reducer's pure tests, which need an
/// action's offer but run no effect. (An app gets its offers from ``SignInViewModel/offers``.)
enum TestOffers {
    static let sessions = SessionManager.fixture(reportIssue: { _ in })
    static let accounts = SpyAccountService()
    static let signUp = Offer(SignUpUseCase(accounts: accounts, sessions: sessions))
    static let link = Offer(LinkProviderUseCase(authProviders: [], sessions: sessions))
    static let unlink = Offer(UnlinkProviderUseCase(accounts: accounts, sessions: sessions))
    static let requestReset = Offer(RequestPasswordResetUseCase(accounts: accounts))
    static let confirmReset = Offer(ConfirmPasswordResetUseCase(accounts: accounts, sessions: sessions))
    static let check = Offer(
        CheckAppleCredentialUseCase(checker: StubAppleCredentialStateChecker(state: .authorized), sessions: sessions))
    static let delete = Offer(DeleteAccountUseCase(accounts: accounts, sessions: sessions))
    static let change = Offer(ChangePasswordUseCase(accounts: accounts, sessions: sessions))
    static let factors = SpySecondFactorService()
    static let enroll = Offer(EnrollTOTPUseCase(factors: factors, sessions: sessions))
    static let finishSecondFactor = Offer(FinishSecondFactorSignInUseCase(factors: factors, sessions: sessions))
    static let removeFactor = Offer(RemoveSecondFactorUseCase(factors: factors, sessions: sessions))
}

@Suite("Offer")
struct OfferTests {
    @Test("an offer equals itself and its copies, and no offer another wiring made: actions compare honestly")
    func identity() {
        let copy = TestOffers.signUp
        let other = Offer(SignUpUseCase(accounts: TestOffers.accounts, sessions: TestOffers.sessions))
        #expect(copy == TestOffers.signUp)
        #expect(copy.hashValue == TestOffers.signUp.hashValue)
        #expect(other != TestOffers.signUp)
        let password: Secret = "correct horse"
        #expect(
            SignInAction.signUp(copy, email: "a@b.co", password: password)
                == .signUp(TestOffers.signUp, email: "a@b.co", password: password))
        #expect(
            SignInAction.signUp(other, email: "a@b.co", password: password)
                != .signUp(TestOffers.signUp, email: "a@b.co", password: password))
        #expect(Set([copy, TestOffers.signUp, other]).count == 2)
    }
}
