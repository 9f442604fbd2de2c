import Foundation
import SignInCrypto
import SignInData
import SignInDemoAdapters
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInFirebase
import SignInInfrastructure
import SignInREST

/// Which backend `--backend` chose, resolved once per run.
enum BackendChoice: Hashable, Sendable {
    /// The embedded backend, in-process, its state in the data folder.
    case embedded
    /// Firebase Authentication over its REST API: a project, or an emulator (`signin-demo serve`, Google's).
    case firebase(FirebaseConfiguration)
    /// A team's own REST API (the FastAPI notes service's shape by default).
    case rest(RESTBackendConfiguration)

    /// Whether the CLI can read the reset mails: the embedded backend's outbox, or an emulator's reset codes. A
    /// Firebase project and a team's own server mail the user's real inbox.
    var hasReadableMailbox: Bool {
        switch self {
        case .embedded: true
        case .firebase(let configuration): RemoteSimulation(configuration) != nil  // as ``DemoBackend/firebase``
        case .rest: false
        }
    }

    /// Whether the backend keeps recovery codes for a lost authenticator: the embedded backend does; Firebase has
    /// none, and a team's own API no second factors.
    var hasRecoveryCodes: Bool {
        if case .embedded = self { true } else { false }
    }

    /// The session file's name: one per backend, so that a session of one is never refreshed at another. A Firebase
    /// backend is named by a digest of its host, API key and tenant (the key itself is in no file name).
    var sessionFileName: String {
        switch self {
        case .embedded:
            return "session.json"
        case .firebase(let configuration):
            let identity = [configuration.emulatorHost ?? "", configuration.apiKey.value, configuration.tenantID ?? ""]
            return "session-firebase-\(SHA256.hexDigest(identity.joined(separator: "\n")).prefix(16)).json"
        case .rest(let configuration):
            return "session-rest-\(SHA256.hexDigest(configuration.baseURL.absoluteString).prefix(16)).json"
        }
    }
}

/// The simulated Apple ID of a backend that has one: the Apple sheet's server side, the credential state, and
/// revocation (Settings › Apple ID › Sign in with Apple › Stop using).
protocol SimulatedAppleID: AppleIDAuthority, AppleCredentialStateChecker {
    /// The user stops using Sign in with Apple with this app.
    /// - Returns: Whether there was an authorization to revoke.
    func revoke() async throws -> Bool
}

/// What a registered provider's page is asked for: the user's email, and what the token should carry.
struct ProviderPageRequest: Sendable {
    var email: String
    var name: String?
    /// The SHA-256 hex of the client's raw nonce.
    var nonce: String?
    /// The provider's own claims (Microsoft's `oid`, `tid`, `preferred_username`).
    var claims: [String: String] = [:]
    /// Which of the registration's issuers signs (a tenant's); the first when `nil`.
    var issuer: String?
}

/// The simulated sign-in pages of the OpenID-Connect-style providers registered with the embedded backend
/// (`IdentityProviderRegistration`): in-process, or at `signin-demo serve` over HTTP, so that a registered
/// provider's screen works against either.
protocol SimulatedProviderPages: Sendable {
    /// The identity token the page of `provider` issues for the request.
    /// - Throws: `AuthError`, which the user's language can say: an invalid email, a provider the backend does not
    ///   have registered, no answer.
    func signIn(_ provider: ProviderType, _ request: ProviderPageRequest) async throws(AuthError) -> String
}

/// The registered providers' pages of the embedded backend in this process.
struct EmbeddedProviderPages: SimulatedProviderPages {
    let backend: EmbeddedBackend

    func signIn(_ provider: ProviderType, _ request: ProviderPageRequest) async throws(AuthError) -> String {
        do throws(IdentityBackendError) {
            guard let issuer = backend.identityProviderIssuers[provider.rawValue] else {
                throw IdentityBackendError(.unsupportedProvider, message: "\(provider.rawValue) is not registered")
            }
            return try issuer.signIn(
                email: request.email, name: request.name, nonce: request.nonce, claims: request.claims,
                issuer: request.issuer)
        } catch {
            throw error.toDomain(provider: provider)
        }
    }
}

