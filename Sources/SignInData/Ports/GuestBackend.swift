/// Guest accounts: Firebase's `accounts:signUp` with no email.
public protocol GuestBackend: Sendable {
    /// Creates a guest account and signs it in.
    func signUpAnonymously() async throws -> BackendSessionResponse
}
