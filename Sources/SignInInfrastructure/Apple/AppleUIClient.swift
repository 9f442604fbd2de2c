import SignInCrypto
public import SignInDomain

/// Obtains a Sign in with Apple credential.
///
/// It makes a fresh raw nonce, puts its SHA-256 hex in the request, presents the authorizer (Apple's
/// sheet, or the terminal stand-in), and returns the credential with the raw nonce kept for the backend.
public struct AppleUIClient: SignInUIClient {
    public let providerType = ProviderType.apple

    private let authorizer: any AppleIDAuthorizer
    private let nonceGenerator: NonceGenerator

    /// Creates the client.
    /// - Parameters:
    ///   - authorizer: Presents Apple's authorization UI.
    ///   - nonceGenerator: Makes the raw nonce.
    public init(
        authorizer: any AppleIDAuthorizer, nonceGenerator: NonceGenerator = NonceGenerator()
    ) {
        self.authorizer = authorizer
        self.nonceGenerator = nonceGenerator
    }

    public func getCredential() async throws(AuthError) -> CredentialOutcome {
        let rawNonce = nonceGenerator.make()
        let request = AppleIDRequest(scopes: [.fullName, .email], nonce: SHA256.hexDigest(rawNonce))
        let result = await authorizer.authorize(request)
        return try AppleAuthorizationMapper.outcome(for: result, rawNonce: rawNonce)
    }
}
