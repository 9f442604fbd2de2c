public import SignInDomain

/// How an account effect ended.
public enum AccountResponse: Hashable, Sendable {
    /// Done; `session` is the session afterwards (`nil` when signed out).
    case completed(AccountOperation, session: UserSession?)
    /// Done, without changing the session: the screen keeps the session it shows now, which a change made meanwhile
    /// (a refresh, a sign-out elsewhere) may have replaced since the operation started.
    case completedKeepingSession(AccountOperation)
    /// The user cancelled a provider's UI (linking) or the device's passkey sheet.
    case cancelled
    /// It failed; the session is as it was.
    case failed(AuthError)
}
