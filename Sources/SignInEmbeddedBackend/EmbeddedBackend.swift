import Foundation
public import SignInCrypto
public import SignInDomain
public import SignInEmbeddedIssuers
public import SignInEmbeddedStore

/// The embedded backend in one value: the Apple-like issuer, the identity service and the app's API, over
/// one state. The default backend for the demo and the tests: in-process, no network.
public struct EmbeddedBackend: Sendable {
    /// Who sent the request being handled now: an IP address, bound by the code that receives requests (the HTTP
    /// face binds the peer's address); empty in process. Password hashes take turns by it, and reset mails are
    /// limited by it (``EmbeddedBackendConfiguration/maximumResetMailsPerClient``).
    ///
    /// ```swift
    /// try EmbeddedBackend.$client.withValue("192.0.2.7") { try service.sendPasswordResetEmail(email: email) }
    /// ```
    @TaskLocal public static var client = ""

    /// The Apple-like issuer of identity tokens.
    public let appleIssuer: EmbeddedAppleIssuer
    /// The Google-like issuer of ID tokens.
    public let googleIssuer: EmbeddedGoogleIssuer
    /// The simulated issuers of the registered OpenID-Connect-style providers, by provider id (a real issuer, which
    /// signs with its own published keys, has none).
    public let identityProviderIssuers: [String: EmbeddedIdPIssuer]
    /// The Firebase-like identity service.
    public let identityService: EmbeddedIdentityService
    /// Where the service's mail goes.
    public let outbox: any MailOutbox
    /// Where the service's text messages (SMS codes) go, kept as mail is, addressed to the phone number.
    public let smsOutbox: any MailOutbox
    /// The app's own API (the FastAPI notes service's `GET /me`), which accepts the service's ID tokens.
    public let appAPI: EmbeddedAppAPI
    /// The settings.
    public let configuration: EmbeddedBackendConfiguration
    /// Where the state lives.
    public let storage: any BackendStateStorage

    /// Creates a backend over `storage`.
    /// - Parameters:
    ///   - storage: The state; ``inMemory(configuration:clock:random:)`` and
    ///     ``persistent(folder:configuration:clock:random:)`` make one.
    ///   - outbox: Where mail goes.
    ///   - smsOutbox: Where text messages go.
    ///   - configuration: Issuers, audiences, lifetimes.
    ///   - clock: The time for every token and check.
    ///   - random: Keys, uids, tokens; the system's CSPRNG by default.
    ///   - keySetFetcher: Where the published keys of real OpenID Connect issuers come from; over the network by
    ///     default.
    ///   - blockingFunctions: Where the calls to the project's blocking functions go; over the network by default.
    public init(
        storage: any BackendStateStorage,
        outbox: any MailOutbox = InMemoryMailOutbox(),
        smsOutbox: any MailOutbox = InMemoryMailOutbox(),
        configuration: EmbeddedBackendConfiguration = EmbeddedBackendConfiguration(),
        clock: any WallClock = SystemWallClock(),
        random: any RandomByteSource = SystemRandomBytes(),
        keySetFetcher: any KeySetFetcher = URLSessionKeySetFetcher(),
        blockingFunctions: any BlockingFunctionTransport = URLSessionBlockingFunctionTransport()
    ) {
        self.storage = storage
        self.configuration = configuration
        self.appleIssuer = EmbeddedAppleIssuer(
            storage: storage, issuer: configuration.appleIssuer, clock: clock, random: random)
        self.googleIssuer = EmbeddedGoogleIssuer(
            storage: storage, issuer: configuration.googleIssuer, clientID: configuration.googleClientID, clock: clock,
            random: random)
        self.identityProviderIssuers = Dictionary(
            configuration.identityProviders.filter { $0.signing == .simulated }.map { registration in
                (
                    registration.providerId,
                    EmbeddedIdPIssuer(registration: registration, storage: storage, clock: clock, random: random)
                )
            },
            uniquingKeysWith: { _, last in last })
        self.outbox = outbox
        self.smsOutbox = smsOutbox
        self.identityService = EmbeddedIdentityService(
            storage: storage, configuration: configuration, clock: clock, random: random, outbox: outbox,
            smsOutbox: smsOutbox, keySets: PublishedKeySets(fetcher: keySetFetcher, clock: clock),
            blockingFunctions: blockingFunctions)
        self.appAPI = EmbeddedAppAPI(identityService: identityService)
    }

    /// A fresh backend in memory: new keys, a new Apple ID, no accounts.
    public static func inMemory(
        configuration: EmbeddedBackendConfiguration = EmbeddedBackendConfiguration(),
        clock: any WallClock = SystemWallClock(), random: any RandomByteSource = SystemRandomBytes()
    ) -> EmbeddedBackend {
        EmbeddedBackend(
            storage: InMemoryBackendStateStorage(.fresh(random: random)), configuration: configuration, clock: clock,
            random: random)
    }

    /// A backend whose state lives in `folder` (created with the first operation), shared by every process
    /// that uses the same folder.
    public static func persistent(
        folder: String, configuration: EmbeddedBackendConfiguration = EmbeddedBackendConfiguration(),
        clock: any WallClock = SystemWallClock(), random: any RandomByteSource = SystemRandomBytes()
    ) -> EmbeddedBackend {
        EmbeddedBackend(
            storage: SQLiteBackendStateStorage(folder: folder, makeInitialState: { .fresh(random: random) }),
            outbox: FolderMailOutbox(folder: "\(folder)/outbox"), smsOutbox: FolderMailOutbox(folder: "\(folder)/sms"),
            configuration: configuration, clock: clock, random: random)
    }
}
