import Foundation
public import SignInData
public import SignInDomain
public import SignInTesting

/// An identity backend that answers every call with canned results: `result` for every operation that
/// returns a session (but refreshes, which answer `refreshResult`), and `error`, if given, thrown by the
/// operations that return nothing.
/// It offers every port, so that one double stands for any backend.
public struct StubIdentityBackend: SessionBackend, PasswordBackend, PasswordResetBackend, PasswordResetCodeBackend,
    PasswordChangeBackend,
    GuestBackend,
    IdentityProviderBackend, LinkingBackend, AccountDeletionBackend, CustomTokenBackend,
    EmailVerificationBackend, ProfileBackend
{
    private let result: Result<BackendSessionResponse, IdentityBackendError>
    private let refreshResult: Result<BackendSessionResponse, IdentityBackendError>
    private let error: IdentityBackendError?

    /// Creates a stub.
    /// - Parameters:
    ///   - result: The answer to sign-ins, sign-ups, links, password changes and re-authentications; its
    ///     account is the answer to unlinks.
    ///   - refreshResult: The answer to refreshes (by default, the same as `result`).
    ///   - error: Thrown by revocations, reset requests and confirmations, and deletions, if any.
    public init(
        result: Result<BackendSessionResponse, IdentityBackendError>,
        refreshResult: Result<BackendSessionResponse, IdentityBackendError>? = nil,
        error: IdentityBackendError? = nil
    ) {
        self.result = result
        self.refreshResult = refreshResult ?? result
        self.error = error
    }

    private func nothing() throws {
        if let error { throw error }
    }

    public func signInWithIdP(_ request: IdPSignInRequest) async throws -> BackendSessionResponse { try result.get() }
    /// It plays a backend that renews sessions.
    public var canRefreshSessions: Bool { true }

    public func refreshSession(refreshToken: Secret) async throws -> BackendSessionResponse {
        try refreshResult.get()
    }
    public func revokeRefreshToken(_ refreshToken: Secret) async throws { try nothing() }
    public func signUpAnonymously() async throws -> BackendSessionResponse { try result.get() }
    public func signInWithCustomToken(_ token: Secret) async throws -> BackendSessionResponse { try result.get() }
    public func sendEmailVerification(idToken: Secret) async throws { try nothing() }
    public func updateProfile(idToken: Secret, displayName: String?, email: String?, photoURL: String?) async throws
        -> BackendSessionResponse
    { try result.get() }
    public func applyEmailVerification(code: Secret) async throws -> String {
        try nothing()
        return try result.get().email ?? ""
    }
    public func checkPasswordResetCode(_ code: Secret) async throws -> String {
        try nothing()
        return try result.get().email ?? ""
    }
    public func signUp(email: String, password: Secret) async throws -> BackendSessionResponse { try result.get() }
    public func signInWithPassword(email: String, password: Secret) async throws -> BackendSessionResponse {
        try result.get()
    }
    public func linkWithIdP(idToken: Secret, _ request: IdPSignInRequest) async throws -> BackendSessionResponse {
        try result.get()
    }
    public func linkWithPassword(idToken: Secret, email: String, password: Secret) async throws
        -> BackendSessionResponse
    { try result.get() }
    public func unlink(idToken: Secret, providerId: String) async throws -> BackendAccountInfo {
        try result.get().account
    }
    public func sendPasswordResetEmail(email: String) async throws { try nothing() }
    public func confirmPasswordReset(code: Secret, newPassword: Secret) async throws { try nothing() }
    public func deleteAccount(idToken: Secret, revoking revocation: ProviderRevocation?) async throws { try nothing() }
    public func changePassword(idToken: Secret, newPassword: Secret) async throws -> BackendSessionResponse {
        try result.get()
    }
    public func reauthenticate(idToken: Secret, email: String, password: Secret) async throws
        -> BackendSessionResponse
    { try result.get() }
    public func reauthenticate(idToken: Secret, with request: IdPSignInRequest) async throws
        -> BackendSessionResponse
    { try result.get() }

    /// Every port, second factors, passkeys and sign-in links included.
    public var capabilities: IdentityBackendCapabilities { IdentityBackendCapabilities(all: self) }
}

