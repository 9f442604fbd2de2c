/// What restoring the session on launch found.
public enum RestoreOutcome: Hashable, Sendable {
    /// The stored session is valid.
    case restored(UserSession)
    /// The stored session had expired and was refreshed.
    case refreshed(UserSession)
    /// The stored session has expired and could not be refreshed now (no network, say); it is kept, and the
    /// error says why.
    case offline(UserSession, AuthError)
    /// No session: none was stored, or it ended (the reason says why).
    case signedOut(SignOutReason?)
    /// The stored session was unreadable and was moved aside; the app starts signed out.
    case discarded(movedTo: String, reason: String)
}

/// Loads the stored session on launch, refreshes it if it has expired, and signs out (with a reason) if the
/// refresh token is no longer valid.
public struct RestoreSessionUseCase: Sendable {
    private let sessions: SessionManager

    /// Creates the use case.
    public init(sessions: SessionManager) {
        self.sessions = sessions
    }

    /// Restores the session.
    /// - Throws: ``AuthError/sessionStorage(reason:)`` when the store cannot be read; nothing is changed
    ///   then (a read error is not "signed out").
    public func callAsFunction() async throws(AuthError) -> RestoreOutcome {
        let stored: UserSession?
        do {
            stored = try await sessions.currentSession()
        } catch .storedSessionDiscarded(let movedTo, let reason) {
            return .discarded(movedTo: movedTo, reason: reason)
        }
        guard let stored else { return .signedOut(nil) }
        guard await sessions.needsRefresh(stored) else { return .restored(stored) }
        do {
            return .refreshed(try await sessions.validSession())
        } catch .signedOut(let reason) {
            return .signedOut(reason)
        } catch .notSignedIn {
            return .signedOut(nil)
        } catch .sessionStorage(let reason) {
            throw .sessionStorage(reason: reason)
        } catch {
            return .offline(stored, error)
        }
    }
}
