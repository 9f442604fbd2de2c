import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@testable import SignInREST

/// Answers shaped like a FastAPI service's (the FastAPI notes service), and checks of the requests, for the tests of
/// ``RESTIdentityBackend``.
enum API {
    static let base = "http://127.0.0.1:8000"
    static let email = "jane@example.com"
    static let password = "correct horse battery"
    static let createdAt = "2024-03-05T19:43:01.123456"
    static let baseURL = URL(string: base) ?? URL(fileURLWithPath: "/")

    static func configuration(
        _ change: (inout RESTBackendConfiguration) -> Void = { _ in }
    ) -> RESTBackendConfiguration {
        var configuration = RESTBackendConfiguration(baseURL: baseURL, timeout: 7)
        change(&configuration)
        return configuration
    }

    /// The backend under test, on the test clock (2026-01-01T00:00:00Z).
    static func makeSUT(
        _ spy: SpyHTTPTransport, clock: TestClock = TestClock(),
        _ change: (inout RESTBackendConfiguration) -> Void = { _ in }
    ) -> RESTIdentityBackend {
        RESTIdentityBackend(configuration: configuration(change), transport: spy, clock: clock)
    }

    /// A JSON answer.
    static func json(_ object: Any, status: Int = 200) -> Result<HTTPResponse, UnexpectedCallError> {
        .success(
            HTTPResponse(
                status: status, headers: ["content-type": "application/json"],
                body: (try? JSONSerialization.data(withJSONObject: object)) ?? Data()))
    }

    /// An answer with no body (`204`).
    static func empty(status: Int = 204) -> Result<HTTPResponse, UnexpectedCallError> {
        .success(HTTPResponse(status: status))
    }

    /// A text answer.
    static func text(_ text: String, status: Int, contentType: String = "text/plain; charset=utf-8")
        -> Result<HTTPResponse, UnexpectedCallError>
    {
        .success(HTTPResponse(status: status, headers: ["content-type": contentType], body: Data(text.utf8)))
    }

    /// FastAPI's `HTTPException`: `{"detail": "…"}`.
    static func detail(_ detail: String, status: Int) -> Result<HTTPResponse, UnexpectedCallError> {
        json(["detail": detail], status: status)
    }

    /// FastAPI's request validation error: `422 {"detail": [{"loc", "msg", "type", "input"}]}`.
    static func validation(_ field: String, _ message: String, input: String = "", type: String = "value_error")
        -> Result<HTTPResponse, UnexpectedCallError>
    {
        json(["detail": [["loc": ["body", field], "msg": message, "type": type, "input": input]]], status: 422)
    }

    /// The user object of `GET auth/me` and of the sign-up answer.
    static func user(id: Any = 1, email: String = API.email, createdAt: Any = API.createdAt, status: Int = 200)
        -> Result<HTTPResponse, UnexpectedCallError>
    {
        json(["id": id, "email": email, "created_at": createdAt], status: status)
    }

    /// A login answer: `{"access_token", "token_type": "bearer"}` and whatever `extra` adds.
    static func tokens(_ accessToken: String = "access-1", extra: [String: Any] = [:])
        -> Result<HTTPResponse, UnexpectedCallError>
    {
        json(["access_token": accessToken, "token_type": "bearer"].merging(extra) { _, new in new })
    }

    /// A JWT whose payload is `claims`, with an unchecked signature: only the payload matters to the client.
    static func jwt(_ claims: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])) ?? Data()
        return "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.\(Base64URLText.encode(data)).c2lnbmF0dXJl"
    }

    /// A request's JSON body.
    static func body(_ request: HTTPRequest) throws -> [String: String] {
        let body = try #require(request.body)
        return try #require(try JSONSerialization.jsonObject(with: body) as? [String: String])
    }

    /// Checks the URL, method and headers of a request with a JSON body.
    static func expectJSON(
        _ request: HTTPRequest, _ method: String, _ path: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(request.url.absoluteString == "\(base)/\(path)", sourceLocation: sourceLocation)
        #expect(request.method == method, sourceLocation: sourceLocation)
        #expect(request.headers["Content-Type"] == "application/json", sourceLocation: sourceLocation)
        #expect(request.headers["Accept"] == "application/json", sourceLocation: sourceLocation)
        #expect(request.headers["Authorization"] == nil, sourceLocation: sourceLocation)
        #expect(request.timeout == 7, sourceLocation: sourceLocation)
    }

    /// Checks the URL, method and headers of a bearer request without a body.
    static func expectBearer(
        _ request: HTTPRequest, _ method: String, _ path: String, token: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(request.url.absoluteString == "\(base)/\(path)", sourceLocation: sourceLocation)
        #expect(request.method == method, sourceLocation: sourceLocation)
        #expect(request.headers["Authorization"] == "Bearer \(token)", sourceLocation: sourceLocation)
        #expect(request.headers["Accept"] == "application/json", sourceLocation: sourceLocation)
        #expect(request.headers["Content-Type"] == nil, sourceLocation: sourceLocation)
        #expect(request.body == nil, sourceLocation: sourceLocation)
        #expect(request.timeout == 7, sourceLocation: sourceLocation)
    }

    /// The error `body` throws, or `nil` when it throws none or another kind.
    static func backendError(_ body: () async throws -> Void) async -> IdentityBackendError? {
        do {
            try await body()
            return nil
        } catch {
            return error as? IdentityBackendError
        }
    }
}

/// A transport whose answer never comes until the task is cancelled.
struct NeverAnsweringTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await Task.sleep(for: .seconds(3600))
        return HTTPResponse(status: 200)
    }
}
