package import SignInDemoTrace
import SignInDomain
package import SignInInfrastructure

/// An account as Google's chooser lists it.
package struct GoogleAccountSummary: Hashable, Sendable {
    /// The account holder's name.
    package var name: String
    /// The account's email.
    package var email: String

    /// Creates a summary.
    package init(name: String, email: String) {
        self.name = name
        self.email = email
    }
}

/// Where the terminal chooser gets accounts and tokens: the part of Google that the chooser talks to. The
/// embedded backend's Google-like issuer implements it (wired in the composition root).
package protocol GoogleAuthority: Sendable {
    /// The accounts to list.
    func accounts() async throws -> [GoogleAccountSummary]
    /// Signs `email`'s account in and issues its tokens, with `nonce` in the ID token.
    func signIn(email: String, nonce: String) async throws -> GoogleSignInCredential
}

/// Google's account chooser where the GoogleSignIn SDK does not exist: a terminal list of the authority's
/// accounts, then tokens for the chosen one.
package struct TerminalGoogleAccountChooser: GoogleAccountChooser {
    private let prompt: any ChoicePrompt
    private let authority: any GoogleAuthority
    private let tracer: any FlowTracer
    private let texts: TerminalTexts
    private let appName: String

    /// Creates the chooser.
    /// - Parameters:
    ///   - prompt: Asks the user to pick.
    ///   - authority: Lists the accounts and signs one in.
    ///   - appName: The app's name in the chooser's title.
    ///   - texts: The words, in the user's language.
    ///   - tracer: Receives the labelled steps.
    package init(
        prompt: any ChoicePrompt, authority: any GoogleAuthority, appName: String = "signin-demo",
        texts: TerminalTexts = TerminalTexts(), tracer: any FlowTracer = SilentFlowTracer()
    ) {
        self.prompt = prompt
        self.authority = authority
        self.appName = appName
        self.texts = texts
        self.tracer = tracer
    }

    package func chooseAccount(nonce: String) async -> GoogleSignInResult {
        do {
            let accounts = try await authority.accounts()
            tracer.record(
                .infrastructure, "TerminalGoogleAccountChooser.chooseAccount", .infrastructureGoogleChooserShown)
            let labels = accounts.map { "\($0.name) <\($0.email)>" }
            guard
                let index = await prompt.choose(
                    TerminalTexts.fill(texts.chooserTitle, ["app": appName]), options: labels)
            else { return .cancelled }
            tracer.record(
                .ui, "TerminalGoogleAccountChooser.chooseAccount",
                .infrastructureGoogleAccountChosen(email: accounts[index].email))
            return .signedIn(try await authority.signIn(email: accounts[index].email, nonce: nonce))
        } catch {
            return .failed(String(describing: error))
        }
    }
}
