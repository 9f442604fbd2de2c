public import SignInDomain

/// Account deletion at an ``AccountDeletionBackend``: the Data side of `AccountDeletionService`.
public struct BackendAccountDeletionService: AccountDeletionService {
    private let backend: any AccountDeletionBackend

    /// Creates the service.
    public init(backend: any AccountDeletionBackend) {
        self.backend = backend
    }

    public func deleteAccount(_ session: UserSession, revoking revocation: ProviderRevocation?) async throws(AuthError)
    {
        try await IdentityBackendError.translating(
            for: session.reauthenticationProvider,
            special: { error in
                switch error.code {
                case .idpRevocationFailed: .providerRevocationFailed(revocation?.provider ?? .apple)
                case .notSupportedByBackend: .notSupportedByBackend(.signIn(revocation?.provider ?? .apple))
                default: nil
                }
            }
        ) {
            try await backend.deleteAccount(idToken: session.tokens.idToken, revoking: revocation)
        }
    }
}
