/// Exchanges a credential for a session at an identity backend. Seed 001's `AuthProvider`; the Data
/// layer has one implementation per provider.
public protocol AuthProvider: Sendable {
    /// The provider whose credentials this exchanges.
    var type: ProviderType { get }

    /// Signs in with a credential.
    /// - Parameter credential: What the provider's UI client obtained.
    /// - Returns: The signed-in session.
    /// - Throws: ``AuthError``.
    func signIn(with credential: AuthCredential) async throws -> UserSession

    /// Links the credential's identity to the signed-in account; the uid stays.
    /// - Parameters:
    ///   - credential: What the provider's UI client obtained.
    ///   - session: The signed-in session, with a valid ID token.
    /// - Returns: The updated session (same uid, one more provider).
    /// - Throws: ``AuthError/credentialAlreadyInUse(_:)``, ``AuthError/emailAlreadyInUse(_:)``,
    ///   ``AuthError/providerAlreadyLinked(_:)``; by default ``AuthError/linkNotSupported(_:)``.
    func link(_ credential: AuthCredential, to session: UserSession) async throws -> UserSession
}

extension AuthProvider {
    public func link(_ credential: AuthCredential, to session: UserSession) async throws -> UserSession {
        throw AuthError.linkNotSupported(type)
    }
}
