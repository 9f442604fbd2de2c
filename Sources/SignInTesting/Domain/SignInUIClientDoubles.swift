public import SignInDomain

/// A UI client that answers every call with the same outcome or error.
public struct StubSignInUIClient: SignInUIClient {
    public let providerType: ProviderType
    private let result: Result<CredentialOutcome, AuthError>

    /// Creates a stub answering `result`.
    public init(_ providerType: ProviderType, result: Result<CredentialOutcome, AuthError>) {
        self.providerType = providerType
        self.result = result
    }

    /// A stub that returns `credential`.
    public static func returning(_ credential: AuthCredential) -> StubSignInUIClient {
        StubSignInUIClient(credential.provider, result: .success(.credential(credential)))
    }

    /// A stub whose user cancels.
    public static func cancelling(_ providerType: ProviderType) -> StubSignInUIClient {
        StubSignInUIClient(providerType, result: .success(.cancelled))
    }

    public func getCredential() async throws(AuthError) -> CredentialOutcome { try result.get() }
}

/// A UI client that records how often it was asked, answering like a ``StubSignInUIClient``.
public actor SpySignInUIClient: SignInUIClient {
    public nonisolated let providerType: ProviderType
    private let result: Result<CredentialOutcome, AuthError>
    /// How many times ``getCredential()`` was called.
    public private(set) var callCount = 0

    /// Creates a spy answering `result`.
    public init(_ providerType: ProviderType, result: Result<CredentialOutcome, AuthError>) {
        self.providerType = providerType
        self.result = result
    }

    public func getCredential() async throws(AuthError) -> CredentialOutcome {
        callCount += 1
        return try result.get()
    }
}

/// A UI client that must not be called: it reports the call and throws.
public struct FailingSignInUIClient: SignInUIClient {
    public let providerType: ProviderType
    private let reportIssue: IssueReporter

    /// Creates the double.
    public init(_ providerType: ProviderType, reportIssue: @escaping IssueReporter) {
        self.providerType = providerType
        self.reportIssue = reportIssue
    }

    public func getCredential() async throws(AuthError) -> CredentialOutcome {
        reportIssue("FailingSignInUIClient(\(providerType)).getCredential() was called")
        throw UnexpectedCallError("SignInUIClient.getCredential").authError
    }
}
