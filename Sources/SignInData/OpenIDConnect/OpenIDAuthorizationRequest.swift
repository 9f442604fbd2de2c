public import Foundation
public import SignInDomain

/// One OpenID Connect sign-in in progress (the authorization-code flow with PKCE, RFC 7636): what the browser is
/// sent to the provider with, and so what its redirect and the tokens must match. The secrets (the PKCE verifier
/// and the raw nonce) stay with the caller; the request carries only their SHA-256.
public struct OpenIDAuthorizationRequest: Hashable, Sendable {
    /// The provider.
    public let provider: OpenIDConnectProvider
    /// Its discovery document.
    public let metadata: OpenIDProviderMetadata
    /// Where the provider sends the browser back: a loopback address (`http://127.0.0.1:<port>/callback`, RFC 8252
    /// §7.3) or the app's own scheme.
    public let redirectURI: String
    /// The value the redirect must carry back, unguessable, tying it to this request.
    public let state: String
    /// The nonce as the ID token must carry it: the SHA-256, in hex, of the raw nonce the caller keeps.
    public let hashedNonce: String
    /// The PKCE challenge: base64url of the SHA-256 of the verifier the caller keeps (`S256`).
    public let codeChallenge: String

    /// Creates a request.
    /// - Parameters:
    ///   - provider: The provider.
    ///   - metadata: Its discovery document.
    ///   - redirectURI: Where the browser comes back.
    ///   - state: An unguessable value, new for each request.
    ///   - hashedNonce: The SHA-256 hex of a new raw nonce.
    ///   - codeChallenge: The S256 challenge of a new PKCE verifier.
    public init(
        provider: OpenIDConnectProvider, metadata: OpenIDProviderMetadata, redirectURI: String, state: String,
        hashedNonce: String, codeChallenge: String
    ) {
        self.provider = provider
        self.metadata = metadata
        self.redirectURI = redirectURI
        self.state = state
        self.hashedNonce = hashedNonce
        self.codeChallenge = codeChallenge
    }

    /// The address to open in the browser: the authorization endpoint with the request's parameters added to any
    /// it already has.
    public var url: URL {
        var components = URLComponents(url: metadata.authorizationEndpoint, resolvingAgainstBaseURL: false)
        let added = [
            ("response_type", "code"), ("client_id", provider.clientID), ("redirect_uri", redirectURI),
            ("scope", provider.scopes.joined(separator: " ")), ("state", state), ("nonce", hashedNonce),
            ("code_challenge", codeChallenge), ("code_challenge_method", "S256"),
        ]
        let existing = components?.percentEncodedQuery.map { $0.isEmpty ? "" : $0 + "&" } ?? ""
        components?.percentEncodedQuery = existing + FormURLEncoding.encode(added)
        return components?.url ?? metadata.authorizationEndpoint
    }

    /// The authorization code the redirect carries, after checking that it answers this request.
    /// - Parameter redirect: The address the browser was sent back to.
    /// - Returns: The code; `nil` when the user declined (`error=access_denied`).
    /// - Throws: `AuthError/openIDConnect(_:_:)`: `OpenIDConnectFailure/stateMismatch` when the `state` is not
    ///   this request's (checked first, before anything else in the redirect is believed),
    ///   `OpenIDConnectFailure/issuerMismatch` when an `iss` names another issuer or a provider that announces it
    ///   left it out (RFC 9207), `OpenIDConnectFailure/authorizationRefused` for any other error or no code.
    public func code(from redirect: URL) throws(AuthError) -> String? {
        let fields = FormURLEncoding.decode(redirect.query ?? "")
        guard let state = fields["state"], Self.equal(state, self.state) else {
            throw .openIDConnect(provider.type, .stateMismatch)
        }
        if let issuer = fields["iss"] {
            guard issuer == provider.issuer || metadata.issuerTemplate?.acceptsSomeTenant(issuer) == true else {
                throw .openIDConnect(provider.type, .issuerMismatch)
            }
        } else if metadata.returnsIssuerInRedirect {
            throw .openIDConnect(provider.type, .issuerMismatch)
        }
        if let error = fields["error"] {
            if error == "access_denied" { return nil }
            throw .openIDConnect(provider.type, .authorizationRefused)
        }
        guard let code = fields["code"], !code.isEmpty, code.utf8.count <= 4096 else {
            throw .openIDConnect(provider.type, .authorizationRefused)
        }
        return code
    }

    /// How the app proves itself at the token endpoint.
    public enum ClientAuthentication: Hashable, Sendable {
        /// A public client: the client id in the form, PKCE as the proof.
        case none
        /// The client id and secret with HTTP Basic (`client_secret_basic`, RFC 6749 §2.3.1).
        case basic(Secret)
        /// The client id and secret in the form (`client_secret_post`).
        case post(Secret)
    }

