import SignInDomain
import SignInInfrastructure

/// An Apple authorizer that records each request and answers with a fixed result.
public actor SpyAppleIDAuthorizer: AppleIDAuthorizer {
    private let result: AppleIDAuthorizationResult
    /// The requests received, in order.
    public private(set) var requests: [AppleIDRequest] = []

    /// Creates a spy answering `result`.
    public init(result: AppleIDAuthorizationResult) {
        self.result = result
    }

    public func authorize(_ request: AppleIDRequest) async -> AppleIDAuthorizationResult {
        requests.append(request)
        return result
    }
}

/// An Apple authorizer that must not be called: it reports the call and answers "failed".
public struct FailingAppleIDAuthorizer: AppleIDAuthorizer {
    private let reportIssue: IssueReporter

    /// Creates the double.
    public init(reportIssue: @escaping IssueReporter) {
        self.reportIssue = reportIssue
    }

    public func authorize(_ request: AppleIDRequest) async -> AppleIDAuthorizationResult {
        reportIssue("FailingAppleIDAuthorizer.authorize(_:) was called")
        return .failed(.failed("unexpected call"))
    }
}

/// An Apple ID authority that records each authorization and answers with a fixed result.
public actor SpyAppleIDAuthority: AppleIDAuthority {
    private let account: AppleIDAccountSummary
    private let result: Result<AppleIDAuthorization, UnexpectedCallError>
    /// The requests received, with the email choice.
    public private(set) var authorizations: [(request: AppleIDRequest, shareEmail: Bool)] = []

    /// Creates a spy.
    public init(
        account: AppleIDAccountSummary = AppleIDAccountSummary(name: "Jane Appleseed", email: "jane@example.com"),
        result: Result<AppleIDAuthorization, UnexpectedCallError>
    ) {
        self.account = account
        self.result = result
    }

    public func currentAccount() async -> AppleIDAccountSummary { account }

    public func authorize(_ request: AppleIDRequest, shareEmail: Bool) async throws -> AppleIDAuthorization {
        authorizations.append((request, shareEmail))
        return try result.get()
    }
}

/// A consent prompt that records what it was asked and gives a fixed answer.
public actor SpyConsentPrompt: ConsentPrompt {
    private let choice: ConsentChoice
    /// The requests received, in order.
    public private(set) var requests: [ConsentRequest] = []

    /// Creates a spy answering `choice`.
    public init(choice: ConsentChoice) {
        self.choice = choice
    }

    public func ask(_ request: ConsentRequest) async -> ConsentChoice {
        requests.append(request)
        return choice
    }
}
