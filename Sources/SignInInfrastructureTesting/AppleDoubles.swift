import SignInDomain
public import SignInInfrastructure
public import SignInTesting

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
