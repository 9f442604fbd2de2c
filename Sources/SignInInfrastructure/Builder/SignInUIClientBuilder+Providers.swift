import SignInDomain

extension SignInUIClientBuilder {
    /// Adds a ``GoogleUIClient``: seed 001's `createGoogleClient(googleAuthProvider)`, which takes what the
    /// client needs as a parameter.
    /// - Parameter chooser: Shows Google's account chooser.
    public func createGoogleClient(_ chooser: any GoogleAccountChooser) -> SignInUIClientBuilder {
        addClient(GoogleUIClient(chooser: chooser, tracer: tracer))
    }

    /// Adds the guest client.
    public func createAnonymousClient() -> SignInUIClientBuilder {
        addClient(AnonymousUIClient())
    }

    /// Adds an ``EmailPasswordUIClient``.
    /// - Parameter form: Asks for the email and the password.
    public func createEmailPasswordClient(form: any CredentialsForm) -> SignInUIClientBuilder {
        addClient(EmailPasswordUIClient(form: form))
    }
}
