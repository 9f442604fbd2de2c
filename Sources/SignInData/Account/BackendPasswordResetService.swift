public import SignInDomain

/// Password reset at a ``PasswordResetBackend``: the Data side of `PasswordResetService`.
public struct BackendPasswordResetService: PasswordResetService {
    private let backend: any PasswordResetBackend

    /// Creates the service.
    public init(backend: any PasswordResetBackend) {
        self.backend = backend
    }

    public func sendPasswordReset(email: String) async throws(AuthError) {
        try await IdentityBackendError.translating(for: .emailPassword) {
            try await backend.sendPasswordResetEmail(email: email)
        }
    }

    public func confirmPasswordReset(code: Secret, newPassword: Secret) async throws(AuthError) {
        try await IdentityBackendError.translating(for: .emailPassword) {
            try await backend.confirmPasswordReset(code: code, newPassword: newPassword)
        }
    }
}

/// Checking reset codes at a ``PasswordResetCodeBackend``: the Data side of `PasswordResetCodeService`.
public struct BackendPasswordResetCodeService: PasswordResetCodeService {
    private let backend: any PasswordResetCodeBackend

    /// Creates the service.
    public init(backend: any PasswordResetCodeBackend) {
        self.backend = backend
    }

    public func checkPasswordResetCode(_ code: Secret) async throws(AuthError) -> String {
        try await IdentityBackendError.translating(for: .emailPassword) {
            try await backend.checkPasswordResetCode(code)
        }
    }
}
