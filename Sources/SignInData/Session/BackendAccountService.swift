import SignInDomain

/// Sign-up, password reset, unlinking and deletion at the ``IdentityBackend``: the Data side of
/// ``SignInDomain/AccountService``.
public struct BackendAccountService: AccountService {
    private let backend: any IdentityBackend
    private let clock: any WallClock

    /// Creates the service.
    public init(
        backend: any IdentityBackend, clock: any WallClock = SystemWallClock()
    ) {
        self.backend = backend
        self.clock = clock
    }

    public func signUp(email: String, password: Secret) async throws -> UserSession {
        return try await IdentityBackendError.translating(
            for: .emailPassword, special: { $0.code == .emailExists ? .emailAlreadyInUse(email) : nil }
        ) { try await backend.signUp(email: email, password: password).toDomain(now: clock.now()) }
    }

    public func sendPasswordReset(email: String) async throws {
        try await IdentityBackendError.translating(for: .emailPassword) {
            try await backend.sendPasswordResetEmail(email: email)
        }
    }

    public func confirmPasswordReset(code: Secret, newPassword: Secret) async throws {
        try await IdentityBackendError.translating(for: .emailPassword) {
            try await backend.confirmPasswordReset(code: code, newPassword: newPassword)
        }
    }

    public func unlink(_ provider: ProviderType, from session: UserSession) async throws -> UserSession {
        let account = try await IdentityBackendError.translating(
            for: provider,
            special: { $0.code == .credentialTooOld ? .recentSignInRequired(Self.signInProvider(of: session)) : nil }
        ) {
            try await backend.unlink(idToken: session.tokens.idToken, providerId: provider.rawValue)
        }
        return account.applied(to: session)
    }

    public func deleteAccount(_ session: UserSession, revoking revocation: ProviderRevocation?) async throws {
        try await IdentityBackendError.translating(
            for: Self.signInProvider(of: session),
            special: { error in
                error.code == .idpRevocationFailed ? .providerRevocationFailed(revocation?.provider ?? .apple) : nil
            }
        ) {
            try await backend.deleteAccount(idToken: session.tokens.idToken, revoking: revocation)
        }
    }

    public func changePassword(_ newPassword: Secret, for session: UserSession) async throws -> UserSession {
        let response = try await IdentityBackendError.translating(
            for: Self.signInProvider(of: session),
            special: { $0.code == .noSuchProvider ? .providerNotLinked(.emailPassword) : nil }
        ) { try await backend.changePassword(idToken: session.tokens.idToken, newPassword: newPassword) }
        var updated = response.toDomain(now: clock.now())
        updated.isNewUser = false
        return updated
    }

    /// The provider a session signed in with: the one a sensitive operation asks to sign in with again.
    static func signInProvider(of session: UserSession) -> ProviderType {
        session.signInProvider ?? session.providerIds.first ?? .anonymous
    }

}
