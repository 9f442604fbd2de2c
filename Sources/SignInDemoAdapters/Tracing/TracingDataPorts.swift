import FoundationEssentials
package import SignInData
package import SignInDemoTrace
package import SignInDomain

/// An auth provider that records the crossing from Domain into Data: which credential is exchanged, linked or used
/// to sign in again, and the session or the error that comes back.
package struct TracingAuthProvider: AuthProvider {
    private let base: any AuthProvider
    private let name: String
    private let tracer: any FlowTracer

    /// Wraps `base`; steps are recorded under `name` (the wrapped type's name by default).
    package init(_ base: any AuthProvider, name: String? = nil, tracer: any FlowTracer) {
        self.base = base
        self.name = name ?? String(describing: Swift.type(of: base))
        self.tracer = tracer
    }

    package var type: ProviderType { base.type }

    package func signIn(with credential: AuthCredential) async throws(AuthError) -> UserSession {
        try await traced("signIn", .dataExchange(provider: type)) { () throws(AuthError) in
            try await base.signIn(with: credential)
        }
    }

    package func link(_ credential: AuthCredential, to session: UserSession) async throws(AuthError) -> UserSession {
        try await traced("link", .dataLink(provider: type, uid: session.uid)) { () throws(AuthError) in
            try await base.link(credential, to: session)
        }
    }

    package func reauthenticate(_ credential: AuthCredential, session: UserSession) async throws(AuthError)
        -> UserSession
    {
        try await traced("reauthenticate", .dataReauthenticate(provider: type, uid: session.uid)) {
            () throws(AuthError) in
            try await base.reauthenticate(credential, session: session)
        }
    }

    private func traced(
        _ operation: String, _ start: FlowMessage, _ body: () async throws(AuthError) -> UserSession
    ) async throws(AuthError) -> UserSession {
        let component = "\(name).\(operation)"
        tracer.record(.data, component, start)
        return try await tracer.recordingOutcome(
            .data, component, answered: { .dataSessionReceived(uid: $0.uid, providers: $0.providerIds) },
            failed: { .dataRefused(TraceErrorName.of($0)) }, body)
    }
}

/// A token service that records the session manager's refreshes and revocations.
package struct TracingSessionTokenService: SessionTokenService {
    private let base: any SessionTokenService
    private let tracer: any FlowTracer
    private let name: String

    /// Wraps `base`.
    package init(_ base: any SessionTokenService, tracer: any FlowTracer) {
        self.base = base
        self.tracer = tracer
        self.name = String(describing: type(of: base))
    }

    /// The wrapped service's.
    package var canRefresh: Bool { base.canRefresh }

    package func refresh(_ session: UserSession) async throws(AuthError) -> UserSession {
        tracer.record(.data, "\(name).refresh", .dataRefresh(uid: session.uid))
        return try await base.refresh(session)
    }

    package func revoke(_ session: UserSession) async throws(AuthError) {
        tracer.record(.data, "\(name).revoke", .dataRevoke(uid: session.uid))
        try await base.revoke(session)
    }
}