extension StubIdentityBackend: MultiFactorBackend {
    /// A TOTP enrolment (or `error`), whatever the token.
    public func startTOTPEnrollment(idToken: Secret) async throws -> BackendTOTPEnrollment {
        try nothing()
        return BackendTOTPEnrollment(
            sharedSecretKey: "JBSWY3DPEHPK3PXP", verificationCodeLength: 6, hashingAlgorithm: "SHA1", periodSec: 30,
            sessionInfo: "enrolment-session", finalizeEnrollmentTime: Date(timeIntervalSince1970: 1_767_226_200))
    }
    /// The session answer (or `error`), with no recovery codes.
    public func finalizeTOTPEnrollment(idToken: Secret, sessionInfo: Secret, code: Secret, displayName: String?)
        async throws -> BackendTOTPEnrollmentResult
    { BackendTOTPEnrollmentResult(session: try result.get()) }
    /// No factors (or `error`).
    public func secondFactors(idToken: Secret) async throws -> [BackendSecondFactor] {
        try nothing()
        return []
    }
    public func withdrawSecondFactor(idToken: Secret, enrollmentID: String) async throws -> BackendSessionResponse {
        try result.get()
    }
    public func finalizeSecondFactorSignIn(pendingCredential: Secret, enrollmentID: String, code: Secret)
        async throws -> BackendSessionResponse
    { try result.get() }
    /// The session answer (or `error`), with nine codes left.
    public func finalizeSecondFactorSignIn(pendingCredential: Secret, recoveryCode: Secret)
        async throws -> BackendRecoveryCodeSignIn
    { BackendRecoveryCodeSignIn(session: try result.get(), codesLeft: 9) }
    /// Ten fixed codes (or `error`).
    public func newRecoveryCodes(idToken: Secret) async throws -> [Secret] {
        try nothing()
        return RecoveryCodeInput.alphabet.prefix(10).map {
            Secret(String(repeating: $0, count: RecoveryCodeInput.length))
        }
    }
}

extension StubIdentityBackend: PasskeyBackend {
    /// A fixed request (`PasskeyCreationRequest/fixture(challenge:excludedCredentialIDs:)`) or `error`, whatever the
    /// token.
    public func startPasskeyEnrollment(idToken: Secret) async throws -> PasskeyCreationRequest {
        try nothing()
        return .fixture()
    }
    public func finalizePasskeyEnrollment(idToken: Secret, registration: PasskeyRegistration, name: String)
        async throws -> BackendSessionResponse
    { try result.get() }
    /// No passkeys (or `error`).
    public func passkeys(idToken: Secret) async throws -> [Passkey] {
        try nothing()
        return []
    }
    public func deletePasskey(idToken: Secret, credentialID: String) async throws -> BackendSessionResponse {
        try result.get()
    }
    /// A fixed request (`PasskeyAssertionRequest/fixture(challenge:)`) or `error`.
    public func startPasskeySignIn() async throws -> PasskeyAssertionRequest {
        try nothing()
        return .fixture()
    }
    public func finalizePasskeySignIn(_ assertion: PasskeyAssertion) async throws -> BackendSessionResponse {
        try result.get()
    }
}

extension StubIdentityBackend: EmailLinkBackend {
    /// Sends nothing (or throws `error`).
    public func sendSignInLink(email: String) async throws { try nothing() }
    public func signInWithEmailLink(email: String, code: Secret) async throws -> BackendSessionResponse {
        try result.get()
    }
}

extension StubIdentityBackend: PhoneBackend {
    /// Sends nothing (or throws `error`), and answers the verification id `stub-session-info`.
    public func sendPhoneCode(phoneNumber: String, appProof: PhoneAppProof) async throws -> Secret {
        try nothing()
        return Secret("stub-session-info")
    }
    public func signInWithPhoneCode(sessionInfo: Secret, code: Secret, idToken: Secret?) async throws
        -> BackendSessionResponse
    {
        try result.get()
    }
}

