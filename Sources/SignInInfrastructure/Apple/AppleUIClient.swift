import SignInCrypto
import SignInDomain

/// Obtains a Sign in with Apple credential: seed 001's `AppleUIClientImpl`.
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
        tracer.record(
            .infrastructure, "AppleUIClient.getCredential",
            "request scopes [fullName, email], nonce = SHA-256 of a fresh \(rawNonce.count)-character raw nonce")
        let result = await authorizer.authorize(request)
        let outcome = try AppleAuthorizationMapper.outcome(for: result, rawNonce: rawNonce)
        if case .credential(let credential) = outcome {
            tracer.record(
                .infrastructure, "AppleUIClient.getCredential",
                "wrapped as AuthCredential(idToken: \(credential.idToken.map { "\($0)" } ?? "none"), "
                    + "authorizationCode: \(credential.authorizationCode.map { "\($0)" } ?? "none"), rawNonce: kept)")
        }
        return outcome
    }
}
