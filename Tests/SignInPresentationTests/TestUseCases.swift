import SignInDomain
import SignInTesting
import Testing

@testable import SignInPresentation

/// A use case of each account operation, over doubles that are never called: for the reducer's pure tests, which need
/// an action's use case but run no effect. (An app gets its use cases from ``SignInViewModel/features``.)
enum TestUseCases {
    static let sessions = SessionManager.fixture(reportIssue: { _ in })
    static let accounts = SpyAccountService()
    static let signUp = SignUpUseCase(accounts: accounts, sessions: sessions)
    static let link = LinkProviderUseCase(authProviders: [], sessions: sessions)
    static let unlink = UnlinkProviderUseCase(accounts: accounts, sessions: sessions)
    static let requestReset = RequestPasswordResetUseCase(accounts: accounts)
    static let confirmReset = ConfirmPasswordResetUseCase(accounts: accounts, sessions: sessions)
    static let check = CheckAppleCredentialUseCase(
        checker: StubAppleCredentialStateChecker(state: .authorized), sessions: sessions)
    static let delete = DeleteAccountUseCase(accounts: accounts, sessions: sessions)
    static let change = ChangePasswordUseCase(accounts: accounts, sessions: sessions)
    static let factors = SpySecondFactorService()
    static let enroll = EnrollTOTPUseCase(factors: factors, sessions: sessions)
    static let finishSecondFactor = FinishSecondFactorSignInUseCase(factors: factors, sessions: sessions)
    static let removeFactor = RemoveSecondFactorUseCase(factors: factors, sessions: sessions)
}
