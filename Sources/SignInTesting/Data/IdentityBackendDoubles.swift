import SignInData
import SignInDomain

/// An identity backend that answers every call with canned results.
public struct StubIdentityBackend: IdentityBackend {
    private let result: Result<BackendSessionResponse, IdentityBackendError>
    private let refreshResult: Result<BackendSessionResponse, IdentityBackendError>
    private let revokeError: IdentityBackendError?

    /// Creates a stub.
    /// - Parameters:
    ///   - result: The answer to sign-ins.
    ///   - refreshResult: The answer to refreshes (by default, the same as `result`).
    ///   - revokeError: Thrown by revocations, if any.
    public init(
        result: Result<BackendSessionResponse, IdentityBackendError>,
        refreshResult: Result<BackendSessionResponse, IdentityBackendError>? = nil,
        revokeError: IdentityBackendError? = nil
    ) {
        self.result = result
        self.refreshResult = refreshResult ?? result
        self.revokeError = revokeError
    }

    public func signInWithIdP(_ request: IdPSignInRequest) async throws -> BackendSessionResponse {
        try result.get()
    }

    public func refreshSession(refreshToken: Secret) async throws -> BackendSessionResponse {
        try refreshResult.get()
    }

    public func revokeRefreshToken(_ refreshToken: Secret) async throws {
        if let revokeError { throw revokeError }
    }
}

/// An identity backend that records every call, answering like a ``StubIdentityBackend``.
public actor SpyIdentityBackend: IdentityBackend {
    /// A call the backend received.
    public enum Call: Hashable, Sendable {
        case signInWithIdP(IdPSignInRequest)
        case refreshSession(Secret)
        case revokeRefreshToken(Secret)
    }

    private let stub: StubIdentityBackend
    /// The calls received, in order.
    public private(set) var calls: [Call] = []

    /// Creates a spy; the parameters are those of ``StubIdentityBackend``.
    public init(
        result: Result<BackendSessionResponse, IdentityBackendError>,
        refreshResult: Result<BackendSessionResponse, IdentityBackendError>? = nil,
        revokeError: IdentityBackendError? = nil
    ) {
        stub = StubIdentityBackend(result: result, refreshResult: refreshResult, revokeError: revokeError)
    }

    /// The sign-in requests received, in order.
    public var requests: [IdPSignInRequest] {
        calls.compactMap { if case .signInWithIdP(let request) = $0 { request } else { nil } }
    }

    public func signInWithIdP(_ request: IdPSignInRequest) async throws -> BackendSessionResponse {
        calls.append(.signInWithIdP(request))
        return try await stub.signInWithIdP(request)
    }

    public func refreshSession(refreshToken: Secret) async throws -> BackendSessionResponse {
        calls.append(.refreshSession(refreshToken))
        return try await stub.refreshSession(refreshToken: refreshToken)
    }

    public func revokeRefreshToken(_ refreshToken: Secret) async throws {
        calls.append(.revokeRefreshToken(refreshToken))
        try await stub.revokeRefreshToken(refreshToken)
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

    public func refreshSession(refreshToken: Secret) async throws -> BackendSessionResponse {
        reportIssue("FailingIdentityBackend.refreshSession(refreshToken:) was called")
        throw UnexpectedCallError("IdentityBackend.refreshSession")
    }

    public func revokeRefreshToken(_ refreshToken: Secret) async throws {
        reportIssue("FailingIdentityBackend.revokeRefreshToken(_:) was called")
        throw UnexpectedCallError("IdentityBackend.revokeRefreshToken")
    }
}
