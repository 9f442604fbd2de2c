package import SignInData
package import SignInDemoTrace
package import SignInDomain

/// The identity backend's ports, each recording the call the Data layer makes (a Data step: what is sent, secrets
/// redacted) and what the backend answers (a Backend step: the account and its tokens, or the refusal's code). It
/// wraps any backend: the embedded one in-process, Firebase over HTTP, a team's own REST API.
///
/// ``wrapping(_:tracer:)`` gives the same capabilities as the backend's, each port present in the backend's set
/// replaced by this decorator, and no other.
package struct TracingIdentityBackend: SessionBackend, PasswordBackend, PasswordResetBackend, PasswordResetCodeBackend,
    PasswordChangeBackend,
    GuestBackend, IdentityProviderBackend, LinkingBackend, AccountDeletionBackend, CustomTokenBackend,
    EmailVerificationBackend, ProfileBackend
{
    private let base: IdentityBackendCapabilities
    private let name: String
    private let tracer: any FlowTracer

    private init(_ base: IdentityBackendCapabilities, tracer: any FlowTracer) {
        self.base = base
        self.name = String(describing: type(of: base.sessions))
        self.tracer = tracer
    }

    /// `capabilities` with each of its ports traced; the Backend steps are named after the backend's type
    /// (`EmbeddedIdentityService`).
    package static func wrapping(_ capabilities: IdentityBackendCapabilities, tracer: any FlowTracer)
        -> IdentityBackendCapabilities
    {
        let traced = TracingIdentityBackend(capabilities, tracer: tracer)
        return IdentityBackendCapabilities(
            sessions: traced, passwords: capabilities.passwords.map { _ in traced },
            passwordReset: capabilities.passwordReset.map { _ in traced },
            passwordResetCodes: capabilities.passwordResetCodes.map { _ in traced },
            passwordChange: capabilities.passwordChange.map { _ in traced },
            guests: capabilities.guests.map { _ in traced },
            identityProviders: capabilities.identityProviders.map { _ in traced },
            linking: capabilities.linking.map { _ in traced },
            accountDeletion: capabilities.accountDeletion.map { _ in traced },
            customTokens: capabilities.customTokens.map { _ in traced },
            emailVerification: capabilities.emailVerification.map { _ in traced },
            profile: capabilities.profile.map { _ in traced },
            multiFactor: capabilities.multiFactor.map { _ in traced },
            passkeys: capabilities.passkeys.map { _ in traced },
            emailLinks: capabilities.emailLinks.map { _ in traced }, phone: capabilities.phone.map { _ in traced },
            phoneSecondFactors: capabilities.phoneSecondFactors.map { _ in traced })
    }

    /// The wrapped backend's port; it is there, since ``wrapping(_:tracer:)`` hands out only the ports present.
    private func port<Port>(_ port: Port?) throws -> Port {
        guard let port else {
            throw IdentityBackendError(.notSupportedByBackend, message: "the backend does not offer this port")
        }
        return port
    }

    package func signInWithIdP(_ request: IdPSignInRequest) async throws -> BackendSessionResponse {
        try await session(
            "signInWithIdP", .backendSendIdPToken(provider: request.providerId, hasNonce: request.rawNonce != nil)
        ) { try await port(base.identityProviders).signInWithIdP(request) }
    }

    /// The wrapped backend's.
    package var canRefreshSessions: Bool { base.sessions.canRefreshSessions }

    package func refreshSession(refreshToken: Secret) async throws -> BackendSessionResponse {
        try await session("refreshSession", .backendSendRefreshToken) {
            try await base.sessions.refreshSession(refreshToken: refreshToken)
        }
    }

    package func revokeRefreshToken(_ refreshToken: Secret) async throws {
        try await call("revokeRefreshToken", .backendSendRefreshToken, answer: { .backendDone }) {
            try await base.sessions.revokeRefreshToken(refreshToken)
        }
    }

    package func signUpAnonymously() async throws -> BackendSessionResponse {
        try await session("signUpAnonymously", .backendSendGuestSignUp) {
            try await port(base.guests).signUpAnonymously()
        }
    }

    package func signInWithCustomToken(_ token: Secret) async throws -> BackendSessionResponse {
        try await session("signInWithCustomToken", .backendSendCustomToken) {
            try await port(base.customTokens).signInWithCustomToken(token)
        }
    }

    package func signUp(email: String, password: Secret) async throws -> BackendSessionResponse {
        try await session("signUp", .backendSendPassword(email: email)) {
            try await port(base.passwords).signUp(email: email, password: password)
        }
    }

    package func signInWithPassword(email: String, password: Secret) async throws -> BackendSessionResponse {
        try await session("signInWithPassword", .backendSendPassword(email: email)) {
            try await port(base.passwords).signInWithPassword(email: email, password: password)
        }
    }

    package func linkWithIdP(idToken: Secret, _ request: IdPSignInRequest) async throws -> BackendSessionResponse {
        try await session(
            "linkWithIdP", .backendSendIdPToken(provider: request.providerId, hasNonce: request.rawNonce != nil)
        ) { try await port(base.linking).linkWithIdP(idToken: idToken, request) }
    }

    package func linkWithPassword(idToken: Secret, email: String, password: Secret) async throws
        -> BackendSessionResponse
    {
        try await session("linkWithPassword", .backendSendPassword(email: email)) {
            try await port(base.linking).linkWithPassword(idToken: idToken, email: email, password: password)
        }
    }

    package func unlink(idToken: Secret, providerId: String) async throws -> BackendAccountInfo {
        try await call("unlink", .backendSendWithIDToken("unlink \(providerId)"), answer: { .backendAccountNow($0) }) {
            try await port(base.linking).unlink(idToken: idToken, providerId: providerId)
        }
    }

    package func sendPasswordResetEmail(email: String) async throws {
        try await call("sendPasswordResetEmail", .backendSendEmail(email: email), answer: { .backendDone }) {
            try await port(base.passwordReset).sendPasswordResetEmail(email: email)
        }
    }

    package func confirmPasswordReset(code: Secret, newPassword: Secret) async throws {
        try await call("confirmPasswordReset", .backendSendResetCode, answer: { .backendDone }) {
            try await port(base.passwordReset).confirmPasswordReset(code: code, newPassword: newPassword)
        }
    }

    package func checkPasswordResetCode(_ code: Secret) async throws -> String {
        try await call("checkPasswordResetCode", .backendSendResetCodeToCheck, answer: { _ in .backendDone }) {
            try await port(base.passwordResetCodes).checkPasswordResetCode(code)
        }
    }

    package func sendEmailVerification(idToken: Secret) async throws {
        try await call(
            "sendEmailVerification", .backendSendWithIDToken("ask for a verification mail"), answer: { .backendDone }
        ) {
            try await port(base.emailVerification).sendEmailVerification(idToken: idToken)
        }
    }

    package func updateProfile(idToken: Secret, displayName: String?, email: String?, photoURL: String?) async throws
        -> BackendSessionResponse
    {
        try await session("updateProfile", .backendSendWithIDToken("change the profile")) {
            try await port(base.profile).updateProfile(
                idToken: idToken, displayName: displayName, email: email, photoURL: photoURL)
        }
    }

    package func applyEmailVerification(code: Secret) async throws -> String {
        try await call("applyEmailVerification", .backendSendVerificationCode, answer: { _ in .backendDone }) {
            try await port(base.emailVerification).applyEmailVerification(code: code)
        }
    }

    package func deleteAccount(idToken: Secret, revoking revocation: ProviderRevocation?) async throws {
        try await call("deleteAccount", .backendSendWithIDToken("deleteAccount"), answer: { .backendDone }) {
            try await port(base.accountDeletion).deleteAccount(idToken: idToken, revoking: revocation)
        }
    }

    package func changePassword(idToken: Secret, newPassword: Secret) async throws -> BackendSessionResponse {
        try await session("changePassword", .backendSendWithIDToken("changePassword")) {
            try await port(base.passwordChange).changePassword(idToken: idToken, newPassword: newPassword)
        }
    }

    package func reauthenticate(idToken: Secret, email: String, password: Secret) async throws
        -> BackendSessionResponse
    {
        try await session("reauthenticate", .backendSendWithIDToken("reauthenticate password")) {
            try await port(base.passwords).reauthenticate(idToken: idToken, email: email, password: password)
        }
    }

    package func reauthenticate(idToken: Secret, with request: IdPSignInRequest) async throws -> BackendSessionResponse
    {
        try await session("reauthenticate", .backendSendWithIDToken("reauthenticate \(request.providerId)")) {
            try await port(base.identityProviders).reauthenticate(idToken: idToken, with: request)
        }
    }

    private func session(
        _ operation: String, _ sent: FlowMessage, _ body: () async throws -> BackendSessionResponse
    ) async throws -> BackendSessionResponse {
        try await call(operation, sent, answer: { .backendSessionIssued($0) }, body)
    }

    private func call<Answer>(
        _ operation: String, _ sent: FlowMessage, answer: (Answer) -> FlowMessage,
        _ body: () async throws -> Answer
    ) async throws -> Answer {
        tracer.record(.data, "IdentityBackend.\(operation)", sent)
        // The operation is in the Data step just before.
        return try await tracer.recordingOutcome(
            .backend, name, answered: answer,
            failed: { error in
                let code = (error as? IdentityBackendError)?.code
                return code == .secondFactorRequired
                    ? .backendSecondFactorAsked : .backendRefused(code: code?.rawValue ?? TraceErrorName.of(error))
            },
            body)
    }
}

