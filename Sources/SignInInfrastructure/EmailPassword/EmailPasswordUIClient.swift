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

/// Asks for the email and the password on a terminal, the password without echo, and only for what the
/// app does not have yet (an email given on the command line is not asked again). An empty answer or the end
/// of input cancels.
public struct TerminalCredentialsForm: CredentialsForm {
    private let readLine: @Sendable () -> String?
    private let readSecret: @Sendable () -> String?
    private let write: @Sendable (String) -> Void
    private let email: String?
    private let password: Secret?
    private let texts: TerminalTexts

    /// Creates the form.
    /// - Parameters:
    ///   - readLine: Reads one line of input; `nil` at the end of input.
    ///   - readSecret: Reads one line without echo.
    ///   - write: Writes text to the terminal.
    ///   - email: The email, if the app has it already.
    ///   - password: The password, if the app has it already.
    ///   - texts: The words, in the user's language.
    public init(
        readLine: @escaping @Sendable () -> String?, readSecret: @escaping @Sendable () -> String?,
        write: @escaping @Sendable (String) -> Void, email: String? = nil, password: Secret? = nil,
        texts: TerminalTexts = TerminalTexts()
    ) {
        self.readLine = readLine
        self.readSecret = readSecret
        self.write = write
        self.email = email
        self.password = password
        self.texts = texts
    }

    public func askCredentials() async -> EmailPasswordInput? {
        let email: String
        if let given = self.email {
            email = given
        } else {
            write(texts.email)
            guard let line = readLine() else {
                write("\n")
                return nil
            }
            guard !line.isEmpty else { return nil }
            email = line
        }
        if let password { return EmailPasswordInput(email: email, password: password) }
        write(texts.password)
        guard let password = readSecret(), !password.isEmpty else { return nil }
        return EmailPasswordInput(email: email, password: Secret(password))
    }
}

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
