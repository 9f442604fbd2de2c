public import Foundation
public import SignInDomain

/// An OpenID Connect provider as an app registers it: data only. Microsoft Entra ID, Okta, Auth0, Keycloak or a
/// company's own server is its issuer's address, the app's client id there and the scopes to ask for; everything
/// else (where to send the user, where to exchange the code, the signing keys) comes from the issuer's discovery
/// document. Its id at the identity backend is `oidc.<name>`, as Firebase names a project's OpenID Connect providers.
///
/// ```swift
/// let acme = try OpenIDConnectProvider(
///     name: "acme", issuer: "https://login.acme.example", clientID: "signin-app")
/// ```
public struct OpenIDConnectProvider: Hashable, Sendable, Codable {
    /// The name after `oidc.`: lower-case letters, digits and `-`, 1 to 40 of them.
    public let name: String
    /// The issuer's identifier exactly as its tokens' `iss` and its discovery document's `issuer` give it.
    public let issuer: String
    /// The app's client id at the provider: the ID tokens' `aud`.
    public let clientID: String
    /// The scopes asked for; `openid` is always among them.
    public let scopes: [String]
    /// The provider's name as people see it, by language (`en`, `tr`, `zh-Hant`); a screen shows ``name`` where one
    /// is absent.
    public let displayNames: [String: String]
    /// The app's client secret, for a provider that registered the app as a confidential client; `nil` for a public
    /// client (PKCE alone). Sent to the token endpoint only, with HTTP Basic or in the form as the provider's
    /// `token_endpoint_auth_methods_supported` allows. Never encoded: keep it where secrets are kept, and attach it
    /// with ``withClientSecret(_:)``.
    public private(set) var clientSecret: Secret?

    /// The provider's id at the identity backend: `oidc.<name>`.
    public var type: ProviderType { ProviderType(rawValue: "oidc.\(name)") }

    /// Where the discovery document is: the issuer followed by `/.well-known/openid-configuration` (OpenID Connect
    /// Discovery §4).
    public var discoveryURL: URL? {
        let base = issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer
        return URL(string: base + "/.well-known/openid-configuration")
    }

    /// Creates a registration.
    /// - Parameters:
    ///   - name: The name after `oidc.`.
    ///   - issuer: The issuer's identifier: `https://…`, or `http://` on this machine's loopback (127.0.0.1, ::1,
    ///     localhost) for a provider under development. No query or fragment.
    ///   - clientID: The app's client id at the provider.
    ///   - scopes: The scopes; `openid` is added when missing.
    ///   - displayNames: The provider's name as people see it, by language.
    /// - Throws: ``OpenIDConnectProvider/RegistrationError`` naming the value that is wrong.
    public init(
        name: String, issuer: String, clientID: String, scopes: [String] = ["openid", "email", "profile"],
        displayNames: [String: String] = [:]
    ) throws(RegistrationError) {
        guard (1...40).contains(name.utf8.count),
            name.utf8.allSatisfy({ Self.nameBytes.contains($0) }), name.first != "-"
        else { throw .invalidName(name) }
        guard let url = URL(string: issuer), url.query == nil, url.fragment == nil, url.user == nil,
            let host = url.host, !host.isEmpty, Self.isAllowedScheme(url)
        else { throw .invalidIssuer(issuer) }
        let trimmedClient = clientID.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmedClient.isEmpty, trimmedClient.utf8.count <= 512, trimmedClient == clientID else {
            throw .invalidClientID
        }
        let validScopes = scopes.filter { !$0.isEmpty }
        guard validScopes.allSatisfy({ $0.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C } })
        else { throw .invalidScope }
        self.name = name
        self.issuer = issuer
        self.clientID = clientID
        self.scopes = validScopes.contains("openid") ? validScopes : ["openid"] + validScopes
        self.displayNames = displayNames
    }

    /// This registration with `secret` as the app's client secret.
    public func withClientSecret(_ secret: Secret?) -> OpenIDConnectProvider {
        var copy = self
        copy.clientSecret = secret
        return copy
    }

    private enum CodingKeys: String, CodingKey {
        case name, issuer, clientID, scopes, displayNames
    }

    /// Decodes a registration and checks it as ``init(name:issuer:clientID:scopes:displayNames:)`` does.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            name: container.decode(String.self, forKey: .name), issuer: container.decode(String.self, forKey: .issuer),
            clientID: container.decode(String.self, forKey: .clientID),
            scopes: container.decodeIfPresent([String].self, forKey: .scopes) ?? ["openid", "email", "profile"],
            displayNames: container.decodeIfPresent([String: String].self, forKey: .displayNames) ?? [:])
    }

    /// What is wrong with a registration.
    public enum RegistrationError: Error, Hashable, Sendable {
        /// The name is not 1 to 40 lower-case letters, digits and `-`.
        case invalidName(String)
        /// The issuer is not an `https` address (or `http` on the loopback), or has a query, fragment or user.
        case invalidIssuer(String)
        /// The client id is empty, too long, or has spaces around it.
        case invalidClientID
        /// A scope has a space, a quote, a backslash or a control character.
        case invalidScope
    }

    private static let nameBytes = Set(Array("abcdefghijklmnopqrstuvwxyz0123456789-".utf8))

    /// Whether `url` may be an issuer or an endpoint: `https`, or `http` on this machine's loopback.
    public static func isAllowedScheme(_ url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "https": return true
        case "http": return ["127.0.0.1", "::1", "[::1]", "localhost"].contains(url.host?.lowercased() ?? "")
        default: return false
        }
    }
}