extension StubIdentityBackend: PhoneSecondFactorBackend {
    /// Sends nothing (or throws `error`), and answers the session info `stub-session-info`.
    public func startPhoneEnrollment(idToken: Secret, phoneNumber: String, appProof: PhoneAppProof) async throws
        -> Secret
    {
        try nothing()
        return Secret("stub-session-info")
    }
    public func finalizePhoneEnrollment(idToken: Secret, sessionInfo: Secret, code: Secret, displayName: String?)
        async throws -> BackendTOTPEnrollmentResult
    {
        BackendTOTPEnrollmentResult(session: try result.get())
    }
    /// Sends nothing (or throws `error`), and answers the session info `stub-session-info`.
    public func startPhoneSecondFactorSignIn(pendingCredential: Secret, enrollmentID: String, appProof: PhoneAppProof)
        async throws -> Secret
    {
        try nothing()
        return Secret("stub-session-info")
    }
    public func finalizePhoneSecondFactorSignIn(pendingCredential: Secret, sessionInfo: Secret, code: Secret)
        async throws -> BackendSessionResponse
    {
        try result.get()
    }
}

/// An identity backend that records every call, answering like a ``StubIdentityBackend``.
public actor SpyIdentityBackend: SessionBackend, PasswordBackend, PasswordResetBackend, PasswordResetCodeBackend,
    PasswordChangeBackend,
    GuestBackend,
    IdentityProviderBackend, LinkingBackend, AccountDeletionBackend, CustomTokenBackend,
    EmailVerificationBackend, ProfileBackend
{
    /// A call the backend received.
    public enum Call: Hashable, Sendable {
        case signInWithIdP(IdPSignInRequest)
        case refreshSession(Secret)
        case revokeRefreshToken(Secret)
        case signUpAnonymously
        case signInWithCustomToken(Secret)
        case sendEmailVerification(idToken: Secret)
        case applyEmailVerification(code: Secret)
        case checkPasswordResetCode(Secret)
        case updateProfile(idToken: Secret, displayName: String?, email: String?, photoURL: String?)
        case signUp(email: String, password: Secret)
        case signInWithPassword(email: String, password: Secret)
        case linkWithIdP(idToken: Secret, IdPSignInRequest)
        case linkWithPassword(idToken: Secret, email: String, password: Secret)
        case unlink(idToken: Secret, providerId: String)
        case sendPasswordResetEmail(String)
        case confirmPasswordReset(code: Secret, newPassword: Secret)
        case deleteAccount(idToken: Secret, revoking: ProviderRevocation?)
        case changePassword(idToken: Secret, newPassword: Secret)
        case reauthenticate(idToken: Secret, ReauthenticationRequest)
    }

    private let stub: StubIdentityBackend
    /// The calls received, in order.
    public private(set) var calls: [Call] = []

    /// Creates a spy; the parameters are those of ``StubIdentityBackend``.
    public init(
        result: Result<BackendSessionResponse, IdentityBackendError>,
        refreshResult: Result<BackendSessionResponse, IdentityBackendError>? = nil,
        error: IdentityBackendError? = nil
    ) {
        stub = StubIdentityBackend(result: result, refreshResult: refreshResult, error: error)
    }

    /// The sign-in requests received, in order.
    public var requests: [IdPSignInRequest] {
        calls.compactMap { if case .signInWithIdP(let request) = $0 { request } else { nil } }
    }

    public func signInWithIdP(_ request: IdPSignInRequest) async throws -> BackendSessionResponse {
        calls.append(.signInWithIdP(request))
        return try await stub.signInWithIdP(request)
    }

    /// It plays a backend that renews sessions.
    public nonisolated var canRefreshSessions: Bool { true }

    public func refreshSession(refreshToken: Secret) async throws -> BackendSessionResponse {
        calls.append(.refreshSession(refreshToken))
        return try await stub.refreshSession(refreshToken: refreshToken)
    }

    public func revokeRefreshToken(_ refreshToken: Secret) async throws {
        calls.append(.revokeRefreshToken(refreshToken))
        try await stub.revokeRefreshToken(refreshToken)
    }

    public func signUpAnonymously() async throws -> BackendSessionResponse {
        calls.append(.signUpAnonymously)
        return try await stub.signUpAnonymously()
    }

    public func signInWithCustomToken(_ token: Secret) async throws -> BackendSessionResponse {
        calls.append(.signInWithCustomToken(token))
        return try await stub.signInWithCustomToken(token)
    }

    public func sendEmailVerification(idToken: Secret) async throws {
        calls.append(.sendEmailVerification(idToken: idToken))
        try await stub.sendEmailVerification(idToken: idToken)
    }

    public func applyEmailVerification(code: Secret) async throws -> String {
        calls.append(.applyEmailVerification(code: code))
        return try await stub.applyEmailVerification(code: code)
    }

    public func checkPasswordResetCode(_ code: Secret) async throws -> String {
        calls.append(.checkPasswordResetCode(code))
        return try await stub.checkPasswordResetCode(code)
    }

    public func updateProfile(idToken: Secret, displayName: String?, email: String?, photoURL: String?) async throws
        -> BackendSessionResponse
    {
        calls.append(.updateProfile(idToken: idToken, displayName: displayName, email: email, photoURL: photoURL))
        return try await stub.updateProfile(
            idToken: idToken, displayName: displayName, email: email, photoURL: photoURL)
    }

    public func signUp(email: String, password: Secret) async throws -> BackendSessionResponse {
        calls.append(.signUp(email: email, password: password))
        return try await stub.signUp(email: email, password: password)
    }

    public func signInWithPassword(email: String, password: Secret) async throws -> BackendSessionResponse {
        calls.append(.signInWithPassword(email: email, password: password))
        return try await stub.signInWithPassword(email: email, password: password)
    }

    public func linkWithIdP(idToken: Secret, _ request: IdPSignInRequest) async throws -> BackendSessionResponse {
        calls.append(.linkWithIdP(idToken: idToken, request))
        return try await stub.linkWithIdP(idToken: idToken, request)
    }

    public func linkWithPassword(idToken: Secret, email: String, password: Secret) async throws
        -> BackendSessionResponse
    {
        calls.append(.linkWithPassword(idToken: idToken, email: email, password: password))
        return try await stub.linkWithPassword(idToken: idToken, email: email, password: password)
    }

    public func unlink(idToken: Secret, providerId: String) async throws -> BackendAccountInfo {
        calls.append(.unlink(idToken: idToken, providerId: providerId))
        return try await stub.unlink(idToken: idToken, providerId: providerId)
    }

    public func sendPasswordResetEmail(email: String) async throws {
        calls.append(.sendPasswordResetEmail(email))
        try await stub.sendPasswordResetEmail(email: email)
    }

    public func confirmPasswordReset(code: Secret, newPassword: Secret) async throws {
        calls.append(.confirmPasswordReset(code: code, newPassword: newPassword))
        try await stub.confirmPasswordReset(code: code, newPassword: newPassword)
    }

    public func deleteAccount(idToken: Secret, revoking revocation: ProviderRevocation?) async throws {
        calls.append(.deleteAccount(idToken: idToken, revoking: revocation))
        try await stub.deleteAccount(idToken: idToken, revoking: revocation)
    }

    public func changePassword(idToken: Secret, newPassword: Secret) async throws -> BackendSessionResponse {
        calls.append(.changePassword(idToken: idToken, newPassword: newPassword))
        return try await stub.changePassword(idToken: idToken, newPassword: newPassword)
    }

    public func reauthenticate(idToken: Secret, email: String, password: Secret) async throws
        -> BackendSessionResponse
    {
        calls.append(.reauthenticate(idToken: idToken, .password(email: email, password: password)))
        return try await stub.reauthenticate(idToken: idToken, email: email, password: password)
    }

    public func reauthenticate(idToken: Secret, with request: IdPSignInRequest) async throws
        -> BackendSessionResponse
    {
        calls.append(.reauthenticate(idToken: idToken, .identityProvider(request)))
        return try await stub.reauthenticate(idToken: idToken, with: request)
    }

    /// Every port but second factors and passkeys.
    public nonisolated var capabilities: IdentityBackendCapabilities {
        IdentityBackendCapabilities(
            sessions: self, passwords: self, passwordReset: self, passwordResetCodes: self, passwordChange: self,
            guests: self, identityProviders: self, linking: self, accountDeletion: self, customTokens: self,
            emailVerification: self, profile: self)
    }
}

