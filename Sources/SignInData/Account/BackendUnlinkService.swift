public import SignInDomain

/// Unlinking at a ``LinkingBackend``: the Data side of `UnlinkService`.
public struct BackendUnlinkService: UnlinkService {
    private let backend: any LinkingBackend

    /// Creates the service.
    public init(backend: any LinkingBackend) {
        self.backend = backend
    }

    public func unlink(_ provider: ProviderType, from session: UserSession) async throws(AuthError) -> UserSession {
        let account = try await IdentityBackendError.translating(
            for: provider,
            special: { $0.code == .credentialTooOld ? .recentSignInRequired(session.reauthenticationProvider) : nil }
        ) {
            try await backend.unlink(idToken: session.tokens.idToken, providerId: provider.rawValue)
        }
        return account.applied(to: session)
    }
}
