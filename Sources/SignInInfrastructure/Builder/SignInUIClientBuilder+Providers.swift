import SignInDomain

extension SignInUIClientBuilder {
    /// Adds a ``GoogleUIClient``, which takes what the client needs (the chooser) as a parameter.
    /// - Parameters:
    ///   - chooser: Shows Google's account chooser.
    ///   - nonceGenerator: Makes the raw nonce.
    public func createGoogleClient(
        _ chooser: any GoogleAccountChooser, nonceGenerator: NonceGenerator = NonceGenerator()
    ) -> SignInUIClientBuilder {
        addClient(GoogleUIClient(chooser: chooser, nonceGenerator: nonceGenerator))
    }

    /// Adds the guest client.
    public func createAnonymousClient() -> SignInUIClientBuilder {
        addClient(AnonymousUIClient())
    }
}
