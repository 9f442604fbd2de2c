import SignInData
import SignInDomain

/// An identity backend that answers every sign-in with the same response or error.
public struct StubIdentityBackend: IdentityBackend {
    private let result: Result<BackendSessionResponse, IdentityBackendError>

    /// Creates a stub answering `result`.
    public init(result: Result<BackendSessionResponse, IdentityBackendError>) {
        self.result = result
    }

    public func signInWithIdP(_ request: IdPSignInRequest) async throws -> BackendSessionResponse {
        try result.get()
    }
}

/// An identity backend that records the requests it was given, answering like a ``StubIdentityBackend``.
public actor SpyIdentityBackend: IdentityBackend {
    private let result: Result<BackendSessionResponse, IdentityBackendError>
    /// The requests received, in order.
    public private(set) var requests: [IdPSignInRequest] = []

    /// Creates a spy answering `result`.
    public init(result: Result<BackendSessionResponse, IdentityBackendError>) {
        self.result = result
    }

    public func signInWithIdP(_ request: IdPSignInRequest) async throws -> BackendSessionResponse {
        requests.append(request)
        return try result.get()
    }
}

/// An identity backend that must not be called.
public struct FailingIdentityBackend: IdentityBackend {
    private let reportIssue: IssueReporter

    /// Creates the double.
    public init(reportIssue: @escaping IssueReporter) {
        self.reportIssue = reportIssue
    }

    public func signInWithIdP(_ request: IdPSignInRequest) async throws -> BackendSessionResponse {
        reportIssue("FailingIdentityBackend.signInWithIdP(_:) was called")
        throw UnexpectedCallError("IdentityBackend.signInWithIdP")
    }
}
