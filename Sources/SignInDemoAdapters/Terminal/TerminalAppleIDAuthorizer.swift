package import SignInDemoTrace
import SignInDomain
package import SignInInfrastructure

/// The Apple sheet where `AuthenticationServices` does not exist: a consent step (share or hide the
/// email, or cancel), then an identity token from an ``AppleIDAuthority``.
package struct TerminalAppleIDAuthorizer: AppleIDAuthorizer {
    private let appName: String
    private let prompt: any ConsentPrompt
    private let authority: any AppleIDAuthority
    private let tracer: any FlowTracer

    /// Creates the authorizer.
    /// - Parameters:
    ///   - appName: The app's name as the consent step shows it.
    ///   - prompt: Asks the user.
    ///   - authority: Issues the identity token.
    ///   - tracer: Receives the labelled steps.
    package init(
        appName: String, prompt: any ConsentPrompt, authority: any AppleIDAuthority,
        tracer: any FlowTracer = SilentFlowTracer()
    ) {
        self.appName = appName
        self.prompt = prompt
        self.authority = authority
        self.tracer = tracer
    }

    package func authorize(_ request: AppleIDRequest) async -> AppleIDAuthorizationResult {
        let component = "TerminalAppleIDAuthorizer.authorize"
        let account = await authority.currentAccount()
        tracer.record(.infrastructure, component, .infrastructureAppleConsentShown)
        let choice = await prompt.ask(
            ConsentRequest(provider: .apple, appName: appName, accountName: account.name, accountEmail: account.email))
        tracer.record(.ui, component, .infrastructureAppleConsent(choice))
        switch choice {
        case .cancel:
            return .failed(.canceled)
        case .shareEmail, .hideEmail:
            do {
                let authorization = try await authority.authorize(request, shareEmail: choice == .shareEmail)
                tracer.record(.infrastructure, component, .infrastructureAppleAuthorized)
                return .authorized(authorization)
            } catch {
                return .failed(.failed(String(describing: error)))
            }
        }
    }
}
