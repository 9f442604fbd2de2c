import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedIssuers
import SignInFileSystem
import SignInInfrastructure
import SignInPresentation

/// Any OpenID Connect provider, registered as data: `sign-in oidc.NAME --issuer URL --client-id ID` registers it in
/// the data folder (``DataPaths/openIDProviders``) and signs in; afterwards `sign-in oidc.NAME` is enough. Its screen
/// is the authorization-code flow with PKCE through a loopback redirect, the address to open printed on the terminal;
/// its exchange is the identity backend's `signInWithIdp` under `oidc.NAME`; the embedded backend checks its tokens
/// against the keys the issuer publishes.
extension DemoProvider {
    /// The provider `registration` describes.
    static func openIDConnect(_ registration: OpenIDConnectProvider) -> DemoProvider {
        var translations = registration.displayNames
        let english = translations.removeValue(forKey: "en") ?? registration.name
        for language in ["tr", "zh-Hant"] where translations[language] == nil { translations[language] = english }
        return DemoProvider(
            description: ProviderDescription(
                type: registration.type, name: ProviderDisplayName(english, translations: translations),
                commandNames: [registration.type.rawValue], isLinkable: true),
            takesIdentityToken: true,
            embeddedIssuer: IdentityProviderRegistration(
                providerId: registration.type.rawValue, issuer: registration.issuer, clientID: registration.clientID,
                signing: .published),
            screen: { context in
                let text = context.text
                let console = context.console
                let toStandardError = context.invocation.json
                let page = LoopbackRedirectListener.Page(
                    title: text(.oidcPageTitle), message: text(.oidcPageMessage))
                let browser = LoopbackAuthorizationBrowser(provider: registration.type, page: page) { url in
                    let line = text(.oidcOpenBrowser, ["url": url.absoluteString]) + "\n"
                    if toStandardError { console.err(line) } else { console.out(line) }
                }
                return OpenIDConnectUIClient(
                    provider: registration, transport: URLSessionTransport(), browser: browser, clock: context.clock)
            },
            exchange: { context in
                context.capabilities.identityProviders.map {
                    IdPAuthProvider(
                        type: registration.type, backend: $0, linking: context.capabilities.linking,
                        clock: context.clock)
                }
            })
    }
}

/// The OpenID Connect providers registered in a data folder.
struct OpenIDProviderRegistry {
    let path: String

    /// The longest registry file read.
    static let limit = 256 * 1024

    /// Why the registry could not be read or written, as the user is told it.
    struct Failure: Error {
        let reason: CLIText
    }

    /// Where a registration's client secret is read from at each sign-in; the registry never holds the secret.
    enum SecretSource: Hashable, Sendable {
        /// A file holding it on one line.
        case file(String)
        /// An environment variable holding it.
        case environment(String)
    }

    /// A registration, and where its client secret is (a confidential client's), as the file keeps them: the
    /// registration's keys, and `clientSecretFile` or `clientSecretEnvironment`.
    struct Entry: Codable, Hashable {
        var provider: OpenIDConnectProvider
        var secret: SecretSource?

        private enum Keys: String, CodingKey {
            case clientSecretFile, clientSecretEnvironment
        }

        init(provider: OpenIDConnectProvider, secret: SecretSource?) {
            self.provider = provider
            self.secret = secret
        }

        init(from decoder: any Decoder) throws {
            provider = try OpenIDConnectProvider(from: decoder)
            let container = try decoder.container(keyedBy: Keys.self)
            secret =
                try container.decodeIfPresent(String.self, forKey: .clientSecretFile).map(SecretSource.file)
                ?? container.decodeIfPresent(String.self, forKey: .clientSecretEnvironment).map(
                    SecretSource.environment)
        }

        func encode(to encoder: any Encoder) throws {
            try provider.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            switch secret {
            case .file(let path)?: try container.encode(path, forKey: .clientSecretFile)
            case .environment(let name)?: try container.encode(name, forKey: .clientSecretEnvironment)
            case nil: break
            }
        }
    }

    /// The longest client secret read.
    static let secretLimit = 4096

    /// The client secret `source` holds: one line of printable text, read now.
    static func secret(from source: SecretSource, environment: [String: String]) -> Result<Secret, Failure> {
        let raw: String
        switch source {
        case .file(let path):
            guard let handle = FileHandle(forReadingAtPath: path) else {
                return .failure(Failure(reason: .reasonNoSuchFile))
            }
            defer { try? handle.close() }
            guard let data = try? handle.read(upToCount: secretLimit + 1) else {
                return .failure(Failure(reason: .reasonNoSuchFile))
            }
            guard data.count <= secretLimit else { return .failure(Failure(reason: .reasonTooLong)) }
            raw = String(decoding: data, as: UTF8.self)
        case .environment(let name):
            raw = environment[name] ?? ""
        }
        let secret = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !secret.isEmpty, secret.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            return .failure(Failure(reason: .reasonEmptySecret))
        }
        return .success(Secret(secret))
    }

    /// The registrations, in the order they were added; none when the file does not exist.
    func load() throws(Failure) -> [Entry] {
        let bytes: [UInt8]?
        do {
            bytes = try AtomicFile.read(path, limit: Self.limit)
        } catch {
            throw Failure(reason: .reasonUntrustedFile)
        }
        guard let bytes else { return [] }
        do {
            return try JSONDecoder().decode([Entry].self, from: Data(bytes))
        } catch {
            throw Failure(reason: .reasonNotProviderList)
        }
    }

    /// Adds `registration`, or replaces the one of the same name.
    func save(_ registration: Entry) throws(Failure) {
        var all = try load().filter { $0.provider.name != registration.provider.name }
        all.append(registration)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let folder = (path as NSString).deletingLastPathComponent
            try AtomicFile.makeDirectory(folder)
            try AtomicFile.write(Array(try encoder.encode(all)) + [10], to: path)
        } catch {
            throw Failure(reason: .reasonNotWritable)
        }
    }

    /// The name an unnamed provider (`sign-in oidc --issuer URL`) is registered under: its issuer's host, in the
    /// letters a name may have.
    static func name(forIssuer issuer: String) -> String {
        let host = URL(string: issuer)?.host?.lowercased() ?? "provider"
        let mapped = String(host.map { ($0.isASCII && ($0.isLetter || $0.isNumber)) ? $0 : "-" })
        let trimmed = mapped.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return String((trimmed.isEmpty ? "provider" : trimmed).prefix(40))
    }
}
