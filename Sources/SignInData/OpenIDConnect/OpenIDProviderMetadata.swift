public import Foundation
public import SignInDomain

/// What an issuer's discovery document (`/.well-known/openid-configuration`, OpenID Connect Discovery §3) tells a
/// client: where to send the user, where to exchange the code, where the signing keys are.
public struct OpenIDProviderMetadata: Hashable, Sendable {
    /// The issuer as the document names it: identical to the registered one, or a multi-tenant provider's template
    /// (``issuerTemplate``) that the registered one is for one tenant (`…/common/v2.0` for `…/{tenantid}/v2.0`).
    public let issuer: String
    /// Where the browser is sent to sign in.
    public let authorizationEndpoint: URL
    /// Where the code is exchanged for tokens.
    public let tokenEndpoint: URL
    /// Where the issuer's public keys are (a JWK Set).
    public let jwksURI: URL
    /// The PKCE methods the provider announces, which must include `S256`; `nil` when it says nothing (PKCE S256 is
    /// sent anyway).
    public let codeChallengeMethods: [String]?
    /// Whether the provider adds `iss` to its redirects (RFC 9207), which the client then requires.
    public let returnsIssuerInRedirect: Bool
    /// How the token endpoint takes a client's credentials (`client_secret_basic`, `client_secret_post`, …); `nil`
    /// when the document says nothing, which means `client_secret_basic` (OpenID Connect Discovery §3).
    public let tokenEndpointAuthMethods: [String]?

    /// The multi-tenant template the document names as its issuer; `nil` for a provider with one issuer. Its ID
    /// tokens' `iss` must then be the template filled with their own `tid`.
    public var issuerTemplate: IssuerTemplate? { IssuerTemplate(issuer) }

    /// The longest discovery document read, in bytes.
    public static let maximumSize = 256 * 1024

    /// Reads a discovery document and checks it against the registered issuer.
    /// - Parameters:
    ///   - json: The document.
    ///   - issuer: The registered issuer; the document's `issuer` must be identical (OpenID Connect Discovery §4.3),
    ///     or a template with `{tenantid}` that the registered one fills with a tenant (`common`, `organizations`).
    /// - Throws: `OpenIDConnectFailure/discoveryFailed` when it is not a discovery document (or one without the code
    ///   flow, or whose PKCE methods leave out `S256`),
    ///   `OpenIDConnectFailure/issuerMismatch` for another issuer, `OpenIDConnectFailure/insecureEndpoint` for
    ///   an endpoint that is neither `https` nor on the loopback.
    public init(json: Data, issuer: String) throws(OpenIDConnectFailure) {
        guard json.count <= Self.maximumSize,
            let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let stated = object["issuer"] as? String
        else { throw .discoveryFailed }
        guard stated == issuer || IssuerTemplate(stated)?.acceptsSomeTenant(issuer) == true else {
            throw .issuerMismatch
        }
        func endpoint(_ key: String) throws(OpenIDConnectFailure) -> URL {
            guard let text = object[key] as? String, let url = URL(string: text), url.host != nil,
                url.fragment == nil
            else { throw .discoveryFailed }
            guard OpenIDConnectProvider.isAllowedScheme(url) else { throw .insecureEndpoint }
            return url
        }
        self.issuer = stated
        authorizationEndpoint = try endpoint("authorization_endpoint")
        tokenEndpoint = try endpoint("token_endpoint")
        jwksURI = try endpoint("jwks_uri")
        codeChallengeMethods = object["code_challenge_methods_supported"] as? [String]
        returnsIssuerInRedirect = object["authorization_response_iss_parameter_supported"] as? Bool ?? false
        tokenEndpointAuthMethods = object["token_endpoint_auth_methods_supported"] as? [String]
        if let types = object["response_types_supported"] as? [String], !types.contains("code") {
            throw .discoveryFailed
        }
        // A provider that names its PKCE methods without S256 would ignore the challenge: no sign-in without PKCE.
        if let methods = codeChallengeMethods, !methods.contains("S256") { throw .discoveryFailed }
    }

    /// Fetches and reads `provider`'s discovery document.
    /// - Parameters:
    ///   - provider: The registration.
    ///   - transport: The HTTP client.
    ///   - timeout: How long to wait, in seconds.
    /// - Throws: `AuthError/openIDConnect(_:_:)` with what failed; `AuthError/network(reason:)` when nothing
    ///   answered; `CancellationError` when the task was cancelled.
    public static func discover(
        _ provider: OpenIDConnectProvider, transport: any HTTPTransport, timeout: TimeInterval = 15
    ) async throws -> OpenIDProviderMetadata {
        guard let url = provider.discoveryURL else { throw AuthError.openIDConnect(provider.type, .discoveryFailed) }
        let response: HTTPResponse
        do {
            response = try await transport.send(
                HTTPRequest(url: url, headers: ["Accept": "application/json"], timeout: timeout))
        } catch let error as CancellationError {
            throw error
        } catch {
            throw AuthError.network(reason: "\(url.host ?? "the provider"): \(error.localizedDescription)")
        }
        guard response.status == 200 else { throw AuthError.openIDConnect(provider.type, .discoveryFailed) }
        do throws(OpenIDConnectFailure) {
            return try OpenIDProviderMetadata(json: response.body, issuer: provider.issuer)
        } catch {
            throw AuthError.openIDConnect(provider.type, error)
        }
    }
}

extension OpenIDConnectFailure: Error {}
