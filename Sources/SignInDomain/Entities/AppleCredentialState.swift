/// Apple's view of a user's credential (`ASAuthorizationAppleIDProvider.credentialState(forUserID:)`).
public enum AppleCredentialState: String, Hashable, Sendable {
    /// The user still uses Sign in with Apple with this app.
    case authorized
    /// The user stopped using Sign in with Apple with this app (Settings › Apple ID).
    case revoked
    /// Apple does not know the user for this app.
    case notFound
}
