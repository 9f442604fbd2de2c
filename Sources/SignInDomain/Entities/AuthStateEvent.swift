/// Why a session ended.
public enum SignOutReason: String, Hashable, Sendable, CaseIterable {
    /// The user signed out.
    case userRequested
    /// The refresh token was no longer accepted (revoked, used, or the account is gone).
    case sessionExpired
    /// The stored session could not be read and was moved aside.
    case storedSessionUnreadable
    /// The app's API refused the session even after a refresh.
    case unauthorized
    /// Apple reports the user's credential as revoked or not found.
    case credentialRevoked
    /// The account was deleted.
    case accountDeleted
    /// The account was disabled by an administrator.
    case accountDisabled
}

/// A change of the authentication state, as ``SessionManager/authStateChanges`` reports it. Every subscriber
/// gets ``initialSession(_:)`` first.
public enum AuthStateEvent: Hashable, Sendable {
    /// The state when the subscription started: the session, or `nil` when signed out.
    case initialSession(UserSession?)
    /// A user signed in (or another user replaced the previous one).
    case signedIn(UserSession)
    /// The session ended.
    case signedOut(SignOutReason)
    /// The tokens were refreshed; the user is the same.
    case tokenRefreshed(UserSession)
    /// The same user's profile or providers changed.
    case userUpdated(UserSession)

    /// The session after this event, `nil` when signed out.
    public var session: UserSession? {
        switch self {
        case .initialSession(let session): session
        case .signedIn(let session), .tokenRefreshed(let session), .userUpdated(let session): session
        case .signedOut: nil
        }
    }
}