/// The registered providers' pages at `signin-demo serve`: `POST /embedded/v1/idp/signIn`.
struct RemoteProviderPages: SimulatedProviderPages {
    let remote: RemoteSimulation

    private struct Token: Decodable { var idToken: String }

    func signIn(_ provider: ProviderType, _ request: ProviderPageRequest) async throws(AuthError) -> String {
        var body: [String: any Sendable] = [
            "providerId": provider.rawValue, "email": request.email, "claims": request.claims,
        ]
        body["name"] = request.name
        body["nonce"] = request.nonce
        body["issuer"] = request.issuer
        do {
            let answer: Token = try await remote.call("POST", "embedded/v1/idp/signIn", body: body)
            return answer.idToken
        } catch {
            throw CommandRunner.domainError(error, provider: provider)
        }
    }
}

/// A password-reset mail as the demo shows it.
struct ResetMail: Hashable, Sendable {
    /// What a mail is for, when the mailbox says it by kind rather than by subject (an emulator's `requestType`).
    enum Kind: Hashable, Sendable {
        case passwordReset
        case emailVerification
        case emailSignIn
    }

    var to: String
    /// The subject as the mail has it; for a mail of a ``kind``, the CLI shows its own subject in the user's language.
    var subject: String
    var link: String
    var sentAt: Date?
    var kind: Kind?
    /// The code the mail gives to type instead of opening the link, if any.
    var code: String?
}

/// A text message as the demo shows it: the code sent by SMS to a number.
struct TextMessage: Hashable, Sendable {
    var to: String
    var code: String
    var sentAt: Date?
}

/// Where the reset mails of a backend can be read: the embedded backend's outbox folder, or an emulator's
/// `oobCodes` endpoint. A real Firebase project mails them to the user's inbox, which the demo cannot read.
protocol ResetMailbox: Sendable {
    /// Where the mails are, for the user (a folder, a URL).
    var location: String { get }
    /// The mails, oldest first.
    func resetMails() async throws -> [ResetMail]
    /// The codes sent by SMS, oldest first.
    func textMessages() async throws -> [TextMessage]
    /// Where the text messages are, for the user.
    var smsLocation: String { get }
}

/// The backend the demo talks to, and what it offers besides the identity service: a simulated Apple ID and
/// Google accounts, the app's API, a readable mailbox. Each is `nil` where the backend has none (a real Firebase
/// project has no simulated sign-in, no app API of ours, and mails real inboxes).
struct DemoBackend: Sendable {
    let choice: BackendChoice
    /// The identity backend's ports: what it offers.
    let capabilities: IdentityBackendCapabilities
    let appleClientID: String
    let apple: (any SimulatedAppleID)?
    let google: (any GoogleAuthority)?
    /// The app's API: a transport and the URL of `GET /v1/me`.
    let api: (transport: any HTTPTransport, me: URL)?
    let mailbox: (any ResetMailbox)?
    /// The simulated pages of the providers registered with the embedded backend, in-process or at
    /// `signin-demo serve`; `nil` where the backend simulates none.
    var providerPages: (any SimulatedProviderPages)?
    /// The team's own server, which mints custom tokens; `nil` where the demo cannot play it (a Firebase project).
    var customTokenMinter: (any CustomTokenMinter)?
    /// The embedded backend itself, in-process: the simulated issuers of registered providers are its own.
    var embedded: EmbeddedBackend?

    /// Where the in-process app's API answers `GET /v1/me`: a name that no network resolves.
    static let embeddedAPIURL = URL(string: "https://api.signin-demo.invalid/v1/me") ?? URL(fileURLWithPath: "/v1/me")