/// An identity backend that must not be called.
public struct FailingIdentityBackend: SessionBackend, PasswordBackend, PasswordResetBackend, PasswordResetCodeBackend,
    PasswordChangeBackend,
    GuestBackend,
    IdentityProviderBackend, LinkingBackend, AccountDeletionBackend, CustomTokenBackend,
    EmailVerificationBackend, ProfileBackend
{
    private let reportIssue: IssueReporter

    /// Creates the double.
    public init(reportIssue: @escaping IssueReporter) {
        self.reportIssue = reportIssue
    }

    private func fail(_ method: String) -> UnexpectedCallError {
        reportIssue("FailingIdentityBackend.\(method) was called")
        return UnexpectedCallError("FailingIdentityBackend.\(method)")
    }

    public func signInWithIdP(_ request: IdPSignInRequest) async throws -> BackendSessionResponse {
        throw fail("signInWithIdP")
    }
    /// It plays a backend that renews sessions.
    public var canRefreshSessions: Bool { true }

    public func refreshSession(refreshToken: Secret) async throws -> BackendSessionResponse {
        throw fail("refreshSession")
    }
    public func revokeRefreshToken(_ refreshToken: Secret) async throws { throw fail("revokeRefreshToken") }
    public func signUpAnonymously() async throws -> BackendSessionResponse { throw fail("signUpAnonymously") }
    public func signInWithCustomToken(_ token: Secret) async throws -> BackendSessionResponse {
        throw fail("signInWithCustomToken")
    }
    public func sendEmailVerification(idToken: Secret) async throws { throw fail("sendEmailVerification") }
    public func applyEmailVerification(code: Secret) async throws -> String { throw fail("applyEmailVerification") }
    public func checkPasswordResetCode(_ code: Secret) async throws -> String { throw fail("checkPasswordResetCode") }
    public func updateProfile(idToken: Secret, displayName: String?, email: String?, photoURL: String?) async throws
        -> BackendSessionResponse
    { throw fail("updateProfile") }
    public func signUp(email: String, password: Secret) async throws -> BackendSessionResponse {
        throw fail("signUp")
    }
    public func signInWithPassword(email: String, password: Secret) async throws -> BackendSessionResponse {
        throw fail("signInWithPassword")
    }
    public func linkWithIdP(idToken: Secret, _ request: IdPSignInRequest) async throws -> BackendSessionResponse {
        throw fail("linkWithIdP")
    }
    public func linkWithPassword(idToken: Secret, email: String, password: Secret) async throws
        -> BackendSessionResponse
    { throw fail("linkWithPassword") }
    public func unlink(idToken: Secret, providerId: String) async throws -> BackendAccountInfo {
        throw fail("unlink")
    }
    public func sendPasswordResetEmail(email: String) async throws { throw fail("sendPasswordResetEmail") }
    public func confirmPasswordReset(code: Secret, newPassword: Secret) async throws {
        throw fail("confirmPasswordReset")
    }
    public func deleteAccount(idToken: Secret, revoking revocation: ProviderRevocation?) async throws {
        throw fail("deleteAccount")
    }
    public func changePassword(idToken: Secret, newPassword: Secret) async throws -> BackendSessionResponse {
        throw fail("changePassword")
    }
    public func reauthenticate(idToken: Secret, email: String, password: Secret) async throws
        -> BackendSessionResponse
    { throw fail("reauthenticate(idToken:email:password:)") }
    public func reauthenticate(idToken: Secret, with request: IdPSignInRequest) async throws
        -> BackendSessionResponse
    { throw fail("reauthenticate(idToken:with:)") }

    /// Every port but second factors and passkeys, each failing the test when called.
    public var capabilities: IdentityBackendCapabilities {
        IdentityBackendCapabilities(
            sessions: self, passwords: self, passwordReset: self, passwordResetCodes: self, passwordChange: self,
            guests: self, identityProviders: self, linking: self, accountDeletion: self, customTokens: self,
            emailVerification: self, profile: self)
    }
}
