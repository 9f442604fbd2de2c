import SignInDemoAdapters
import SignInDomain
import SignInInfrastructure
import SignInTesting

/// An Apple ID authority that records each authorization and answers with a fixed result.
actor SpyAppleIDAuthority: AppleIDAuthority {
    private let account: AppleIDAccountSummary
    private let result: Result<AppleIDAuthorization, UnexpectedCallError>
    /// The requests received, with the email choice.
    private(set) var authorizations: [(request: AppleIDRequest, shareEmail: Bool)] = []

    /// Creates a spy.
    init(
        account: AppleIDAccountSummary = AppleIDAccountSummary(name: "Jane Appleseed", email: "jane@example.com"),
        result: Result<AppleIDAuthorization, UnexpectedCallError>
    ) {
        self.account = account
        self.result = result
    }

    func currentAccount() async -> AppleIDAccountSummary { account }

    func authorize(_ request: AppleIDRequest, shareEmail: Bool) async throws -> AppleIDAuthorization {
        authorizations.append((request, shareEmail))
        return try result.get()
    }
}

/// A consent prompt that records what it was asked and gives a fixed answer.
actor SpyConsentPrompt: ConsentPrompt {
    private let choice: ConsentChoice
    /// The requests received, in order.
    private(set) var requests: [ConsentRequest] = []

    /// Creates a spy answering `choice`.
    init(choice: ConsentChoice) {
        self.choice = choice
    }

    func ask(_ request: ConsentRequest) async -> ConsentChoice {
        requests.append(request)
        return choice
    }
}