    /// The embedded backend, in-process.
    static func embedded(_ backend: EmbeddedBackend, outboxFolder: String, smsFolder: String) -> DemoBackend {
        let clientID = backend.configuration.appleClientID
        return DemoBackend(
            choice: .embedded, capabilities: backend.identityService.capabilities, appleClientID: clientID,
            apple: EmbeddedAppleIDAuthority(issuer: backend.appleIssuer, clientID: clientID),
            google: EmbeddedGoogleAuthority(issuer: backend.googleIssuer),
            api: (EmbeddedAPITransport(api: backend.appAPI), embeddedAPIURL),
            mailbox: OutboxMailbox(
                outbox: backend.outbox, smsOutbox: backend.smsOutbox, location: outboxFolder, smsLocation: smsFolder),
            providerPages: EmbeddedProviderPages(backend: backend),
            customTokenMinter: EmbeddedCustomTokenMinter(service: backend.identityService), embedded: backend)
    }

    /// Firebase over HTTP. With an emulator host, its reset codes are the mailbox; when it is `signin-demo serve`
    /// (`simulated`), its simulated Apple sheet, Google chooser and app's API are used too. Google's emulator has
    /// none of these: Apple and Google then take an identity token obtained elsewhere.
    static func firebase(
        _ configuration: FirebaseConfiguration, simulated: Bool, projectID: String
    ) -> DemoBackend {
        let transport = URLSessionTransport()
        let identity = FirebaseIdentityBackend(configuration: configuration, transport: transport).capabilities
        let clientID = EmbeddedBackendConfiguration().appleClientID
        guard let remote = RemoteSimulation(configuration) else {
            return DemoBackend(
                choice: .firebase(configuration), capabilities: identity, appleClientID: clientID, apple: nil,
                google: nil,
                api: nil, mailbox: nil)
        }
        let mailbox = EmulatorMailbox(remote: remote, projectID: projectID)
        guard simulated else {
            return DemoBackend(
                choice: .firebase(configuration), capabilities: identity, appleClientID: clientID, apple: nil,
                google: nil,
                api: nil, mailbox: mailbox)
        }
        return DemoBackend(
            choice: .firebase(configuration), capabilities: identity, appleClientID: clientID,
            apple: RemoteAppleIDAuthority(remote: remote, clientID: clientID),
            google: RemoteGoogleAuthority(remote: remote),
            api: (transport, remote.base.appendingPathComponent("v1/me")), mailbox: mailbox,
            providerPages: RemoteProviderPages(remote: remote),
            customTokenMinter: EmulatorCustomTokenMinter(clock: SystemWallClock()))
    }
}

extension DemoBackend {
    /// A team's own REST API: email and password, the current user as the app's API, and the reset mail, which its
    /// server sends on its own (the CLI cannot read it; `open-link` takes its link). Guests, Apple, Google and
    /// linking it does not offer: their commands say so.
    static func rest(_ configuration: RESTBackendConfiguration, clock: any WallClock) -> DemoBackend {
        let transport = URLSessionTransport()
        let me = configuration.baseURL.appendingPathComponent(configuration.paths.me)
        return DemoBackend(
            choice: .rest(configuration),
            capabilities: RESTIdentityBackend(configuration: configuration, transport: transport, clock: clock)
                .capabilities,
            appleClientID: EmbeddedBackendConfiguration().appleClientID, apple: nil, google: nil, api: (transport, me),
            mailbox: nil)
    }
}

/// The embedded backend's outbox as a mailbox.
struct OutboxMailbox: ResetMailbox {
    let outbox: any MailOutbox
    let smsOutbox: any MailOutbox
    let location: String
    let smsLocation: String

    func resetMails() async throws -> [ResetMail] {
        try outbox.messages().map {
            ResetMail(to: $0.to, subject: $0.subject, link: $0.link, sentAt: $0.sentAt, code: $0.code)
        }
    }

    /// The SMS outbox's messages: the code is in the message's link (`signin-demo://sms?session=…&code=…`).
    func textMessages() async throws -> [TextMessage] {
        try smsOutbox.messages().compactMap { message in
            guard let code = URLComponents(string: message.link)?.queryItems?.first(where: { $0.name == "code" })?.value
            else { return nil }
            return TextMessage(to: message.to, code: code, sentAt: message.sentAt)
        }
    }
}

