import SignInData
import SignInDemoTrace
import SignInDomain

/// An identity backend that records each call the Data layer makes (a Data step: what is sent, secrets redacted)
/// and what the backend answers (a Backend step: the account and its tokens, or the refusal's code). It wraps any
/// backend: the embedded one in-process, Firebase over HTTP, a team's own REST API.
public struct TracingIdentityBackend: IdentityBackend {
    private let base: any IdentityBackend
    private let name: String
    private let tracer: any FlowTracer

    /// Wraps `base`; the Backend steps are named after its type (`EmbeddedIdentityService`).
    public init(_ base: any IdentityBackend, tracer: any FlowTracer) {
        self.base = base
        self.name = String(describing: type(of: base))
        self.tracer = tracer
    }

    public func signInWithIdP(_ request: IdPSignInRequest) async throws -> BackendSessionResponse {
        try await session(
            "signInWithIdP", .backendSendIdPToken(provider: request.providerId, hasNonce: request.rawNonce != nil)
        ) { try await base.signInWithIdP(request) }
    }

    public func refreshSession(refreshToken: Secret) async throws -> BackendSessionResponse {
        try await session("refreshSession", .backendSendRefreshToken) {
            try await base.refreshSession(refreshToken: refreshToken)
        }
    }

    public func revokeRefreshToken(_ refreshToken: Secret) async throws {
        try await call("revokeRefreshToken", .backendSendRefreshToken, answer: { .backendDone }) {
            try await base.revokeRefreshToken(refreshToken)
        }
    }

    public func signUpAnonymously() async throws -> BackendSessionResponse {
        try await session("signUpAnonymously", .backendSendGuestSignUp) { try await base.signUpAnonymously() }
    }

    public func signUp(email: String, password: Secret) async throws -> BackendSessionResponse {
        try await session("signUp", .backendSendPassword(email: email)) {
            try await base.signUp(email: email, password: password)
        }
    }

    public func signInWithPassword(email: String, password: Secret) async throws -> BackendSessionResponse {
        try await session("signInWithPassword", .backendSendPassword(email: email)) {
            try await base.signInWithPassword(email: email, password: password)
        }
    }

    public func linkWithIdP(idToken: Secret, _ request: IdPSignInRequest) async throws -> BackendSessionResponse {
        try await session(
            "linkWithIdP", .backendSendIdPToken(provider: request.providerId, hasNonce: request.rawNonce != nil)
        ) { try await base.linkWithIdP(idToken: idToken, request) }
    }

    public func linkWithPassword(idToken: Secret, email: String, password: Secret) async throws
        -> BackendSessionResponse
    {
        try await session("linkWithPassword", .backendSendPassword(email: email)) {
            try await base.linkWithPassword(idToken: idToken, email: email, password: password)
        }
    }

    public func unlink(idToken: Secret, providerId: String) async throws -> BackendAccountInfo {
        try await call("unlink", .backendSendWithIDToken("unlink \(providerId)"), answer: { .backendAccountNow($0) }) {
            try await base.unlink(idToken: idToken, providerId: providerId)
        }
    }

    public func sendPasswordResetEmail(email: String) async throws {
        try await call("sendPasswordResetEmail", .backendSendEmail(email: email), answer: { .backendDone }) {
            try await base.sendPasswordResetEmail(email: email)
        }
    }

    public func confirmPasswordReset(code: Secret, newPassword: Secret) async throws {
        try await call("confirmPasswordReset", .backendSendResetCode, answer: { .backendDone }) {
            try await base.confirmPasswordReset(code: code, newPassword: newPassword)
        }
    }

    public func deleteAccount(idToken: Secret, revoking revocation: ProviderRevocation?) async throws {
        try await call("deleteAccount", .backendSendWithIDToken("deleteAccount"), answer: { .backendDone }) {
            try await base.deleteAccount(idToken: idToken, revoking: revocation)
        }
    }

    public func changePassword(idToken: Secret, newPassword: Secret) async throws -> BackendSessionResponse {
        try await session("changePassword", .backendSendWithIDToken("changePassword")) {
            try await base.changePassword(idToken: idToken, newPassword: newPassword)
        }
    }

    public func reauthenticate(idToken: Secret, with request: ReauthenticationRequest) async throws
        -> BackendSessionResponse
    {
        try await session("reauthenticate", .backendSendWithIDToken("reauthenticate \(request.providerId)")) {
            try await base.reauthenticate(idToken: idToken, with: request)
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
        let component = name  // The operation is in the Data step just before.
        do {
            let value = try await body()
            tracer.record(.backend, component, answer(value))
            return value
        } catch let error as IdentityBackendError {
            tracer.record(.backend, component, .backendRefused(code: error.code.rawValue))
            throw error
        } catch {
            tracer.record(.backend, component, .backendRefused(code: TraceErrorName.of(error)))
            throw error
        }
    }
}
