public import SignInDomain

/// A UI client that shows nothing: it hands over an identity token obtained elsewhere (by another app, a web page,
/// a test), with its raw nonce. For places with no provider screen: a command line against a Firebase project, a
/// server, a test of the backend's checks.
public struct ProvidedTokenUIClient: SignInUIClient {
    public let providerType: ProviderType
    private let idToken: Secret
    private let rawNonce: Secret?
    private let accessToken: Secret?

    /// Creates the client.
    /// - Parameters:
    ///   - provider: The provider that issued the token (`apple.com`, `google.com`).
    ///   - idToken: The identity token, a JWT.
    ///   - rawNonce: The raw nonce whose SHA-256 is the token's `nonce` claim, if it has one.
    ///   - accessToken: An OAuth access token, where the provider gave one.
    public init(provider: ProviderType, idToken: Secret, rawNonce: Secret? = nil, accessToken: Secret? = nil) {
        self.providerType = provider
        self.idToken = idToken
        self.rawNonce = rawNonce
        self.accessToken = accessToken
    }

    public func getCredential() async throws(AuthError) -> CredentialOutcome {
        .credential(
            AuthCredential(provider: providerType, idToken: idToken, accessToken: accessToken, rawNonce: rawNonce))
    }
}
