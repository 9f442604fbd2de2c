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

/// Asks on a terminal: the email as a line, the password without echo. An empty answer or the end of input is
/// a cancel.
public struct TerminalCredentialsForm: CredentialsForm {
    private let readLine: @Sendable () -> String?
    private let readSecret: @Sendable () -> String?
    private let write: @Sendable (String) -> Void

    /// Creates the form.
    public init(
        readLine: @escaping @Sendable () -> String?, readSecret: @escaping @Sendable () -> String?,
        write: @escaping @Sendable (String) -> Void
    ) {
        self.readLine = readLine
        self.readSecret = readSecret
        self.write = write
    }

    public func askCredentials() async -> EmailPasswordInput? {
        write("Email: ")
        guard let email = readLine(), !email.isEmpty else { return nil }
        write("Password: ")
        guard let password = readSecret(), !password.isEmpty else { return nil }
        return EmailPasswordInput(email: email, password: Secret(password))
    }
}

/// Obtains an email/password credential from a form. It checks nothing itself: the use cases and the auth
/// provider check the email and the password policy before any call.
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
