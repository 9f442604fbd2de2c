/// Signs the user out: revokes the refresh token at the backend, then removes the stored session.
public struct SignOutUseCase: Sendable {
    /// The session manager whose session this use case ends: the one a screen that signs out follows.
    public let sessions: SessionManager
    private let tokenService: any SessionTokenService

    /// Creates the use case.
    public init(
        sessions: SessionManager, tokenService: any SessionTokenService
    ) {
        self.sessions = sessions
        self.tokenService = tokenService
    }

    /// Signs out.
    /// - Returns: Whether the backend confirmed the revocation. When it could not be reached, the user is
    ///   signed out on this device all the same.
    /// - Throws: ``AuthError/notSignedIn`` when nobody is signed in; ``AuthError/sessionStorage(reason:)``
    ///   when the stored session could not be removed.
    @discardableResult
    public func callAsFunction() async throws(AuthError) -> Bool {
        let current: UserSession?
        do {
            current = try await sessions.currentSession()
        } catch .storedSessionDiscarded {
            current = nil
        }
        guard let current else { throw .notSignedIn }
        var revoked = true
        do {
            try await tokenService.revoke(current)
        } catch {
            revoked = false
        }
        try await sessions.signOut(reason: .userRequested)
        return revoked
    }
}