/// The account services, each recording which account operation the use case asks of Data. ``wrapping(_:tracer:)``
/// traces every service of the feature groups.
package struct TracingAccountServices: SignUpService, PasswordResetService, PasswordResetCodeService,
    PasswordChangeService, UnlinkService, AccountDeletionService, EmailVerificationService, ProfileService
{
    /// The services it wraps, as the feature groups had them.
    private struct Bases: Sendable {
        var signUp: (any SignUpService)?
        var passwordReset: (any PasswordResetService)?
        var passwordResetCodes: (any PasswordResetCodeService)?
        var passwordChange: (any PasswordChangeService)?
        var unlink: (any UnlinkService)?
        var accountDeletion: (any AccountDeletionService)?
        var emailVerification: (any EmailVerificationService)?
        var profile: (any ProfileService)?
        var secondFactors: (any SecondFactorService)?
        var passkeys: (any PasskeyService)?
    }

    private let base: Bases
    private let tracer: any FlowTracer

    /// `features` with each service present traced, and no other.
    package static func wrapping(_ features: SignInFeatures, tracer: any FlowTracer) -> SignInFeatures {
        let traced = TracingAccountServices(
            base: Bases(
                signUp: features.passwords?.signUpService, passwordReset: features.passwords?.resetService,
                passwordResetCodes: features.passwords?.resetCodeService,
                passwordChange: features.passwords?.changeService, unlink: features.account?.unlinkService,
                accountDeletion: features.account?.deletionService,
                emailVerification: features.profile?.emailVerificationService, profile: features.profile?.service,
                secondFactors: features.secondFactors?.service, passkeys: features.passkeys?.service),
            tracer: tracer)
        var wrapped = features
        if var passwords = wrapped.passwords {
            passwords.signUpService = traced
            passwords.resetService = passwords.resetService.map { _ in traced }
            passwords.resetCodeService = passwords.resetCodeService.map { _ in traced }
            passwords.changeService = passwords.changeService.map { _ in traced }
            wrapped.passwords = passwords
        }
        if var profile = wrapped.profile {
            profile.service = traced
            profile.emailVerificationService = profile.emailVerificationService.map { _ in traced }
            wrapped.profile = profile
        }
        if var account = wrapped.account {
            account.unlinkService = account.unlinkService.map { _ in traced }
            account.deletionService = account.deletionService.map { _ in traced }
            wrapped.account = account
        }
        wrapped.secondFactors?.service = traced
        wrapped.passkeys?.service = traced
        return wrapped
    }

    private func service<Service>(_ service: Service?, _ name: String) throws(AuthError) -> Service {
        guard let service else { throw AuthError.unexpected(reason: "no \(name) was wired") }
        return service
    }

    private func name(_ service: Any?, _ method: String) -> String {
        "\(service.map { String(describing: type(of: $0)) } ?? "AccountService").\(method)"
    }

    package func signUp(email: String, password: Secret) async throws(AuthError) -> UserSession {
        tracer.record(.data, name(base.signUp, "signUp"), .dataSignUp(email: email))
        return try await service(base.signUp, "SignUpService").signUp(email: email, password: password)
    }

    package func sendPasswordReset(email: String) async throws(AuthError) {
        tracer.record(
            .data, name(base.passwordReset, "sendPasswordReset"), .dataPasswordResetRequested(email: email))
        try await service(base.passwordReset, "PasswordResetService").sendPasswordReset(email: email)
    }

    package func confirmPasswordReset(code: Secret, newPassword: Secret) async throws(AuthError) {
        tracer.record(.data, name(base.passwordReset, "confirmPasswordReset"), .dataPasswordResetConfirmed)
        try await service(base.passwordReset, "PasswordResetService")
            .confirmPasswordReset(code: code, newPassword: newPassword)
    }

    package func checkPasswordResetCode(_ code: Secret) async throws(AuthError) -> String {
        tracer.record(.data, name(base.passwordResetCodes, "checkPasswordResetCode"), .dataPasswordResetCodeChecked)
        return try await service(base.passwordResetCodes, "PasswordResetCodeService").checkPasswordResetCode(code)
    }

    package func sendEmailVerification(for session: UserSession) async throws(AuthError) {
        tracer.record(
            .data, name(base.emailVerification, "sendEmailVerification"),
            .dataEmailVerificationRequested(uid: session.uid))
        try await service(base.emailVerification, "EmailVerificationService").sendEmailVerification(for: session)
    }

    package func applyEmailVerification(code: Secret) async throws(AuthError) -> String {
        tracer.record(.data, name(base.emailVerification, "applyEmailVerification"), .dataEmailVerificationApplied)
        return try await service(base.emailVerification, "EmailVerificationService").applyEmailVerification(code: code)
    }

    package func updateProfile(displayName: String?, email: String?, photoURL: String?, for session: UserSession)
        async throws(AuthError) -> UserSession
    {
        tracer.record(.data, name(base.profile, "updateProfile"), .dataUpdateProfile(uid: session.uid))
        return try await service(base.profile, "ProfileService").updateProfile(
            displayName: displayName, email: email, photoURL: photoURL, for: session)
    }

    package func unlink(_ provider: ProviderType, from session: UserSession) async throws(AuthError) -> UserSession {
        tracer.record(.data, name(base.unlink, "unlink"), .dataUnlink(provider: provider, uid: session.uid))
        return try await service(base.unlink, "UnlinkService").unlink(provider, from: session)
    }

    package func deleteAccount(_ session: UserSession, revoking revocation: ProviderRevocation?) async throws(AuthError)
    {
        tracer.record(
            .data, name(base.accountDeletion, "deleteAccount"),
            .dataDeleteAccount(uid: session.uid, revoking: revocation != nil))
        try await service(base.accountDeletion, "AccountDeletionService").deleteAccount(session, revoking: revocation)
    }

    package func changePassword(_ newPassword: Secret, for session: UserSession) async throws(AuthError) -> UserSession
    {
        tracer.record(.data, name(base.passwordChange, "changePassword"), .dataChangePassword(uid: session.uid))
        return try await service(base.passwordChange, "PasswordChangeService").changePassword(newPassword, for: session)
    }
}

extension TracingAccountServices: SecondFactorService {
    private var factors: any SecondFactorService {
        get throws(AuthError) { try service(base.secondFactors, "SecondFactorService") }
    }

    package func startTOTPEnrollment(for session: UserSession) async throws(AuthError) -> TOTPEnrollment {
        tracer.record(
            .data, name(base.secondFactors, "startTOTPEnrollment"), .dataStartTOTPEnrollment)
        return try await factors.startTOTPEnrollment(for: session)
    }

