import SignInDomain
import SignInInfrastructure

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
