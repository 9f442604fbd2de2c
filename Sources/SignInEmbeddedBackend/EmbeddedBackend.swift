import Foundation
import SignInCrypto
import SignInDomain

/// The embedded backend in one value: the Apple-like issuer and the identity service, sharing the
/// issuer's key the way Apple's published keys are shared with Firebase. The default backend for the
/// demo and the tests: in-process, no network.
public struct EmbeddedBackend: Sendable {
    /// The Apple-like issuer of identity tokens.
    public let appleIssuer: EmbeddedAppleIssuer
    /// The Firebase-like identity service.
    public let identityService: EmbeddedIdentityService
    /// The settings.
    public let configuration: EmbeddedBackendConfiguration

    /// Creates a fresh backend with new keys and a new Apple ID.
    /// - Parameters:
    ///   - configuration: Issuers, audiences, lifetimes.
    ///   - appleUserName: The name of the Apple ID at the keyboard.
    ///   - appleUserEmail: Its email.
    ///   - clock: The time for every token and check.
    ///   - random: Keys, uids, tokens; the system's CSPRNG by default.
    ///   - tracer: Receives the labelled steps.
    public init(
        configuration: EmbeddedBackendConfiguration = EmbeddedBackendConfiguration(),
        appleUserName: PersonName = PersonName(givenName: "Jane", familyName: "Appleseed"),
        appleUserEmail: String = "jane.appleseed@example.com",
        clock: any WallClock = SystemWallClock(),
        random: any RandomByteSource = SystemRandomBytes(),
        tracer: any FlowTracer = SilentFlowTracer()
    ) {
        let appleKey = random.bytes(count: 32)
        let subject =
            "001\(random.string(count: 3, alphabet: Array("0123456789")))."
            + Hex.encode(random.bytes(count: 16)) + ".0\(random.string(count: 3, alphabet: Array("0123456789")))"
        let relay =
            random.string(count: 10, alphabet: Array("abcdefghijklmnopqrstuvwxyz0123456789"))
            + "@privaterelay.appleid.com"
        let user = AppleIDUser(subject: subject, name: appleUserName, email: appleUserEmail, privateRelayEmail: relay)
        self.configuration = configuration
        self.appleIssuer = EmbeddedAppleIssuer(
            state: AppleIssuerState(signingKey: Base64URL.encode(appleKey), user: user),
            issuer: configuration.appleIssuer, clock: clock, random: random)
        self.identityService = EmbeddedIdentityService(
            configuration: configuration, appleKey: appleKey, sessionKey: random.bytes(count: 32), clock: clock,
            random: random, tracer: tracer)
    }
}