    package func finishTOTPEnrollment(
        _ enrollment: TOTPEnrollment, code: Secret, displayName: String?, for session: UserSession
    ) async throws(AuthError) -> TOTPEnrollmentResult {
        tracer.record(
            .data, name(base.secondFactors, "finishTOTPEnrollment"), .dataFinishTOTPEnrollment)
        return try await factors.finishTOTPEnrollment(enrollment, code: code, displayName: displayName, for: session)
    }

    package func secondFactors(for session: UserSession) async throws(AuthError) -> [SecondFactor] {
        tracer.record(.data, name(base.secondFactors, "secondFactors"), .dataListSecondFactors)
        return try await factors.secondFactors(for: session)
    }

    package func removeSecondFactor(id: String, for session: UserSession) async throws(AuthError) -> UserSession {
        tracer.record(
            .data, name(base.secondFactors, "removeSecondFactor"), .dataRemoveSecondFactor)
        return try await factors.removeSecondFactor(id: id, for: session)
    }

    package func finishSignIn(_ challenge: SecondFactorChallenge, factorID: String, code: Secret)
        async throws(AuthError)
        -> UserSession
    {
        tracer.record(
            .data, name(base.secondFactors, "finishSignIn"), .dataFinishSecondFactorSignIn(provider: challenge.provider)
        )
        return try await factors.finishSignIn(challenge, factorID: factorID, code: code)
    }

    package func finishSignIn(_ challenge: SecondFactorChallenge, recoveryCode: Secret) async throws(AuthError)
        -> RecoveryCodeSignIn
    {
        tracer.record(
            .data, name(base.secondFactors, "finishSignIn"), .dataRecoveryCodeSignIn(provider: challenge.provider))
        return try await factors.finishSignIn(challenge, recoveryCode: recoveryCode)
    }

    package func newRecoveryCodes(for session: UserSession) async throws(AuthError) -> [Secret] {
        tracer.record(.data, name(base.secondFactors, "newRecoveryCodes"), .dataNewRecoveryCodes)
        return try await factors.newRecoveryCodes(for: session)
    }
}

extension TracingAccountServices: PasskeyService {
    private var passkeyService: any PasskeyService {
        get throws(AuthError) { try service(base.passkeys, "PasskeyService") }
    }

    package func startRegistration(for session: UserSession) async throws(AuthError) -> PasskeyCreationRequest {
        tracer.record(.data, name(base.passkeys, "startRegistration"), .dataStartPasskeyRegistration)
        return try await passkeyService.startRegistration(for: session)
    }

    package func finishRegistration(
        _ registration: PasskeyRegistration, name passkeyName: String, for session: UserSession
    )
        async throws(AuthError) -> UserSession
    {
        tracer.record(.data, name(base.passkeys, "finishRegistration"), .dataFinishPasskeyRegistration)
        return try await passkeyService.finishRegistration(registration, name: passkeyName, for: session)
    }

    package func passkeys(for session: UserSession) async throws(AuthError) -> [Passkey] {
        tracer.record(.data, name(base.passkeys, "passkeys"), .dataListPasskeys)
        return try await passkeyService.passkeys(for: session)
    }

    package func removePasskey(id: String, for session: UserSession) async throws(AuthError) -> UserSession {
        tracer.record(.data, name(base.passkeys, "removePasskey"), .dataRemovePasskey)
        return try await passkeyService.removePasskey(id: id, for: session)
    }

    package func startSignIn() async throws(AuthError) -> PasskeyAssertionRequest {
        tracer.record(.data, name(base.passkeys, "startSignIn"), .dataStartPasskeySignIn)
        return try await passkeyService.startSignIn()
    }

    package func finishSignIn(_ assertion: PasskeyAssertion) async throws(AuthError) -> UserSession {
        tracer.record(.data, name(base.passkeys, "finishSignIn"), .dataFinishPasskeySignIn)
        return try await passkeyService.finishSignIn(assertion)
    }
}

/// An HTTP transport that records each request (method and path, never the query, the body or a header's value)
/// and the status of its answer: the app's API calls as the demo shows them.
package struct TracingHTTPTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let tracer: any FlowTracer
    private let answeredBy: String

    /// Wraps `base`; answers are recorded as the Backend step `answeredBy.handle`.
    package init(_ base: any HTTPTransport, answeredBy: String, tracer: any FlowTracer) {
        self.base = base
        self.answeredBy = answeredBy
        self.tracer = tracer
    }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let authorized = request.headers.keys.contains { $0.lowercased() == "authorization" }
        tracer.record(
            .data, "HTTPTransport.send",
            .dataHTTPRequest(method: request.method, path: request.url.path, authorized: authorized))
        let response = try await base.send(request)
        tracer.record(.backend, "\(answeredBy).handle", .backendHTTPAnswer(status: response.status))
        return response
    }
}
