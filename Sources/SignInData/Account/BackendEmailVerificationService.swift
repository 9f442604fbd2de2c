public import SignInDomain

/// Email verification at an ``EmailVerificationBackend``: the Data side of `EmailVerificationService`. A code the
/// backend refuses (unknown, used or expired) is `AuthError.invalidVerificationLink`: the backend's codes for it
/// are those of a reset code, which the user did not ask about.
public struct BackendEmailVerificationService: EmailVerificationService {
    private let backend: any EmailVerificationBackend

    /// Creates the service.
    public init(backend: any EmailVerificationBackend) {
        self.backend = backend
    }

    public func sendEmailVerification(for session: UserSession) async throws(AuthError) {
        try await IdentityBackendError.translating(for: .emailPassword) {
            try await backend.sendEmailVerification(idToken: session.tokens.idToken)
        }
    }

    public func applyEmailVerification(code: Secret) async throws(AuthError) -> String {
        do {
            return try await IdentityBackendError.translating(for: .emailPassword) {
                try await backend.applyEmailVerification(code: code)
            }
        } catch AuthError.invalidResetCode, AuthError.resetCodeExpired {
            throw AuthError.invalidVerificationLink
        }
    }
}
