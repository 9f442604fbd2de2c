import Foundation
public import SignInCrypto
public import SignInData
public import SignInDomain

/// Signs in with any OpenID Connect provider: discovery, the authorization-code flow with PKCE S256 (RFC 7636), a
/// `state` and a nonce, the redirect through an `AuthorizationBrowser`, the code's exchange, and the ID token's
/// claims checked, before the token (with its raw nonce) is handed to the identity backend under the provider's id.
///
/// ```swift
/// let acme = try OpenIDConnectProvider(name: "acme", issuer: "https://login.acme.example", clientID: "app")
/// let client = OpenIDConnectUIClient(
///     provider: acme, transport: URLSessionTransport(),
///     browser: LoopbackAuthorizationBrowser(provider: acme.type, page: page) { url in print(url) })
/// ```
public struct OpenIDConnectUIClient: SignInUIClient {
    /// The provider.
    public let provider: OpenIDConnectProvider
    let transport: any HTTPTransport
    let browser: any AuthorizationBrowser
    let random: any RandomByteSource
    let clock: any WallClock

    public var providerType: ProviderType { provider.type }

    /// Creates the client.
    /// - Parameters:
    ///   - provider: The registration.
    ///   - transport: The HTTP client for discovery and the token endpoint.
    ///   - browser: Shows the sign-in page and brings back the redirect.
    ///   - random: The PKCE verifier, the state and the nonce; the system's CSPRNG by default.
    ///   - clock: The time the ID token's expiry is checked against.
    public init(
        provider: OpenIDConnectProvider, transport: any HTTPTransport, browser: any AuthorizationBrowser,
        random: any RandomByteSource = SystemRandomBytes(), clock: any WallClock = SystemWallClock()
    ) {
        self.provider = provider
        self.transport = transport
        self.browser = browser
        self.random = random
        self.clock = clock
    }

    /// Runs the authorization-code flow in the browser. The provider's and the browser's errors enter the Domain's
    /// typed errors here: an `AuthError` as it is, a cancelled task as the user's cancel, anything else as
    /// `AuthError.unexpected(reason:)`.
    public func getCredential() async throws(AuthError) -> CredentialOutcome {
        do {
            return try await authorize()
        } catch let error as AuthError {
            throw error
        } catch is CancellationError {
            return .cancelled
        } catch {
            throw AuthError.normalizing(error)
        }
    }

    private func authorize() async throws -> CredentialOutcome {
        let metadata = try await OpenIDProviderMetadata.discover(provider, transport: transport)
        // An app the provider cannot take the secret of is refused before the user signs in and consents for nothing.
        do throws(OpenIDConnectFailure) {
            _ = try OpenIDAuthorizationRequest.clientAuthentication(of: provider, at: metadata)
        } catch {
            throw AuthError.openIDConnect(provider.type, error)
        }
        // RFC 7636 §4.1: 32 random bytes make a 43-character verifier; the challenge is its SHA-256, base64url.
        let verifier = Secret(Base64URL.encode(random.bytes(count: 32)))
        let challenge = Base64URL.encode(SHA256.hash(verifier.value))
        let rawNonce = NonceGenerator(source: random).make()
        let hashedNonce = SHA256.hexDigest(rawNonce)
        let state = Base64URL.encode(random.bytes(count: 32))
        let provider = provider
        let makeRequest = { @Sendable (redirectURI: String) in
            OpenIDAuthorizationRequest(
                provider: provider, metadata: metadata, redirectURI: redirectURI, state: state,
                hashedNonce: hashedNonce, codeChallenge: challenge)
        }
        guard let redirect = try await browser.authorize(page: { makeRequest($0).url }) else { return .cancelled }
        let request = makeRequest(redirect.redirectURI)
        guard let code = try request.code(from: redirect.url) else { return .cancelled }
        let tokens = try await request.exchange(code: code, codeVerifier: verifier, transport: transport)
        try OpenIDIDTokenCheck.check(tokens.idToken, for: request, now: clock.now())
        return .credential(
            AuthCredential(
                provider: provider.type, idToken: tokens.idToken, accessToken: tokens.accessToken,
                rawNonce: Secret(rawNonce)))
    }
}
