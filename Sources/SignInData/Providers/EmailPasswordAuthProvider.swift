public import SignInDomain

/// Signs in with email and password, and links them to a signed-in account. The email's syntax is checked
/// before any call; the password policy is checked where a password is chosen (linking, sign-up, reset), not
/// at sign-in, where it would only tell an attacker what the policy is.
public struct EmailPasswordAuthProvider: AuthProvider {
    public let type = ProviderType.emailPassword

    private let backend: any PasswordBackend
    private let linking: (any LinkingBackend)?
    private let clock: any WallClock

    /// Creates the provider.
    /// - Parameters:
    ///   - backend: Where accounts sign up and sign in.
    ///   - linking: Where a password is linked to a signed-in account; `nil` when the backend cannot link (then
    ///     ``link(_:to:)`` throws `AuthError/linkNotSupported(_:)`, and a screen offers no link).
    ///   - clock: Counts the session's expiry.
    public init(
        backend: any PasswordBackend, linking: (any LinkingBackend)? = nil, clock: any WallClock = SystemWallClock()
    ) {
        self.backend = backend
        self.linking = linking
        self.clock = clock
    }

    /// Signs in.
    /// - Throws: `AuthError/invalidEmail` (before any call), `AuthError/wrongCredentials` for an unknown
    ///   email and a wrong password alike.
    public func signIn(with credential: AuthCredential) async throws(AuthError) -> UserSession {
        let email = try EmailAddress.validate(credential.email ?? "")
        let password = credential.password ?? ""
        return try await IdentityBackendError.translating(for: type) {
            try await backend.signInWithPassword(email: email, password: password).toDomain(now: clock.now())
        }
    }

    /// Links email and password to the signed-in account.
    /// - Throws: `AuthError/invalidEmail`, `AuthError/weakPassword(_:)` (before any call),
    ///   `AuthError/emailAlreadyInUse(_:)`, `AuthError/providerAlreadyLinked(_:)`.
    public func link(_ credential: AuthCredential, to session: UserSession) async throws(AuthError) -> UserSession {
        guard let linking else { throw AuthError.linkNotSupported(type) }
        let email = try EmailAddress.validate(credential.email ?? "")
        let password = credential.password ?? ""
        try PasswordPolicy.validate(password.value)
        return try await IdentityBackendError.translating(
            for: type, special: { $0.code == .emailExists ? .emailAlreadyInUse(email) : nil }
        ) {
            try await linking.linkWithPassword(idToken: session.tokens.idToken, email: email, password: password)
                .toDomain(now: clock.now())
        }
    }

    /// Signs the session's account in again with its email and password, for a sensitive operation.
    /// - Throws: `AuthError/userMismatch(_:)` when they are another account's, `AuthError/wrongCredentials`,
    ///   `AuthError/tooManyAttempts`.
    public func reauthenticate(_ credential: AuthCredential, session: UserSession) async throws(AuthError)
        -> UserSession
    {
        let email = try EmailAddress.validate(credential.email ?? "")
        let password = credential.password ?? ""
        return try await IdentityBackendError.translating(for: type) {
            try await backend.reauthenticate(idToken: session.tokens.idToken, email: email, password: password)
                .toDomain(now: clock.now())
        }
    }
}
