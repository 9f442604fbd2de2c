public import SignInDomain

/// Custom tokens: a token a team's own server mints for one of its users (Firebase's `accounts:signInWithCustomToken`),
/// for teams that keep their own accounts and use the backend for sessions.
public protocol CustomTokenBackend: Sendable {
    /// Signs in the user the token names, creating the account the first time.
    func signInWithCustomToken(_ token: Secret) async throws -> BackendSessionResponse
}
