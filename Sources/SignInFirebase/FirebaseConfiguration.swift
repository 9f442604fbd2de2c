public import Foundation
import SignInData
public import SignInDomain

/// Where and how ``FirebaseIdentityBackend`` reaches Firebase Authentication.
///
/// The API key identifies the Firebase project; it is not a password, but it is kept in a `Secret` so that it
/// never reaches a log, a trace line or an error description. With an emulator host, requests go over plain HTTP
/// to `http://<host>/<production host>/<path>`, as the Firebase SDKs do for the Auth emulator (Google's, or
/// `signin-demo serve`).
public struct FirebaseConfiguration: Hashable, Sendable {
    /// The project's Web API key (Firebase console → Project settings → General).
    public var apiKey: Secret
    /// The Identity Platform tenant the users belong to, if the project uses multi-tenancy.
    public var tenantID: String?
    /// `host:port` of an Auth emulator, or `nil` for Google's production servers.
    public var emulatorHost: String?
    /// How long one request may take, in seconds.
    public var timeout: TimeInterval
    /// The `requestUri` sent with identity-provider sign-ins; Firebase needs an absolute URL, and native apps
    /// send `http://localhost`.
    public var requestURI: String
    /// Where a mailed sign-in link continues (Firebase's `ActionCodeSettings.url`, sent as `continueUrl`): a link the
    /// app opens itself, such as its universal link. Firebase's production servers need one, and its domain must be
    /// authorized in the project; an emulator takes links without. `nil` sends none.
    public var signInLinkURL: String?

    /// The name of the environment variable that holds the API key.
    public static let apiKeyVariable = "FIREBASE_API_KEY"
    /// The name of the environment variable that points the client at an emulator, as the Firebase SDKs read it.
    public static let emulatorHostVariable = "FIREBASE_AUTH_EMULATOR_HOST"
    /// The name of the environment variable that holds the tenant id.
    public static let tenantVariable = "FIREBASE_TENANT_ID"
    /// The key sent to an emulator when none is set: emulators accept any key.
    public static let emulatorAPIKey = "emulator-key"

    /// Creates a configuration.
    public init(
        apiKey: Secret, tenantID: String? = nil, emulatorHost: String? = nil, timeout: TimeInterval = 30,
        requestURI: String = "http://localhost", signInLinkURL: String? = nil
    ) {
        self.apiKey = apiKey
        self.tenantID = tenantID
        self.emulatorHost = emulatorHost
        self.timeout = timeout
        self.requestURI = requestURI
        self.signInLinkURL = signInLinkURL
    }

    /// Why a configuration cannot be made from the environment.
    public enum Problem: Error, Hashable, Sendable {
        /// Neither `FIREBASE_API_KEY` nor `FIREBASE_AUTH_EMULATOR_HOST` is set.
        case missingAPIKey
        /// `FIREBASE_AUTH_EMULATOR_HOST` is not `host:port`.
        case invalidEmulatorHost(String)
    }

    /// The configuration the environment describes: `FIREBASE_API_KEY`, `FIREBASE_AUTH_EMULATOR_HOST` and
    /// `FIREBASE_TENANT_ID`. With an emulator host and no key, any key does.
    public static func fromEnvironment(_ environment: [String: String]) -> Result<FirebaseConfiguration, Problem> {
        let key = environment[apiKeyVariable].flatMap { $0.isEmpty ? nil : $0 }
        let host = environment[emulatorHostVariable].flatMap { $0.isEmpty ? nil : $0 }
        if let host, !isHostAndPort(host) { return .failure(.invalidEmulatorHost(host)) }
        guard let apiKey = key ?? (host == nil ? nil : emulatorAPIKey) else { return .failure(.missingAPIKey) }
        let tenant = environment[tenantVariable].flatMap { $0.isEmpty ? nil : $0 }
        return .success(FirebaseConfiguration(apiKey: Secret(apiKey), tenantID: tenant, emulatorHost: host))
    }

    /// Whether `text` is `host:port` with a port in 1…65535 and a host of letters, digits, dots, dashes (or a
    /// bracketed IPv6 literal): nothing that could change the URL's meaning.
    static func isHostAndPort(_ text: String) -> Bool {
        guard let colon = text.lastIndex(of: ":") else { return false }
        let host = text[..<colon]
        let digits = text[text.index(after: colon)...]
        guard digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(digits),
            (1...65_535).contains(port), !host.isEmpty
        else {
            return false
        }
        if host.hasPrefix("[") && host.hasSuffix("]") {
            return host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        return host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
    }

    /// The URL of an Identity Toolkit method (`accounts:signUp`) or of the secure-token endpoint (`token`), with
    /// the API key in the `key` query parameter.
    func url(host: FirebaseHost, method: String) -> URL? {
        let query = FormURLEncoding.encode([("key", apiKey.value)])
        guard let emulatorHost else { return URL(string: "https://\(host.rawValue)/\(method)?\(query)") }
        guard Self.isHostAndPort(emulatorHost) else { return nil }
        return URL(string: "http://\(emulatorHost)/\(host.rawValue)/\(method)?\(query)")
    }
}

/// Firebase Authentication's REST APIs: host and version.
enum FirebaseHost: String, Sendable {
    /// Identity Toolkit v1: accounts.
    case identityToolkit = "identitytoolkit.googleapis.com/v1"
    /// Identity Toolkit v2: revoking an identity provider's token (`accounts:revokeToken`).
    case identityToolkitV2 = "identitytoolkit.googleapis.com/v2"
    /// The Secure Token API: refreshes.
    case secureToken = "securetoken.googleapis.com/v1"
}
