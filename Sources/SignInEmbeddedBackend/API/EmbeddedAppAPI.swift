import Foundation
public import SignInData
import SignInDomain
import SignInJOSE

/// The app's own API, as the FastAPI notes backend has it: `GET /v1/me` answers who the bearer of
/// a valid ID token is; anything else without a valid token is `401`.
public final class EmbeddedAppAPI: Sendable {
    private let identityService: EmbeddedIdentityService

    /// Creates the API over the identity service that issued the tokens.
    public init(identityService: EmbeddedIdentityService) {
        self.identityService = identityService
    }

    /// The body of `GET /v1/me`.
    public struct Me: Codable, Hashable, Sendable {
        /// The uid.
        public var uid: String
        /// The email.
        public var email: String?
        /// How the user signed in.
        public var signInProvider: String
    }

    /// Answers a request.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let authorization = request.headers.first { $0.key.lowercased() == "authorization" }?.value ?? ""
        guard authorization.hasPrefix("Bearer ") else { return Self.unauthorized("missing bearer token") }
        let claims: SessionTokenClaims
        do {
            claims = try identityService.verifySessionToken(String(authorization.dropFirst("Bearer ".count)))
        } catch {
            return Self.unauthorized(error.code.rawValue)
        }
        switch (request.method, request.url.path) {
        case ("GET", "/v1/me"):
            let me = Me(uid: claims.sub, email: claims.email, signInProvider: claims.signInProvider)
            let body = (try? JSONEncoder().encode(me)) ?? Data()
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
        default:
            return HTTPResponse(status: 404, headers: ["Content-Type": "text/plain"], body: Data("not found".utf8))
        }
    }

    private static func unauthorized(_ reason: String) -> HTTPResponse {
        HTTPResponse(
            status: 401,
            headers: ["WWW-Authenticate": "Bearer error=\"invalid_token\"", "Content-Type": "text/plain"],
            body: Data(reason.utf8))
    }
}

/// Sends requests to an ``EmbeddedAppAPI`` in-process: the demo's transport, with no network.
public struct EmbeddedAPITransport: HTTPTransport {
    private let api: EmbeddedAppAPI

    /// Creates the transport.
    public init(api: EmbeddedAppAPI) {
        self.api = api
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        api.handle(request)
    }
}
