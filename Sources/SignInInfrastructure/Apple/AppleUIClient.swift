import SignInCrypto
import SignInDomain

/// Obtains a Sign in with Apple credential: the KMP app's `AppleUIClientImpl`.
///
/// It makes a fresh raw nonce, puts its SHA-256 hex in the request, presents the authorizer (Apple's
/// sheet, or the terminal stand-in), and returns the credential with the raw nonce kept for the backend.
public struct AppleUIClient: SignInUIClient {
    public let providerType = ProviderType.apple

    private let authorizer: any AppleIDAuthorizer
    private let nonceGenerator: NonceGenerator
    private let tracer: any FlowTracer

    /// Creates the client.
    /// - Parameters:
    ///   - authorizer: Presents Apple's authorization UI.
    ///   - nonceGenerator: Makes the raw nonce.
    ///   - tracer: Receives the labelled steps.
    public init(
        authorizer: any AppleIDAuthorizer, nonceGenerator: NonceGenerator = NonceGenerator(),
        tracer: any FlowTracer = SilentFlowTracer()
    ) {
        self.authorizer = authorizer
        self.nonceGenerator = nonceGenerator
        self.tracer = tracer
    }

    public func getCredential() async throws -> CredentialOutcome {
        let rawNonce = nonceGenerator.make()
        let request = AppleIDRequest(scopes: [.fullName, .email], nonce: SHA256.hexDigest(rawNonce))
        tracer.record(.infrastructure, "AppleUIClient.getCredential", .infrastructureAppleRequested)
        let result = await authorizer.authorize(request)
        let outcome = try AppleAuthorizationMapper.outcome(for: result, rawNonce: rawNonce)
        if case .credential(let credential) = outcome {
            tracer.record(
                .infrastructure, "AppleUIClient.getCredential",
                .infrastructureAppleCredentialMade(
                    hasIDToken: credential.idToken != nil, hasCode: credential.authorizationCode != nil))
        }
        return outcome
    }
}