/// Calls to an emulator's own endpoints: JSON in, JSON out.
struct RemoteSimulation: Sendable {
    let transport: any HTTPTransport
    let base: URL
    let timeout: TimeInterval

    init(transport: any HTTPTransport, base: URL, timeout: TimeInterval) {
        self.transport = transport
        self.base = base
        self.timeout = timeout
    }

    /// The emulator of `configuration`, or `nil` when it names none.
    init?(_ configuration: FirebaseConfiguration, transport: any HTTPTransport = URLSessionTransport()) {
        guard let host = configuration.emulatorHost, let base = URL(string: "http://\(host)") else { return nil }
        self.init(transport: transport, base: base, timeout: configuration.timeout)
    }

    /// Whether the emulator is `signin-demo serve`, with the simulated sign-in: it answers
    /// `GET /embedded/v1/apple/account` (Google's answers 404).
    func hasSimulation() async -> Bool {
        await probe() == .simulates
    }

    /// What answers at the emulator's address.
    enum Probe: Hashable, Sendable {
        /// `signin-demo serve`, with the simulated sign-in.
        case simulates
        /// An emulator without it (Google's).
        case plain
        /// Nothing: the connection failed or timed out.
        case unreachable
    }

    /// Asks `GET /embedded/v1/apple/account` once, within 5 s.
    func probe() async -> Probe {
        var request = HTTPRequest(url: base.appendingPathComponent("embedded/v1/apple/account"), timeout: 5)
        request.headers["Accept"] = "application/json"
        guard let response = try? await transport.send(request) else { return .unreachable }
        return response.status == 200 ? .simulates : .plain
    }

    /// An endpoint that answered with an error: its status and Firebase-style code.
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let status: Int
        let code: String
        var description: String { "\(path): HTTP \(status) \(code)" }
    }

    func call<Answer: Decodable>(_ method: String, _ path: String, body: [String: any Sendable]? = nil) async throws
        -> Answer
    {
        var request = HTTPRequest(method: method, url: base.appendingPathComponent(path), timeout: timeout)
        if let body {
            request.headers["Content-Type"] = "application/json"
            request.body = try JSONSerialization.data(withJSONObject: body)
        }
        let response = try await transport.send(request)
        guard (200..<300).contains(response.status) else {
            let envelope = try? JSONDecoder().decode(Envelope.self, from: response.body)
            // Firebase's message is the code, then " : " and a detail for developers.
            let code = envelope?.error.message?.components(separatedBy: " : ").first ?? ""
            throw Failure(path: path, status: response.status, code: code)
        }
        return try JSONDecoder().decode(Answer.self, from: response.body)
    }

    private struct Envelope: Decodable {
        struct Body: Decodable { var message: String? }
        var error: Body
    }
}

/// The Apple sheet's server side at `signin-demo serve`.
struct RemoteAppleIDAuthority: SimulatedAppleID {
    let remote: RemoteSimulation
    let clientID: String

    private struct Account: Decodable { var name: String; var email: String }
    private struct Authorization: Decodable {
        var user: String
        var identityToken: String
        var authorizationCode: String
        var fullName: PersonName?
        var email: String?
    }
    private struct State: Decodable { var state: String }

    func currentAccount() async -> AppleIDAccountSummary {
        guard let account: Account = try? await remote.call("GET", "embedded/v1/apple/account") else {
            return AppleIDAccountSummary(name: "Apple ID", email: "unknown")
        }
        return AppleIDAccountSummary(name: account.name, email: account.email)
    }

    func authorize(_ request: AppleIDRequest, shareEmail: Bool) async throws -> AppleIDAuthorization {
        let answer: Authorization = try await remote.call(
            "POST", "embedded/v1/apple/authorize",
            body: [
                "clientId": clientID, "nonce": request.nonce, "wantsName": request.scopes.contains(.fullName),
                "wantsEmail": request.scopes.contains(.email), "shareEmail": shareEmail,
            ])
        return AppleIDAuthorization(
            user: answer.user, identityToken: Data(answer.identityToken.utf8),
            authorizationCode: Data(answer.authorizationCode.utf8), fullName: answer.fullName, email: answer.email)
    }

