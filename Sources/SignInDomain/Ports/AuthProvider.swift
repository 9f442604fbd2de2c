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
}
