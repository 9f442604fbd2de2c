/// Exchanges a credential for a session at an identity backend; the Data layer has one implementation per provider.
public protocol AuthProvider: Sendable {
    /// The provider whose credentials this exchanges.
    var type: ProviderType { get }

    /// Signs in with a credential.
    /// - Parameter credential: What the provider's UI client obtained.
    /// - Returns: The signed-in session.
    /// - Throws: ``AuthError``.
    func signIn(with credential: AuthCredential) async throws(AuthError) -> UserSession

    /// Links the credential's identity to the signed-in account; the uid stays.
    /// - Parameters:
    ///   - credential: What the provider's UI client obtained.
    ///   - session: The signed-in session, with a valid ID token.
    /// - Returns: The updated session (same uid, one more provider).
    /// - Throws: ``AuthError/credentialAlreadyInUse(_:)``, ``AuthError/emailAlreadyInUse(_:)``,
    ///   ``AuthError/providerAlreadyLinked(_:)``; by default ``AuthError/linkNotSupported(_:)``.
    func link(_ credential: AuthCredential, to session: UserSession) async throws(AuthError) -> UserSession

    /// Signs the session's own account in again with a fresh credential, so that a sensitive operation that
    /// needs a recent sign-in can go on. Nothing is created or linked.
    /// - Parameters:
    ///   - credential: What the provider's UI client obtained just now.
    ///   - session: The signed-in session, with a valid ID token.
    /// - Returns: The session with fresh tokens and a fresh sign-in time (same uid).
    /// - Throws: ``AuthError/userMismatch(_:)`` when the credential is another account's; by default
    ///   ``AuthError/recentSignInRequired(_:)``, for a provider that cannot sign in again.
    func reauthenticate(_ credential: AuthCredential, session: UserSession) async throws(AuthError) -> UserSession
}

extension AuthProvider {
    public func link(_ credential: AuthCredential, to session: UserSession) async throws(AuthError) -> UserSession {
        throw AuthError.linkNotSupported(type)
    }

    public func reauthenticate(_ credential: AuthCredential, session: UserSession) async throws(AuthError)
        -> UserSession
    {
        throw AuthError.recentSignInRequired(type)
    }
}
