import SignInData
import SignInEmbeddedBackend
import SignInFirebase
import SignInInfrastructure

/// The identity backend a ``SignInClient`` signs in at: a name, and what it offers, port by port.
///
/// ```swift
/// let production = SignInBackend.firebase(FirebaseConfiguration(apiKey: "AIza…"))
/// let offline = SignInBackend.embedded(folder: "/tmp/accounts")
/// ```
public struct SignInBackend: Sendable {
    /// A name that keeps each backend's session apart: the client keeps the session under it, so a session is never
    /// refreshed at a backend that did not issue it. `firebase-…` and `embedded-…` end with a tag of the project's
    /// settings or of the folder, so that two projects, or two folders, do not share one.
    public var name: String
    /// What the backend offers; the client wires a provider or a use case only where its port is present.
    public var capabilities: IdentityBackendCapabilities

    /// A backend of the app's own: any ports, for example `RESTIdentityBackend(…).capabilities`.
    /// - Parameters:
    ///   - name: A name that keeps its session apart from other backends' (its base URL, say).
    ///   - capabilities: Its ports.
    public init(name: String, capabilities: IdentityBackendCapabilities) {
        self.name = name
        self.capabilities = capabilities
    }

    /// Firebase Authentication (or its Auth emulator) over its REST API: every port.
    /// - Parameters:
    ///   - configuration: The project's API key, and the emulator's host if any
    ///     (`FirebaseConfiguration.fromEnvironment(_:)` reads them from the environment).
    ///   - transport: How requests travel; `URLSession` by default.
    public static func firebase(
        _ configuration: FirebaseConfiguration, transport: any HTTPTransport = URLSessionTransport()
    ) -> SignInBackend {
        SignInBackend(
            name: "firebase-" + tag(configuration.apiKey.value, configuration.tenantID, configuration.emulatorHost),
            capabilities: FirebaseIdentityBackend(configuration: configuration, transport: transport).capabilities)
    }

    /// The embedded backend, in this process: accounts, password hashing and tokens on the device, its state in a
    /// SQLite database in `folder` (created at the first operation) and its mail in `folder/outbox`. For demos, tests
    /// and apps that work offline; every port.
    /// - Parameter folder: Where its state lives; processes that share it share the accounts.
    public static func embedded(folder: String) -> SignInBackend {
        SignInBackend(
            name: "embedded-" + tag(folder),
            capabilities: EmbeddedBackend.persistent(folder: folder).identityService.capabilities)
    }

    /// A short, stable tag of `parts` (64-bit FNV-1a, in hex): the same settings give the same tag in every process.
    private static func tag(_ parts: String?...) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in parts.map({ $0 ?? "" }).joined(separator: "\u{0}").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
