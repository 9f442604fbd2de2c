public import SignInDomain

/// An account service that records every call and answers from canned results: one double for every account
/// port (`SignUpService`, `PasswordResetService`, `PasswordResetCodeService`, `PasswordChangeService`,
/// `UnlinkService`, `AccountDeletionService`, `EmailVerificationService`, `ProfileService`).
public actor SpyAccountService: SignUpService, PasswordResetService, PasswordResetCodeService, PasswordChangeService,
    UnlinkService, AccountDeletionService, EmailVerificationService, ProfileService
{
    /// A call the service received.
    public enum Call: Hashable, Sendable {
        case signUp(email: String, password: Secret)
        case sendPasswordReset(email: String)
        case confirmPasswordReset(code: Secret, newPassword: Secret)
        case checkPasswordResetCode(Secret)
        case unlink(ProviderType, uid: String)
        case deleteAccount(uid: String, revoking: ProviderRevocation?)
        case changePassword(Secret, uid: String)
        case sendEmailVerification(uid: String)
        case applyEmailVerification(code: Secret)
        case updateProfile(displayName: String?, email: String?, photoURL: String?, uid: String)
    }

    private let session: Result<UserSession, AuthError>
    private let error: AuthError?
    private var sensitiveFailures: [AuthError]
    /// The calls received, in order.
    public private(set) var calls: [Call] = []

    /// Creates a spy.
    /// - Parameters:
    ///   - session: The answer of `signUp`, `unlink` and `changePassword`.
    ///   - error: Thrown by `sendPasswordReset`, `checkPasswordResetCode`, `deleteAccount` and the email
    ///     verification's calls, if any. `applyEmailVerification` and `checkPasswordResetCode` answer with
    ///     `session`'s email.
    ///   - sensitiveFailures: Thrown, one each and in order, by the first calls of the sensitive operations
    ///     (`unlink`, `deleteAccount`, `changePassword`), before they answer as above: for example
    ///     `AuthError/recentSignInRequired(_:)` once, to test re-authentication.
    public init(
        session: Result<UserSession, AuthError> = .success(.fixture()), error: AuthError? = nil,
        sensitiveFailures: [AuthError] = []
    ) {
        self.session = session
        self.error = error
        self.sensitiveFailures = sensitiveFailures
    }

    private func nextSensitiveFailure() throws(AuthError) {
        if !sensitiveFailures.isEmpty { throw sensitiveFailures.removeFirst() }
    }

    public func signUp(email: String, password: Secret) async throws(AuthError) -> UserSession {
        calls.append(.signUp(email: email, password: password))
        return try session.get()
    }

    public func sendPasswordReset(email: String) async throws(AuthError) {
        calls.append(.sendPasswordReset(email: email))
        if let error { throw error }
    }

    public func confirmPasswordReset(code: Secret, newPassword: Secret) async throws(AuthError) {
        calls.append(.confirmPasswordReset(code: code, newPassword: newPassword))
        if let error { throw error }
    }

    public func unlink(_ provider: ProviderType, from session: UserSession) async throws(AuthError) -> UserSession {
        calls.append(.unlink(provider, uid: session.uid))
        try nextSensitiveFailure()
        return try self.session.get()
    }

    public func deleteAccount(_ session: UserSession, revoking revocation: ProviderRevocation?) async throws(AuthError)
    {
        calls.append(.deleteAccount(uid: session.uid, revoking: revocation))
        try nextSensitiveFailure()
        if let error { throw error }
    }

    public func changePassword(_ newPassword: Secret, for session: UserSession) async throws(AuthError) -> UserSession {
        calls.append(.changePassword(newPassword, uid: session.uid))
        try nextSensitiveFailure()
        return try self.session.get()
    }

    public func checkPasswordResetCode(_ code: Secret) async throws(AuthError) -> String {
        calls.append(.checkPasswordResetCode(code))
        if let error { throw error }
        return try session.get().email ?? ""
    }

    public func sendEmailVerification(for session: UserSession) async throws(AuthError) {
        calls.append(.sendEmailVerification(uid: session.uid))
        if let error { throw error }
    }

    public func applyEmailVerification(code: Secret) async throws(AuthError) -> String {
        calls.append(.applyEmailVerification(code: code))
        if let error { throw error }
        return try session.get().email ?? ""
    }

    public func updateProfile(displayName: String?, email: String?, photoURL: String?, for session: UserSession)
        async throws(AuthError) -> UserSession
    {
        calls.append(.updateProfile(displayName: displayName, email: email, photoURL: photoURL, uid: session.uid))
        try nextSensitiveFailure()
        return try self.session.get()
    }
}

/// An account service that must not be called.
public struct FailingAccountService: SignUpService, PasswordResetService, PasswordResetCodeService,
    PasswordChangeService, UnlinkService, AccountDeletionService, EmailVerificationService, ProfileService
{
    private let reportIssue: IssueReporter

    /// Creates the double.
    public init(reportIssue: @escaping IssueReporter) {
        self.reportIssue = reportIssue
    }

    private func fail(_ method: String) -> AuthError {
        reportIssue("FailingAccountService.\(method) was called")
        return UnexpectedCallError("AccountService.\(method)").authError
    }

    public func signUp(email: String, password: Secret) async throws(AuthError) -> UserSession { throw fail("signUp") }
    public func sendPasswordReset(email: String) async throws(AuthError) { throw fail("sendPasswordReset") }
    public func confirmPasswordReset(code: Secret, newPassword: Secret) async throws(AuthError) {
        throw fail("confirmPasswordReset")
    }
    public func checkPasswordResetCode(_ code: Secret) async throws(AuthError) -> String {
        throw fail("checkPasswordResetCode")
    }
    public func unlink(_ provider: ProviderType, from session: UserSession) async throws(AuthError) -> UserSession {
        throw fail("unlink")
    }
    public func deleteAccount(_ session: UserSession, revoking revocation: ProviderRevocation?) async throws(AuthError)
    {
        throw fail("deleteAccount")
    }
    public func changePassword(_ newPassword: Secret, for session: UserSession) async throws(AuthError) -> UserSession {
        throw fail("changePassword")
    }
    public func sendEmailVerification(for session: UserSession) async throws(AuthError) {
        throw fail("sendEmailVerification")
    }
    public func applyEmailVerification(code: Secret) async throws(AuthError) -> String {
        throw fail("applyEmailVerification")
    }
    public func updateProfile(displayName: String?, email: String?, photoURL: String?, for session: UserSession)
        async throws(AuthError) -> UserSession
    { throw fail("updateProfile") }
}

/// A credential-state checker that answers with a fixed state and records the user ids asked about.
public actor StubAppleCredentialStateChecker: AppleCredentialStateChecker {
    private let state: Result<AppleCredentialState, AuthError>
    /// The user ids asked about, in order.
    public private(set) var askedUserIDs: [String] = []

    /// Creates a stub answering `state`.
    public init(state: AppleCredentialState) {
        self.state = .success(state)
    }

    /// Creates a stub that cannot reach Apple: it throws `error`.
    public init(error: AuthError) {
        self.state = .failure(error)
    }

    public func credentialState(forUserID userID: String) async throws(AuthError) -> AppleCredentialState {
        askedUserIDs.append(userID)
        return try state.get()
    }
}
