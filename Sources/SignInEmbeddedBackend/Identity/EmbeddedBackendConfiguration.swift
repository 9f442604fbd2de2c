import Foundation

/// The settings of the embedded backend, with defaults that suit the demo.
public struct EmbeddedBackendConfiguration: Hashable, Sendable {
    /// The project id: the `aud` of the service's ID tokens.
    public var projectID: String
    /// The app's client id at Apple: the `aud` of Apple identity tokens.
    public var appleClientID: String
    /// The `iss` of Apple identity tokens.
    public var appleIssuer: String
    /// How long the service's ID tokens last, in seconds.
    public var sessionLifetime: TimeInterval
    /// How far clocks may disagree when tokens are checked, in seconds.
    public var clockSkew: TimeInterval

    /// Creates a configuration.
    public init(
        projectID: String = "signin-demo",
        appleClientID: String = "com.example.signin-demo",
        appleIssuer: String = "https://appleid.apple.com",
        sessionLifetime: TimeInterval = 3600,
        clockSkew: TimeInterval = 60
    ) {
        self.projectID = projectID
        self.appleClientID = appleClientID
        self.appleIssuer = appleIssuer
        self.sessionLifetime = sessionLifetime
        self.clockSkew = clockSkew
    }

    /// The `iss` of the service's own ID tokens.
    public var sessionIssuer: String { "https://securetoken.embedded.invalid/\(projectID)" }
}
