public import SignInDomain

/// How an account effect ended.
public enum AccountResponse: Hashable, Sendable {
    /// Done; `session` is the session afterwards (`nil` when signed out).
    case completed(AccountOperation, session: UserSession?)
    /// The user cancelled a provider's UI (linking) or the device's passkey sheet.
    case cancelled
    /// It failed; the session is as it was.
    case failed(AuthError)
}