    /// Asks `serve`'s simulated Apple ID; the HTTP call's errors enter the Domain's typed errors here.
    func credentialState(forUserID userID: String) async throws(AuthError) -> AppleCredentialState {
        do {
            let answer: State = try await remote.call(
                "POST", "embedded/v1/apple/credentialState", body: ["userId": userID, "clientId": clientID])
            guard let state = AppleCredentialState(rawValue: answer.state) else {
                throw RemoteSimulation.Failure(
                    path: "embedded/v1/apple/credentialState", status: 200, code: answer.state)
            }
            return state
        } catch {
            throw AuthError.normalizing(error)
        }
    }

    func revoke() async throws -> Bool {
        let answer: Revoked = try await remote.call("POST", "embedded/v1/apple/revoke", body: ["clientId": clientID])
        return answer.revoked
    }

    private struct Revoked: Decodable { var revoked: Bool }
}

/// Google's account chooser's server side at `signin-demo serve`.
struct RemoteGoogleAuthority: GoogleAuthority {
    let remote: RemoteSimulation

    private struct Accounts: Decodable {
        struct Account: Decodable { var name: String; var email: String }
        var accounts: [Account]
    }
    private struct Tokens: Decodable {
        var idToken: String; var accessToken: String; var email: String?; var name: String?
    }

    func accounts() async throws -> [GoogleAccountSummary] {
        let answer: Accounts = try await remote.call("GET", "embedded/v1/google/accounts")
        return answer.accounts.map { GoogleAccountSummary(name: $0.name, email: $0.email) }
    }

    func signIn(email: String, nonce: String) async throws -> GoogleSignInCredential {
        let answer: Tokens = try await remote.call(
            "POST", "embedded/v1/google/signIn", body: ["email": email, "nonce": nonce])
        return GoogleSignInCredential(
            idToken: Secret(answer.idToken), accessToken: Secret(answer.accessToken), email: answer.email,
            name: answer.name)
    }
}

/// An emulator's reset codes (`GET /emulator/v1/projects/{id}/oobCodes`) as a mailbox.
struct EmulatorMailbox: ResetMailbox {
    let remote: RemoteSimulation
    let projectID: String

    private struct Codes: Decodable {
        struct Code: Decodable { var email: String; var oobLink: String; var requestType: String? }
        var oobCodes: [Code]
    }

    var location: String {
        remote.base.appendingPathComponent("emulator/v1/projects/\(projectID)/oobCodes").absoluteString
    }

    var smsLocation: String {
        remote.base.appendingPathComponent("emulator/v1/projects/\(projectID)/verificationCodes").absoluteString
    }

    func resetMails() async throws -> [ResetMail] {
        let answer: Codes = try await remote.call("GET", "emulator/v1/projects/\(projectID)/oobCodes")
        let kinds: [String: ResetMail.Kind] = [
            "PASSWORD_RESET": .passwordReset, "VERIFY_EMAIL": .emailVerification, "EMAIL_SIGNIN": .emailSignIn,
        ]
        return answer.oobCodes.compactMap { code in
            let type = code.requestType ?? "PASSWORD_RESET"
            guard let kind = kinds[type] else { return nil }
            return ResetMail(to: code.email, subject: type, link: code.oobLink, sentAt: nil, kind: kind)
        }
    }

    private struct VerificationCodes: Decodable {
        struct Code: Decodable { var phoneNumber: String; var code: String }
        var verificationCodes: [Code]
    }

    /// The emulator's SMS codes (`GET /emulator/v1/projects/{id}/verificationCodes`); none from an emulator that
    /// does not list them (404), whose mails are still shown.
    func textMessages() async throws -> [TextMessage] {
        let answer: VerificationCodes
        do {
            answer = try await remote.call("GET", "emulator/v1/projects/\(projectID)/verificationCodes")
        } catch let failure as RemoteSimulation.Failure where failure.status == 404 {
            return []
        }
        return answer.verificationCodes.map { TextMessage(to: $0.phoneNumber, code: $0.code, sentAt: nil) }
    }
}
