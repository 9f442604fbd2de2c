package import SignInDomain
import SignInInfrastructure

/// What a consent step shows: which app asks, for which provider, and the account that would be used.
package struct ConsentRequest: Hashable, Sendable {
    /// The provider whose sheet this stands in for.
    package var provider: ProviderType
    /// The app asking.
    package var appName: String
    /// The account's name, as the sheet shows it.
    package var accountName: String
    /// The account's email.
    package var accountEmail: String

    /// Creates a request.
    package init(provider: ProviderType, appName: String, accountName: String, accountEmail: String) {
        self.provider = provider
        self.appName = appName
        self.accountName = accountName
        self.accountEmail = accountEmail
    }
}

/// The user's answer to a consent step.
package enum ConsentChoice: String, Hashable, Sendable, CaseIterable {
    /// Continue and share the real email.
    case shareEmail
    /// Continue and hide the email behind a private relay address.
    case hideEmail
    /// Cancel.
    case cancel
}

/// Asks the user to consent, where no system sheet exists (the CLI, Linux).
package protocol ConsentPrompt: Sendable {
    /// Asks and waits for the answer.
    func ask(_ request: ConsentRequest) async -> ConsentChoice
}

/// Answers every consent step with the same choice: `signin-demo --yes`, or standard input that is not
/// a terminal.
package struct AutomaticConsentPrompt: ConsentPrompt {
    /// The answer given.
    package let choice: ConsentChoice

    /// Creates the prompt.
    package init(choice: ConsentChoice = .shareEmail) {
        self.choice = choice
    }

    package func ask(_ request: ConsentRequest) async -> ConsentChoice { choice }
}