extension TracingIdentityBackend: MultiFactorBackend {
    package func startTOTPEnrollment(idToken: Secret) async throws -> BackendTOTPEnrollment {
        try await call(
            "startTOTPEnrollment", .backendSendWithIDToken("mfaEnrollment:start"),
            answer: { _ in .backendDone }
        ) { try await port(base.multiFactor).startTOTPEnrollment(idToken: idToken) }
    }

    package func finalizeTOTPEnrollment(idToken: Secret, sessionInfo: Secret, code: Secret, displayName: String?)
        async throws -> BackendTOTPEnrollmentResult
    {
        try await call(
            "finalizeTOTPEnrollment", .backendSendSecondFactorCode, answer: { .backendSessionIssued($0.session) }
        ) {
            try await port(base.multiFactor).finalizeTOTPEnrollment(
                idToken: idToken, sessionInfo: sessionInfo, code: code, displayName: displayName)
        }
    }

    package func secondFactors(idToken: Secret) async throws -> [BackendSecondFactor] {
        try await call(
            "secondFactors", .backendSendWithIDToken("lookup mfaInfo"), answer: { _ in .backendDone }
        ) { try await port(base.multiFactor).secondFactors(idToken: idToken) }
    }

    package func withdrawSecondFactor(idToken: Secret, enrollmentID: String) async throws -> BackendSessionResponse {
        try await session("withdrawSecondFactor", .backendSendWithIDToken("mfaEnrollment:withdraw")) {
            try await port(base.multiFactor).withdrawSecondFactor(idToken: idToken, enrollmentID: enrollmentID)
        }
    }