    /// How `provider` proves itself at `metadata`'s token endpoint: with its client secret, HTTP Basic when the
    /// provider takes it (or says nothing, which means Basic), else in the form. Asked before the user is sent to sign
    /// in, so that a provider the app cannot prove itself to fails before anything is shown.
    /// - Throws: `OpenIDConnectFailure/clientAuthenticationUnsupported` for a secret the provider takes neither way.
    public static func clientAuthentication(
        of provider: OpenIDConnectProvider, at metadata: OpenIDProviderMetadata
    ) throws(OpenIDConnectFailure) -> ClientAuthentication {
        guard let secret = provider.clientSecret else { return .none }
        let methods = metadata.tokenEndpointAuthMethods ?? ["client_secret_basic"]
        if methods.contains("client_secret_basic") { return .basic(secret) }
        if methods.contains("client_secret_post") { return .post(secret) }
        throw .clientAuthenticationUnsupported
    }

    /// Exchanges `code` at the token endpoint (with the PKCE verifier) for the provider's tokens.
    /// - Parameters:
    ///   - code: The code from ``code(from:)``.
    ///   - codeVerifier: The PKCE verifier whose challenge the request carried.
    ///   - transport: The HTTP client.
    ///   - timeout: How long to wait, in seconds.
    /// - Returns: The ID token and, if sent, the access token.
    /// - Throws: `AuthError/openIDConnect(_:_:)` with `OpenIDConnectFailure/codeExchangeFailed` when the
    ///   provider refused the code, `OpenIDConnectFailure/clientAuthenticationFailed` when it refused the app
    ///   (`invalid_client`), `OpenIDConnectFailure/clientAuthenticationUnsupported` when it takes the app's secret
    ///   neither way; `AuthError/missingIdentityToken(_:)` when it sent no ID token, `AuthError/network(reason:)`
    ///   when nothing answered, `CancellationError` when cancelled.
    public func exchange(
        code: String, codeVerifier: Secret, transport: any HTTPTransport, timeout: TimeInterval = 15
    ) async throws -> OpenIDTokens {
        let authentication: ClientAuthentication
        do throws(OpenIDConnectFailure) {
            authentication = try Self.clientAuthentication(of: provider, at: metadata)
        } catch {
            throw AuthError.openIDConnect(provider.type, error)
        }
        var fields = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
            ("client_id", provider.clientID), ("code_verifier", codeVerifier.value),
        ]
        var headers = ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"]
        switch authentication {
        case .none: break
        case .basic(let secret):
            // RFC 6749 §2.3.1: each form-encoded, then joined with ':' and base64.
            let pair = FormURLEncoding.escape(provider.clientID) + ":" + FormURLEncoding.escape(secret.value)
            headers["Authorization"] = "Basic " + Data(pair.utf8).base64EncodedString()
        case .post(let secret): fields.append(("client_secret", secret.value))
        }
        let request = HTTPRequest(
            method: "POST", url: metadata.tokenEndpoint, headers: headers,
            body: Data(FormURLEncoding.encode(fields).utf8), timeout: timeout)
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch let error as CancellationError {
            throw error
        } catch {
            throw AuthError.network(
                reason: "\(metadata.tokenEndpoint.host ?? "the provider"): \(error.localizedDescription)")
        }
        let object =
            response.body.count <= 256 * 1024
            ? try? JSONSerialization.jsonObject(with: response.body) as? [String: Any] : nil
        guard response.status == 200, let object else {
            // RFC 6749 §5.2: the app itself was refused (a secret wanted, or a client id the provider does not know).
            let refusedClient = response.status == 401 || object?["error"] as? String == "invalid_client"
            throw AuthError.openIDConnect(
                provider.type, refusedClient ? .clientAuthenticationFailed : .codeExchangeFailed)
        }
        guard let idToken = object["id_token"] as? String, !idToken.isEmpty else {
            throw AuthError.missingIdentityToken(provider.type)
        }
        return OpenIDTokens(
            idToken: Secret(idToken), accessToken: (object["access_token"] as? String).map { Secret($0) })
    }

    /// Compares two texts without stopping at the first difference.
    private static func equal(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// What the token endpoint handed over.
public struct OpenIDTokens: Hashable, Sendable {
    /// The ID token (a JWT).
    public var idToken: Secret
    /// The access token, if any.
    public var accessToken: Secret?

    /// Creates the tokens.
    public init(idToken: Secret, accessToken: Secret? = nil) {
        self.idToken = idToken
        self.accessToken = accessToken
    }
}
