/// Why the Apple credential state is checked: what decides how loud the check is.
public enum AppleCredentialCheckTrigger: String, Hashable, Sendable, CaseIterable {
    /// The user asked (a "check" button, the CLI's command): every problem is an error.
    case userAsked
    /// The app launched: nothing to check (signed out, or no Apple identity) is not an error, and Apple
    /// unreachable keeps the session.
    case appLaunched
    /// The app came back to the foreground: as at launch.
    case appBecameActive
    /// Apple's `credentialRevokedNotification` arrived: the user is signed out without asking Apple again.
    case revocationNotified
}
