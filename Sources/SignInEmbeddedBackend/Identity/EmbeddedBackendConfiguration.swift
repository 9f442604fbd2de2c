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
    /// The app's client id at Google: the `aud` of Google ID tokens.
    public var googleClientID: String
    /// The `iss` of Google ID tokens.
    public var googleIssuer: String
    /// PBKDF2 iterations for new password hashes (600,000 by default; hashes keep their own count).
    public var passwordIterations: Int
    /// The start of the password-reset deep link; the code is added as `?code=…`.
    public var passwordResetLink: String
    /// How long a password-reset code works, in seconds.
    public var passwordResetLifetime: TimeInterval

    /// Creates a configuration.
    public init(
        projectID: String = "signin-demo",
        appleClientID: String = "com.example.signin-demo",
        appleIssuer: String = "https://appleid.apple.com",
        sessionLifetime: TimeInterval = 3600,
        clockSkew: TimeInterval = 60,
        googleClientID: String = "000000000000-signin-demo.apps.googleusercontent.com",
        googleIssuer: String = "https://accounts.google.com",
        passwordIterations: Int = PasswordHasher.recommendedIterations,
        passwordResetLink: String = "signin-demo://reset-password",
        passwordResetLifetime: TimeInterval = 3600
    ) {
        self.projectID = projectID
        self.appleClientID = appleClientID
        self.appleIssuer = appleIssuer
        self.sessionLifetime = sessionLifetime
        self.clockSkew = clockSkew
        self.googleClientID = googleClientID
        self.googleIssuer = googleIssuer
        self.passwordIterations = passwordIterations
        self.passwordResetLink = passwordResetLink
        self.passwordResetLifetime = passwordResetLifetime
    }

    /// The `iss` of the service's own ID tokens.
    public var sessionIssuer: String { "https://securetoken.embedded.invalid/\(projectID)" }
}
