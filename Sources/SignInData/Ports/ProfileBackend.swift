public import SignInDomain

/// A signed-in user's profile: Firebase's `accounts:update` with the user's ID token and a `displayName`, a
/// `photoUrl` or an `email`.
public protocol ProfileBackend: Sendable {
    /// Changes the account of `idToken`: `displayName` and `photoURL` (empty removes them) and `email`, each when
    /// given.
    /// - Returns: The caller's session afterwards.
    func updateProfile(idToken: Secret, displayName: String?, email: String?, photoURL: String?) async throws
        -> BackendSessionResponse
}