    package func finalizeSecondFactorSignIn(pendingCredential: Secret, enrollmentID: String, code: Secret)
        async throws -> BackendSessionResponse
    {
        try await session("finalizeSecondFactorSignIn", .backendSendSecondFactorCode) {
            try await port(base.multiFactor).finalizeSecondFactorSignIn(
                pendingCredential: pendingCredential, enrollmentID: enrollmentID, code: code)
        }
    }

    package func finalizeSecondFactorSignIn(pendingCredential: Secret, recoveryCode: Secret)
        async throws -> BackendRecoveryCodeSignIn
    {
        try await call(
            "finalizeSecondFactorSignIn", .backendSendSecondFactorCode, answer: { .backendSessionIssued($0.session) }
        ) {
            try await port(base.multiFactor).finalizeSecondFactorSignIn(
                pendingCredential: pendingCredential, recoveryCode: recoveryCode)
        }
    }

    package func newRecoveryCodes(idToken: Secret) async throws -> [Secret] {
        try await call(
            "newRecoveryCodes", .backendSendWithIDToken("recoveryCodes:new"), answer: { _ in .backendDone }
        ) { try await port(base.multiFactor).newRecoveryCodes(idToken: idToken) }
    }
}

extension TracingIdentityBackend: PasskeyBackend {
    package func startPasskeyEnrollment(idToken: Secret) async throws -> PasskeyCreationRequest {
        try await call(
            "startPasskeyEnrollment", .backendSendWithIDToken("passkeyEnrollment:start"), answer: { _ in .backendDone }
        ) { try await port(base.passkeys).startPasskeyEnrollment(idToken: idToken) }
    }

    package func finalizePasskeyEnrollment(idToken: Secret, registration: PasskeyRegistration, name: String)
        async throws -> BackendSessionResponse
    {
        try await session("finalizePasskeyEnrollment", .backendSendWithIDToken("passkeyEnrollment:finalize")) {
            try await port(base.passkeys).finalizePasskeyEnrollment(
                idToken: idToken, registration: registration, name: name)
        }
    }

