import SignInDomain

/// What an email/password form collected.
public struct EmailPasswordInput: Hashable, Sendable {
    /// The email as typed.
    public var email: String
    /// The password.
    public var password: Secret

    /// Creates an input.
    public init(email: String, password: Secret) {
        self.email = email
        self.password = password
    }
}

/// Asks for an email and a password: a form in an app, prompts or flags in the CLI.
public protocol CredentialsForm: Sendable {
    /// Asks, and returns what was entered, or `nil` when the user cancelled.
    func askCredentials() async -> EmailPasswordInput?
}

/// A form already filled in (the CLI's `--email` and `--password`).
public struct FilledCredentialsForm: CredentialsForm {
    private let input: EmailPasswordInput?

    /// Creates the form; `nil` behaves like a cancel.
    public init(_ input: EmailPasswordInput?) {
        self.input = input
    }

    public func askCredentials() async -> EmailPasswordInput? { input }
}

/// Hands the form's email and password to the use case as an email/password credential; an empty form is a
/// cancel.
public struct EmailPasswordUIClient: SignInUIClient {
    public let providerType = ProviderType.emailPassword
    private let form: any CredentialsForm

    /// Creates the client.
    public init(form: any CredentialsForm) {
        self.form = form
    }

    public func getCredential() async throws -> CredentialOutcome {
        guard let input = await form.askCredentials() else { return .cancelled }
        return .credential(AuthCredential(provider: .emailPassword, email: input.email, password: input.password))
    }
}
