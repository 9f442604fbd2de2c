import SignInDomain

extension SignInUIClientBuilder {
    /// Adds an ``AppleUIClient``.
    /// - Parameters:
    ///   - authorizer: Presents Apple's authorization UI (the terminal stand-in on Linux).
    ///   - nonceGenerator: Makes the raw nonce.
    public func createAppleClient(
        authorizer: any AppleIDAuthorizer, nonceGenerator: NonceGenerator = NonceGenerator()
    ) -> SignInUIClientBuilder {
        addClient(AppleUIClient(authorizer: authorizer, nonceGenerator: nonceGenerator))
    }
}