    package func passkeys(idToken: Secret) async throws -> [Passkey] {
        try await call(
            "passkeys", .backendSendWithIDToken("lookup passkeyInfo"), answer: { _ in .backendDone }
        ) { try await port(base.passkeys).passkeys(idToken: idToken) }
    }

    package func deletePasskey(idToken: Secret, credentialID: String) async throws -> BackendSessionResponse {
        try await session("deletePasskey", .backendSendWithIDToken("update deletePasskey")) {
            try await port(base.passkeys).deletePasskey(idToken: idToken, credentialID: credentialID)
        }
    }

    package func startPasskeySignIn() async throws -> PasskeyAssertionRequest {
        try await call(
            "startPasskeySignIn", .backendSendPasskeySignInStart, answer: { _ in .backendDone }
        ) { try await port(base.passkeys).startPasskeySignIn() }
    }

    package func finalizePasskeySignIn(_ assertion: PasskeyAssertion) async throws -> BackendSessionResponse {
        try await session("finalizePasskeySignIn", .backendSendPasskeyProof) {
            try await port(base.passkeys).finalizePasskeySignIn(assertion)
        }
    }
}

extension TracingIdentityBackend: EmailLinkBackend {
    package func sendSignInLink(email: String) async throws {
        try await call("sendSignInLink", .backendSendEmail(email: email), answer: { .backendDone }) {
            try await port(base.emailLinks).sendSignInLink(email: email)
        }
    }

    package func signInWithEmailLink(email: String, code: Secret) async throws -> BackendSessionResponse {
        try await session("signInWithEmailLink", .backendSendSignInLinkCode(email: email)) {
            try await port(base.emailLinks).signInWithEmailLink(email: email, code: code)
        }
    }
}

extension TracingIdentityBackend: PhoneBackend {
    package func sendPhoneCode(phoneNumber: String, appProof: PhoneAppProof) async throws -> Secret {
        try await call("sendPhoneCode", .backendSendPhoneNumber(phoneNumber), answer: { _ in .backendDone }) {
            try await port(base.phone).sendPhoneCode(phoneNumber: phoneNumber, appProof: appProof)
        }
    }

    package func signInWithPhoneCode(sessionInfo: Secret, code: Secret, idToken: Secret?) async throws
        -> BackendSessionResponse
    {
        try await session("signInWithPhoneCode", .backendSendPhoneCode) {
            try await port(base.phone).signInWithPhoneCode(sessionInfo: sessionInfo, code: code, idToken: idToken)
        }
    }
}

extension TracingIdentityBackend: PhoneSecondFactorBackend {
    package func startPhoneEnrollment(idToken: Secret, phoneNumber: String, appProof: PhoneAppProof) async throws
        -> Secret
    {
        try await call("startPhoneEnrollment", .backendSendPhoneNumber(phoneNumber), answer: { _ in .backendDone }) {
            try await port(base.phoneSecondFactors).startPhoneEnrollment(
                idToken: idToken, phoneNumber: phoneNumber, appProof: appProof)
        }
    }

    package func finalizePhoneEnrollment(idToken: Secret, sessionInfo: Secret, code: Secret, displayName: String?)
        async throws -> BackendTOTPEnrollmentResult
    {
        try await call("finalizePhoneEnrollment", .backendSendPhoneCode, answer: { _ in .backendDone }) {
            try await port(base.phoneSecondFactors).finalizePhoneEnrollment(
                idToken: idToken, sessionInfo: sessionInfo, code: code, displayName: displayName)
        }
    }

    package func startPhoneSecondFactorSignIn(pendingCredential: Secret, enrollmentID: String, appProof: PhoneAppProof)
        async throws -> Secret
    {
        try await call(
            "startPhoneSecondFactorSignIn", .backendSendSecondFactorCode, answer: { _ in .backendDone }
        ) {
            try await port(base.phoneSecondFactors).startPhoneSecondFactorSignIn(
                pendingCredential: pendingCredential, enrollmentID: enrollmentID, appProof: appProof)
        }
    }

    package func finalizePhoneSecondFactorSignIn(pendingCredential: Secret, sessionInfo: Secret, code: Secret)
        async throws -> BackendSessionResponse
    {
        try await session("finalizePhoneSecondFactorSignIn", .backendSendPhoneCode) {
            try await port(base.phoneSecondFactors).finalizePhoneSecondFactorSignIn(
                pendingCredential: pendingCredential, sessionInfo: sessionInfo, code: code)
        }
    }
}
