public import SignInDomain

/// Passkeys at a ``PasskeyBackend``: the Data side of `PasskeyService`.
public struct BackendPasskeyService: PasskeyService {
    private let backend: any PasskeyBackend
    private let clock: any WallClock

    /// Creates the service.
    public init(backend: any PasskeyBackend, clock: any WallClock = SystemWallClock()) {
        self.backend = backend
        self.clock = clock
    }

    public func startRegistration(for session: UserSession) async throws(AuthError) -> PasskeyCreationRequest {
        try await translating(session) { try await backend.startPasskeyEnrollment(idToken: session.tokens.idToken) }
    }

    public func finishRegistration(_ registration: PasskeyRegistration, name: String, for session: UserSession)
        async throws(AuthError) -> UserSession
    {
        try await translating(session) {
            try await backend.finalizePasskeyEnrollment(
                idToken: session.tokens.idToken, registration: registration, name: name
            ).toDomain(now: clock.now())
        }
    }

    public func passkeys(for session: UserSession) async throws(AuthError) -> [Passkey] {
        try await translating(session) { try await backend.passkeys(idToken: session.tokens.idToken) }
    }

    public func removePasskey(id: String, for session: UserSession) async throws(AuthError) -> UserSession {
        try await translating(session) {
            try await backend.deletePasskey(idToken: session.tokens.idToken, credentialID: id)
                .toDomain(now: clock.now())
        }
    }

    public func startSignIn() async throws(AuthError) -> PasskeyAssertionRequest {
        try await IdentityBackendError.translating(for: .passkey, special: { _ in nil }) {
            try await backend.startPasskeySignIn()
        }
    }

    public func finishSignIn(_ assertion: PasskeyAssertion) async throws(AuthError) -> UserSession {
        var session = try await IdentityBackendError.translating(for: .passkey, special: { _ in nil }) {
            try await backend.finalizePasskeySignIn(assertion).toDomain(now: clock.now())
        }
        if session.signInProvider == nil { session.signInProvider = .passkey }
        return session
    }

    private func translating<T>(_ session: UserSession, _ body: () async throws -> T) async throws(AuthError) -> T {
        try await IdentityBackendError.translating(
            for: session.reauthenticationProvider,
            special: { error in
                switch error.code {
                case .credentialTooOld: .recentSignInRequired(session.reauthenticationProvider)
                case .unsupportedFirstFactor: .passkeyNeedsPermanentAccount
                default: nil
                }
            }, body)
    }
}
