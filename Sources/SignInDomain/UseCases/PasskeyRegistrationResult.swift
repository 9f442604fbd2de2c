/// What registering a passkey came to.
public enum PasskeyRegistrationResult: Hashable, Sendable {
    /// The passkey was added; the session afterwards is stored.
    case registered(UserSession)
    /// The user dismissed the device's sheet. Nothing changed.
    case cancelled
}
